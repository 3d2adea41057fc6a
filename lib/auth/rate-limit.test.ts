import { describe, expect, it } from "vitest";
import { createRateLimiter, retryAfterSeconds } from "./rate-limit";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("createRateLimiter", () => {
  it("allows `limit` attempts in a window, then refuses with the time until the oldest expires", () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 }, { now: c.now });
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")].every((d) => d.ok)).toBe(true);
    c.advance(10_000);
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterMs: 50_000 });
    // Other keys are untouched by "a"'s attempts.
    expect(limiter.take("b")).toEqual({ ok: true });
  });

  it("slides: refused attempts do not extend the wait, and it lifts once the window passes", () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 }, { now: c.now });
    limiter.take("a");
    c.advance(30_000);
    limiter.take("a");
    for (let i = 0; i < 100; i += 1) expect(limiter.take("a").ok).toBe(false);
    c.advance(30_000);
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(false);
  });

  it("release gives back the newest attempt and clear forgets the key", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 }, { now: clock().now });
    expect(limiter.take("a").ok).toBe(true);
    limiter.release("a");
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(false);
    limiter.clear("a");
    expect(limiter.take("a").ok).toBe(true);
  });

  it("forgets the stalest keys past maxKeys, so rotating keys cannot grow it", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 }, { now: clock().now, maxKeys: 2 });
    limiter.take("a");
    limiter.take("b");
    limiter.take("c");
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("c").ok).toBe(false);
  });

  it("rounds the wait up to whole seconds, at least one", () => {
    expect(retryAfterSeconds({ retryAfterMs: 1 })).toBe(1);
    expect(retryAfterSeconds({ retryAfterMs: 59_001 })).toBe(60);
  });
});
