import { describe, expect, it } from "vitest";
import { describeRateLimitStore, manualClock } from "@/lib/test/rate-limit-contract";
import { createMemoryRateLimitStore, retryAfterSeconds } from "./rate-limit";

describeRateLimitStore("memory", (now) => createMemoryRateLimitStore({ now }));

describe("createMemoryRateLimitStore", () => {
  it("forgets the stalest keys past maxKeys, so rotating keys cannot grow it", async () => {
    const store = createMemoryRateLimitStore({ now: manualClock().now, maxKeys: 2 });
    const rule = { limit: 1, windowMs: 60_000 };
    await store.take("a", rule);
    await store.take("b", rule);
    await store.take("c", rule);
    expect((await store.take("a", rule)).allowed).toBe(true);
    expect((await store.take("c", rule)).allowed).toBe(false);
  });
});

describe("retryAfterSeconds", () => {
  it("rounds the wait up to whole seconds, at least one", () => {
    expect(retryAfterSeconds({ retryAfterMs: 1 })).toBe(1);
    expect(retryAfterSeconds({ retryAfterMs: 0 })).toBe(1);
    expect(retryAfterSeconds({ retryAfterMs: 59_001 })).toBe(60);
  });
});
