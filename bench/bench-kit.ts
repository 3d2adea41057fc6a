// What every benchmark shares: the figure format the team reads, seeded content, percentiles.

/** One figure per line, as `<figure>: <number> <unit>`. */
export const figure = (name: string, value: number, unit: string, digits = 1): void => console.log(`${name}: ${value.toFixed(digits)} ${unit}`);

/** mulberry32 from a fixed seed: the same generated catalog on every run. */
export function seededRandom(initial: number) {
  let seed = initial;
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    random,
    pick: <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)],
    between: (min: number, max: number) => min + Math.floor(random() * (max - min + 1)),
  };
}

/** Nearest-rank percentile. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
