// A fixed pseudo-random sequence (mulberry32) for tests that seed many rows, so a failure reproduces.

export function seededRandom(seed: number) {
  let state = seed;
  function random(): number {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return { random, pick };
}
