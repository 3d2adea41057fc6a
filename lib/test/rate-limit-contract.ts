import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RateLimitStore } from "@/lib/auth/rate-limit";

/** A clock the test moves by hand. */
export function manualClock(start = 1_800_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

type Factory = (now: () => number) => RateLimitStore;

/**
 * What every rate-limit store must do, run against each real store. Keys are fresh per test, as
 * shared stores keep what earlier tests counted. `other`, for stores shared by instances, makes a
 * second instance of the store over the same backing service (a second connection or client).
 */
export function describeRateLimitStore(name: string, create: Factory, other?: Factory) {
  const fresh = () => `test-${randomBytes(6).toString("hex")}`;

  describe(`${name} rate-limit store`, () => {
    it("allows `limit` attempts in a window, then refuses with the time until the oldest expires", async () => {
      const clock = manualClock();
      const store = create(clock.now);
      const [a, b] = [fresh(), fresh()];
      const rule = { limit: 3, windowMs: 60_000 };
      const allowed = [];
      for (let i = 0; i < 3; i += 1) {
        allowed.push(await store.take(a, rule));
        clock.advance(1_000);
      }
      expect(allowed.map((d) => [d.allowed, d.remaining, d.resetMs])).toEqual([
        [true, 2, 60_000],
        [true, 1, 59_000],
        [true, 0, 58_000],
      ]);
      clock.advance(7_000);
      expect(await store.take(a, rule)).toEqual({ allowed: false, remaining: 0, resetMs: 50_000, retryAfterMs: 50_000 });
      // Other keys are untouched by a's attempts.
      expect(await store.take(b, rule)).toEqual({ allowed: true, remaining: 2, resetMs: 60_000, retryAfterMs: 0 });
    });

    it("slides: refused attempts do not extend the wait, and a slot opens as the oldest attempt ages out", async () => {
      const clock = manualClock();
      const store = create(clock.now);
      const key = fresh();
      const rule = { limit: 2, windowMs: 60_000 };
      await store.take(key, rule);
      clock.advance(30_000);
      await store.take(key, rule);
      for (let i = 0; i < 20; i += 1) expect((await store.take(key, rule)).allowed).toBe(false);
      clock.advance(29_999);
      expect(await store.take(key, rule)).toMatchObject({ allowed: false, retryAfterMs: 1 });
      clock.advance(1);
      expect(await store.take(key, rule)).toMatchObject({ allowed: true, remaining: 0, resetMs: 30_000 });
      expect((await store.take(key, rule)).allowed).toBe(false);
    });

    it("release gives back the newest attempt and clear forgets the key", async () => {
      const clock = manualClock();
      const store = create(clock.now);
      const key = fresh();
      const rule = { limit: 2, windowMs: 60_000 };
      await store.take(key, rule);
      clock.advance(10_000);
      await store.take(key, rule);
      await store.release(key);
      // The newest went back: the oldest still sets the reset.
      expect(await store.take(key, rule)).toMatchObject({ allowed: true, remaining: 0, resetMs: 50_000 });
      expect((await store.take(key, rule)).allowed).toBe(false);
      await store.clear(key);
      expect(await store.take(key, rule)).toMatchObject({ allowed: true, remaining: 1 });
      // Releasing or clearing a key with nothing counted is not an error.
      await store.release(fresh());
      await store.clear(fresh());
    });

    it("counts each key under its own rule", async () => {
      const clock = manualClock();
      const store = create(clock.now);
      const [small, large] = [fresh(), fresh()];
      for (let i = 0; i < 5; i += 1) await store.take(large, { limit: 100, windowMs: 1_000 });
      expect(await store.take(small, { limit: 1, windowMs: 900_000 })).toMatchObject({ allowed: true, remaining: 0, resetMs: 900_000 });
      expect(await store.take(large, { limit: 100, windowMs: 1_000 })).toMatchObject({ allowed: true, remaining: 94 });
    });

    it("never allows more than the limit to attempts made at once, from every instance", async () => {
      const clock = manualClock();
      const first = create(clock.now);
      const instances = [first, other ? other(clock.now) : first];
      const key = fresh();
      const rule = { limit: 25, windowMs: 60_000 };
      const decisions = await Promise.all(Array.from({ length: 80 }, (_, i) => instances[i % 2].take(key, rule)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(25);
      // Refused attempts were not counted: giving one back opens exactly one slot.
      await instances[1].release(key);
      const after = await Promise.all(Array.from({ length: 10 }, (_, i) => instances[i % 2].take(key, rule)));
      expect(after.filter((d) => d.allowed)).toHaveLength(1);
    });
  });
}
