export type Lane = "read" | "write";
export declare function laneFor(method: string | undefined, url?: string): Lane | null;
export type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
export type Admission = {
  enter(lane: Lane, start: (release: () => void) => void): { cancel: () => void } | null;
  stats(): Record<Lane, { active: number; queued: number }>;
};
export declare function createAdmission(options: { slots: Record<Lane, number>; maxQueued: number; leaseMs: number; timers?: Timers }): Admission;
