import { describe, expect, it } from "vitest";
import { formatBytes, formatExpiry, shortRevision } from "./display";

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

describe("formatBytes in prose", () => {
  it("says sizes as a message reads them: bytes in full, whole units without decimals, GB past 1,024 MB", () => {
    expect(formatBytes(1_000, "prose")).toBe("1,000 bytes");
    expect(formatBytes(256 * 1024, "prose")).toBe("256 KB");
    expect(formatBytes(12.5 * 1024, "prose")).toBe("12.5 KB");
    expect(formatBytes(1.25 * 1024 ** 3, "prose")).toBe("1.3 GB");
  });
});

describe("shortRevision", () => {
  it("keeps the first 7 characters of a sha, with a folder digest's prefix", () => {
    expect(shortRevision("1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d")).toBe("1a2b3c4");
    expect(shortRevision(`tree:${"ab".repeat(32)}`)).toBe("tree:abababa");
    expect(shortRevision("9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B")).toBe("9F86D08");
  });

  it("leaves what is no long sha as it is", () => {
    expect(shortRevision("1a2b3c4")).toBe("1a2b3c4");
    expect(shortRevision("v1.2.0")).toBe("v1.2.0");
    expect(shortRevision("tree:xyz")).toBe("tree:xyz");
  });
});
