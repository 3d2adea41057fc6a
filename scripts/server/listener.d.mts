import type { IncomingMessage, ServerResponse } from "node:http";
import type { Admission, laneFor } from "./admission.mjs";
export declare function createListener(options: {
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;
  health: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  admission: Admission;
  laneFor: typeof laneFor;
}): (req: IncomingMessage, res: ServerResponse) => void;
