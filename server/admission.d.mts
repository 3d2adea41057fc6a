export type Lane = "read" | "write";
export declare function laneFor(method: string | undefined, url?: string): Lane | null;
export declare function clientKey(
  req: { headers: Record<string, string | string[] | undefined>; socket?: { remoteAddress?: string } },
  proxies?: readonly string[],
): { client: string; address: string };
export type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
export type Admission = {
  enter(lane: Lane, who: string | { client: string; address: string }, start: (release: () => void) => void): { cancel: () => void } | null;
  stats(): Record<Lane, { active: number; queued: number }>;
};
export declare function createAdmission(options: {
  slots: Record<Lane, number>;
  maxQueued: number;
  maxQueuedPerClient: number;
  maxQueuedPerAddress?: number;
  leaseMs: number;
  timers?: Timers;
}): Admission;
