import type { IncomingMessage, ServerResponse } from "node:http";
import type { Admission, clientKey, laneFor } from "./admission.mjs";
export declare function createListener(options: {
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;
  health: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Readiness (/api/ready), answered outside the lanes like the health check. */
  ready?: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;
  admission: Admission;
  laneFor: typeof laneFor;
  clientKey: typeof clientKey;
}): (req: IncomingMessage, res: ServerResponse) => void;
