/**
 * A least-recently-used map bounded by the summed size of its values (in whatever unit the caller
 * measures: bytes, characters), not by their number: a few large documents must not push the
 * process past its memory budget, and many small ones should all fit.
 */
export class SizedLru<V> {
  readonly #entries = new Map<string, { value: V; size: number }>();
  #total = 0;

  constructor(readonly budget: number) {
    if (!(budget > 0)) throw new Error(`SizedLru: the budget must be a positive number, got ${budget}`);
  }

  get size(): number {
    return this.#total;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first entry is the least recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` unless it alone is past the budget; drops the least recently used to make room. */
  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.budget) return;
    this.#entries.set(key, { value, size });
    this.#total += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#total <= this.budget) break;
      this.#entries.delete(oldest);
      this.#total -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#total -= entry.size;
  }
}
