// Long reads (a collection of hundreds of skills, an archive of 25 MB) are written once, as
// generators that yield between units of work, and driven two ways: to completion at once (the
// CLI, tests, the editor's small drafts), or with pauses that let a server's other requests run
// in between, so one big upload does not stall everyone else for seconds.

export type Steps<T> = Generator<void, T, void>;

/** Runs the steps to the end without pausing. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs the steps, giving the event loop a turn whenever `sliceMs` of work went by without one.
 * `pause` is injectable so tests can count the turns given.
 */
export async function runStepsYielding<T>(steps: Steps<T>, options: { sliceMs?: number; pause?: () => Promise<void> } = {}): Promise<T> {
  const sliceMs = options.sliceMs ?? 10;
  const pause = options.pause ?? nextTurn;
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await pause();
      sliceStart = performance.now();
    }
  }
}

/**
 * For loops of async code that is mostly synchronous work (scanning each skill of an upload):
 * `await slice()` after each unit gives the event loop a turn once `sliceMs` went by.
 */
export function timeSlicer(sliceMs = 10, pause: () => Promise<void> = nextTurn): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await pause();
    sliceStart = performance.now();
  };
}
