/**
 * Sliding-window attempt limits: at most `limit` attempts per key in any `windowMs`. The counters
 * live in a store, so several instances of the app can share them: in memory for one process
 * (here), in the database (rate-limit-database.ts) or in Redis (rate-limit-redis.ts), all with the
 * same semantics, proven by one contract suite (lib/test/rate-limit-contract.ts).
 *
 * Every store keeps each key's counted attempts (a sliding log, not an approximation): an attempt
 * is counted only if fewer than `limit` counted ones are younger than `windowMs`, so refused
 * attempts never extend the wait, and a slot opens exactly when the oldest counted attempt ages out.
 */

export type RateLimitRule = { limit: number; windowMs: number };

export type RateLimitDecision = {
  allowed: boolean;
  /** Attempts still allowed now, after this one (0 when refused). */
  remaining: number;
  /** Until the oldest counted attempt ages out and a slot opens (0 when nothing is counted). */
  resetMs: number;
  /** How long to wait before trying again: resetMs when refused, 0 when allowed. */
  retryAfterMs: number;
};

export interface RateLimitStore {
  /** Counts an attempt for `key` unless that would pass the rule's limit. */
  take(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Gives back the newest attempt of `key` (it turned out not to count, e.g. it succeeded). */
  release(key: string): Promise<void>;
  /** Forgets every attempt of `key`. */
  clear(key: string): Promise<void>;
}

export type StoreOptions = { now?: () => number };

/** The decision once a take has seen `count` live attempts (including its own, if counted), the oldest at `oldest`. */
export function decide(rule: RateLimitRule, at: number, taken: boolean, count: number, oldest: number | null): RateLimitDecision {
  const resetMs = oldest === null ? 0 : Math.max(0, oldest + rule.windowMs - at);
  return { allowed: taken, remaining: Math.max(0, rule.limit - count), resetMs, retryAfterMs: taken ? 0 : resetMs };
}

/**
 * One process's counters. Bounded: a key keeps at most its limit's timestamps, and past `maxKeys`
 * keys the least recently touched one is forgotten, so rotating keys cannot grow it.
 */
export function createMemoryRateLimitStore(options: StoreOptions & { maxKeys?: number } = {}): RateLimitStore {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  // Map order is insertion order; re-inserting on every touch makes the first key the stalest.
  const hits = new Map<string, number[]>();

  return {
    async take(key, rule) {
      const at = now();
      const times = (hits.get(key) ?? []).filter((t) => at - t < rule.windowMs);
      hits.delete(key);
      const taken = times.length < rule.limit;
      if (taken) times.push(at);
      if (times.length > 0) hits.set(key, times);
      while (hits.size > maxKeys) hits.delete(hits.keys().next().value as string);
      return decide(rule, at, taken, times.length, times[0] ?? null);
    },
    async release(key) {
      hits.get(key)?.pop();
    },
    async clear(key) {
      hits.delete(key);
    },
  };
}

/** Whole seconds to tell a client to wait (never 0, so "try again in 0 s" cannot happen). */
export function retryAfterSeconds(decision: { retryAfterMs: number }): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}
