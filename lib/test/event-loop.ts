// How long work keeps the event loop from serving anyone else: a ticker takes a turn as often as
// the loop gives one and notes the longest gap between its turns. The gap is measured twice: in
// wall time (what a health check waiting meanwhile would see) and in this thread's CPU time (the
// work's own share; on a busy machine the wall gap also holds the time the OS ran other processes).

export interface StallMeasure<T> {
  result: T;
  totalMs: number;
  /** The longest gap between two turns of the loop, wall time. */
  longestMs: number;
  /** The longest gap in this thread's CPU time: the longest stretch the work held the loop. */
  longestCpuMs: number;
}

const cpuMs = () => {
  const usage = process.threadCpuUsage?.() ?? process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function measureStalls<T>(work: () => Promise<T> | T): Promise<StallMeasure<T>> {
  let last = { wall: performance.now(), cpu: cpuMs() };
  let longestMs = 0;
  let longestCpuMs = 0;
  let running = true;
  const tick = () => {
    const now = { wall: performance.now(), cpu: cpuMs() };
    longestMs = Math.max(longestMs, now.wall - last.wall);
    longestCpuMs = Math.max(longestCpuMs, now.cpu - last.cpu);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await nextTurn();
  const started = performance.now();
  last = { wall: started, cpu: cpuMs() };
  try {
    const result = await work();
    const totalMs = performance.now() - started;
    // the ticker's turn after the last stretch of work, so that stretch is counted too
    await nextTurn();
    return { result, totalMs, longestMs, longestCpuMs };
  } finally {
    running = false;
  }
}
