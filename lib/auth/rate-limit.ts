/**
 * A sliding-window attempt limiter: at most `limit` attempts per key in any `windowMs`. Pure (the
 * clock is injected) and bounded in memory: a key keeps at most `limit` timestamps, and past
 * `maxKeys` keys the least recently touched one is forgotten, so rotating keys cannot grow it.
 */

export type Decision = { ok: true } | { ok: false; retryAfterMs: number };

export type RateLimitRule = { limit: number; windowMs: number };

export type RateLimiter = {
  /** Counts an attempt for `key` unless that would pass the limit. */
  take(key: string): Decision;
  /** Gives back the newest attempt of `key` (it turned out not to be a guess, e.g. it succeeded). */
  release(key: string): void;
  /** Forgets every attempt of `key`. */
  clear(key: string): void;
};

export function createRateLimiter(rule: RateLimitRule, options: { now?: () => number; maxKeys?: number } = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  // Map order is insertion order; re-inserting on every touch makes the first key the stalest.
  const hits = new Map<string, number[]>();

  function recent(key: string, at: number): number[] {
    const times = (hits.get(key) ?? []).filter((t) => at - t < rule.windowMs);
    hits.delete(key);
    if (times.length > 0) hits.set(key, times);
    return times;
  }

  return {
    take(key) {
      const at = now();
      const times = recent(key, at);
      if (times.length >= rule.limit) return { ok: false, retryAfterMs: times[0] + rule.windowMs - at };
      times.push(at);
      hits.set(key, times);
      while (hits.size > maxKeys) hits.delete(hits.keys().next().value as string);
      return { ok: true };
    },
    release(key) {
      hits.get(key)?.pop();
    },
    clear(key) {
      hits.delete(key);
    },
  };
}

/** Whole seconds to tell a client to wait (never 0, so "try again in 0 s" cannot happen). */
export function retryAfterSeconds(decision: { retryAfterMs: number }): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}
