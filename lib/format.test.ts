import { describe, expect, it } from "vitest";
import { formatExpiry } from "./format";

describe("formatExpiry", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const later = (ms: number) => new Date(now.getTime() + ms);
  const day = 86_400_000;

  it("counts whole days left, rounded up, and says when a token has expired or never will", () => {
    expect(formatExpiry(later(90 * day - 5), now)).toBe("expires in 90 days");
    expect(formatExpiry(later(2 * day), now)).toBe("expires in 2 days");
    expect(formatExpiry(later(60_000), now)).toBe("expires in 1 day");
    expect(formatExpiry(now, now)).toBe("expired");
    expect(formatExpiry(later(-day), now)).toBe("expired");
    expect(formatExpiry(null, now)).toBe("never expires");
  });
});
