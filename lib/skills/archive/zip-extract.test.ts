import { deflateSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readBundle, type Bundle } from "./bundle";
import type { FindingCode } from "../format/findings";
import { DEFAULT_LIMITS } from "../format/limits";
import { buildZip, skillMd, type RawZipEntry } from "../test-helpers/archives";
import { listZip } from "./zip";
import { extractZipEntry } from "./zip-extract";

// What only inflation can prove about a hostile ZIP's entries (their real sizes, ratios and
// content), each with an archive built here, byte by byte.

const SKILL = skillMd("my-skill");
const good = (extra: RawZipEntry[] = [], options?: Parameters<typeof buildZip>[1]): Uint8Array =>
  buildZip([{ name: "my-skill/SKILL.md", data: SKILL }, ...extra], options);
const read = (bytes: Uint8Array, limits?: Parameters<typeof readBundle>[1]): Bundle => readBundle({ kind: "zip", bytes }, limits);

function expectRejected(bundle: Bundle, code: FindingCode, entry: string): void {
  const finding = bundle.findings.find((f) => f.code === code && f.path === entry);
  expect(finding, `expected ${code} in ${JSON.stringify(bundle.findings)}`).toBeDefined();
  expect(finding?.severity).toBe("error");
  // each rejection names the entry and the rule
  expect(finding?.path).toBe(entry);
  expect(finding?.message.startsWith(`${JSON.stringify(entry)}: `)).toBe(true);
  expect(bundle.ok).toBe(false);
  expect(bundle.files.some((f) => f.path === entry)).toBe(false);
}

describe("sizes: bytes actually inflated, never the headers", () => {
  it("rejects an entry that inflates past its declared size (a size lie)", () => {
    const data = "x".repeat(10_000);
    expectRejected(read(good([{ name: "my-skill/lie.md", data, size: 100 }])), "entry-size-mismatch", "my-skill/lie.md");
  });

  it("rejects an entry that inflates to less than it declares", () => {
    expectRejected(read(good([{ name: "my-skill/short.md", data: "abc", size: 1000 }])), "entry-size-mismatch", "my-skill/short.md");
  });

  it("stops a bomb that lies about its size at the declared size, not at its real size", () => {
    const bomb = deflateSync(new Uint8Array(64 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const bytes = good([{ name: "my-skill/bomb.md", compressed: bomb, data: "tiny", size: 4 }]);
    const listing = listZip(bytes, DEFAULT_LIMITS);
    const entry = listing.entries.find((e) => e.name === "my-skill/bomb.md");
    if (!entry) throw new Error("entry missing");
    const budget = { remainingTotal: DEFAULT_LIMITS.maxTotalBytes };
    const started = performance.now();
    const result = extractZipEntry(bytes, entry, DEFAULT_LIMITS, budget);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.finding.code).toBe("entry-size-mismatch");
    // nothing past the declared 4 bytes was accepted, and 64 MiB were never produced
    expect(budget.remainingTotal).toBeGreaterThanOrEqual(DEFAULT_LIMITS.maxTotalBytes - 4);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("rejects an honest bomb by its ratio (over 100:1) before inflating it", () => {
    const zeros = new Uint8Array(3 * 1024 * 1024);
    expectRejected(read(good([{ name: "my-skill/zeros.bin", data: zeros }])), "entry-ratio", "my-skill/zeros.bin");
  });

  it("checks the ratio while inflating too (extractZipEntry alone)", () => {
    const zeros = new Uint8Array(3 * 1024 * 1024);
    const bytes = good([{ name: "my-skill/zeros.bin", data: zeros }]);
    const entry = listZip(bytes, DEFAULT_LIMITS).entries[1];
    const result = extractZipEntry(bytes, entry, DEFAULT_LIMITS, { remainingTotal: DEFAULT_LIMITS.maxTotalBytes });
    expect(result.ok ? null : result.finding.code).toBe("entry-ratio");
  });

  it("accepts small, highly compressible files below the ratio grace", () => {
    const blank = "\n".repeat(200_000);
    const bundle = read(good([{ name: "my-skill/blank.md", data: blank }]));
    expect(bundle.ok).toBe(true);
  });

  it("counts inflated bytes against the total even when headers understate them", () => {
    const limits = { maxTotalBytes: 5000, maxFileBytes: 5000 };
    const bundle = read(
      good([
        { name: "my-skill/a.md", data: "a".repeat(3000) },
        { name: "my-skill/b.md", data: "b".repeat(3000), size: 10 },
      ]),
      { limits },
    );
    expect(bundle.ok).toBe(false);
    expect(bundle.findings.map((f) => f.code)).toContain("entry-size-mismatch");
  });
});

describe("content: what inflation proves", () => {
  it("rejects unknown compression methods", () => {
    expectRejected(
      read(good([{ name: "my-skill/bzip.md", data: "x", method: 12, compressed: new Uint8Array(10) }])),
      "entry-unsupported-method",
      "my-skill/bzip.md",
    );
    expectRejected(
      read(good([{ name: "my-skill/lzma.md", data: "x", method: 14, compressed: new Uint8Array(10) }])),
      "entry-unsupported-method",
      "my-skill/lzma.md",
    );
  });

  it("rejects content that does not match its CRC-32", () => {
    expectRejected(read(good([{ name: "my-skill/a.md", data: "abc", crc: 0x12345678, localCrc: 0x12345678 }])), "entry-crc-mismatch", "my-skill/a.md");
  });

  it("rejects damaged compressed data", () => {
    expectRejected(
      read(good([{ name: "my-skill/a.md", data: "abc", compressed: new Uint8Array([0xff, 0xff, 0xff, 0xff]) }])),
      "entry-corrupt",
      "my-skill/a.md",
    );
  });
});
