import { createHash } from "node:crypto";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readBundle, type Bundle } from "./bundle";
import type { FindingCode } from "../format/findings";
import { resolveLimits } from "../format/limits";
import { bytesOf, buildZip, concat, randomBytes, S_IFIFO, S_IFLNK, skillMd, type RawZipEntry } from "../test-helpers/archives";

// Every defense against hostile ZIPs, each proven with an archive built here, byte by byte.

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

describe("a well-formed ZIP", () => {
  it("imports with hashes, sizes and media types detected from content", () => {
    const png = concat([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
    const bundle = read(
      good([
        { name: "my-skill/references/guide.md", data: "# Guide\n" },
        { name: "my-skill/assets/logo.txt", data: png, method: 0 },
        { name: "my-skill/assets/page.png", data: "<!DOCTYPE html><html><script>alert(1)</script></html>" },
        { name: "my-skill/scripts/run", data: "#!/usr/bin/env bash\necho hi\n" },
        { name: "my-skill/data.bin", data: new Uint8Array([0, 1, 2, 3, 255]) },
      ]),
    );
    expect(bundle.findings).toEqual([]);
    expect(bundle.ok).toBe(true);
    const byPath = Object.fromEntries(bundle.files.map((f) => [f.path, f]));
    expect(byPath["my-skill/SKILL.md"].mediaType).toBe("text/markdown");
    expect(byPath["my-skill/assets/logo.txt"].mediaType).toBe("image/png");
    expect(byPath["my-skill/assets/page.png"].mediaType).toBe("text/html");
    expect(byPath["my-skill/scripts/run"].mediaType).toBe("text/x-shellscript");
    expect(byPath["my-skill/data.bin"].mediaType).toBe("application/octet-stream");
    for (const f of bundle.files) {
      expect(f.sha256).toBe(createHash("sha256").update(f.bytes).digest("hex"));
      expect(f.size).toBe(f.bytes.length);
    }
    const skill = bundle.skills[0];
    expect(skill.root).toBe("my-skill");
    expect(skill.files.map((f) => f.path)).toEqual(["SKILL.md", "assets/logo.txt", "assets/page.png", "data.bin", "references/guide.md", "scripts/run"]);
    expect(skill.tokens.resources.find((r) => r.path === "assets/logo.txt")?.tokens).toBeNull();
    expect(skill.tokens.resources.find((r) => r.path === "references/guide.md")?.tokens).toBeGreaterThan(0);
  });

  it("reads archives written by another tool (fflate), data descriptors, comments and folder entries", () => {
    const bytes = zipSync({ "s/SKILL.md": bytesOf(skillMd("s")), "s/ref": {}, "s/ref/a.md": bytesOf("a") }, { level: 9 });
    expect(read(bytes).ok).toBe(true);
    const withDescriptor = buildZip(
      [
        { name: "s/SKILL.md", data: skillMd("s"), descriptor: true },
        { name: "s/x.md", data: "x", descriptor: true, method: 0 },
      ],
      { comment: "made by hand" },
    );
    expect(read(withDescriptor).findings).toEqual([]);
    expect(read(withDescriptor).ok).toBe(true);
  });

  it("decodes names: UTF-8 flag, unflagged UTF-8, and CP437", () => {
    const utf8 = buildZip([{ name: "навык/SKILL.md", data: skillMd("навык"), flags: 0 }]);
    expect(read(utf8).skills[0].root).toBe("навык");
    const cp437 = buildZip([
      { name: "s/SKILL.md", data: skillMd("s") },
      { name: new Uint8Array([0x73, 0x2f, 0x82, 0x2e, 0x6d, 0x64]), data: "x", flags: 0 },
    ]);
    expect(read(cp437).files.map((f) => f.path)).toContain("s/é.md");
    const badFlagged = buildZip([
      { name: "s/SKILL.md", data: skillMd("s") },
      { name: new Uint8Array([0x73, 0x2f, 0xff, 0x2e, 0x6d, 0x64]), data: "x" },
    ]);
    expect(read(badFlagged).findings.map((f) => f.code)).toEqual(["path-invalid-utf8"]);
  });
});

describe("path rules", () => {
  const cases: [string, FindingCode][] = [
    ["../evil.md", "path-traversal"],
    ["my-skill/../../evil.md", "path-traversal"],
    ["/etc/passwd", "path-absolute"],
    ["C:/Windows/evil.md", "path-absolute"],
    ["my-skill\\..\\evil.md", "path-backslash"],
    ["my-skill//double.md", "path-empty-segment"],
    ["my-skill/./dot.md", "path-empty-segment"],
    ["my-skill/bell\u0007.md", "path-control-char"],
    ["my-skill/new\nline.md", "path-control-char"],
    ["my-skill/evil\u202Egnp.md", "path-bidi-char"],
    ["my-skill/CON.txt", "path-windows-reserved"],
    ["my-skill/aux", "path-windows-reserved"],
    ["my-skill/com1.md", "path-windows-reserved"],
    ["my-skill/what?.md", "path-windows-reserved"],
    ["my-skill/stream:ads.md", "path-windows-reserved"],
    ["my-skill/trailing.", "path-windows-reserved"],
    ["my-skill/trailing ", "path-windows-reserved"],
    [`my-skill/${"a".repeat(200)}.md`, "path-too-long"],
  ];
  for (const [name, code] of cases) {
    it(`rejects ${JSON.stringify(name)} (${code})`, () => {
      expectRejected(read(good([{ name, data: "x" }])), code, name);
    });
  }

  it("measures the 200-byte limit in stored bytes, and the limit is configurable", () => {
    const name = `my-skill/${"é".repeat(94)}.md`; // 9 + 188 + 3 = 200 bytes
    expect(read(good([{ name, data: "x" }])).ok).toBe(true);
    expectRejected(read(good([{ name: `my-skill/${"é".repeat(95)}.md`, data: "x" }])), "path-too-long", `my-skill/${"é".repeat(95)}.md`);
    expectRejected(read(good([{ name: "my-skill/abcdefghij.md", data: "x" }]), { limits: { maxPathBytes: 20 } }), "path-too-long", "my-skill/abcdefghij.md");
  });

  it("accepts a leading ./ (as tar writes it)", () => {
    const bundle = read(buildZip([{ name: "./my-skill/SKILL.md", data: SKILL }]));
    expect(bundle.ok).toBe(true);
    expect(bundle.files[0].path).toBe("my-skill/SKILL.md");
  });

  it("rejects duplicates, case twins, Unicode twins and a file where a folder is needed", () => {
    expectRejected(
      read(
        good([
          { name: "my-skill/a.md", data: "1" },
          { name: "my-skill/a.md", data: "2" },
        ]),
      ),
      "path-duplicate",
      "my-skill/a.md",
    );
    const caseTwins = read(
      good([
        { name: "my-skill/Guide.md", data: "1" },
        { name: "my-skill/guide.md", data: "2" },
      ]),
    );
    expectRejected(caseTwins, "path-collision", "my-skill/Guide.md");
    expectRejected(caseTwins, "path-collision", "my-skill/guide.md");
    expectRejected(
      read(
        good([
          { name: "my-skill/caf\u00e9.md", data: "1" },
          { name: "my-skill/cafe\u0301.md", data: "2" },
        ]),
      ),
      "path-collision",
      "my-skill/cafe\u0301.md",
    );
    expectRejected(
      read(
        good([
          { name: "my-skill/docs", data: "file" },
          { name: "my-skill/docs/a.md", data: "2" },
        ]),
      ),
      "path-collision",
      "my-skill/docs",
    );
  });
});

describe("entry kinds", () => {
  it("rejects symlinks (Unix mode and NTFS reparse points)", () => {
    expectRejected(
      read(good([{ name: "my-skill/link", data: "/etc/passwd", method: 0, externalAttrs: ((S_IFLNK | 0o777) << 16) >>> 0 }])),
      "entry-symlink",
      "my-skill/link",
    );
    expectRejected(read(good([{ name: "my-skill/reparse", data: "x", madeBy: 20, externalAttrs: 0x400 }])), "entry-symlink", "my-skill/reparse");
  });

  it("rejects special entries (a FIFO)", () => {
    expectRejected(
      read(good([{ name: "my-skill/pipe", data: "", method: 0, externalAttrs: ((S_IFIFO | 0o644) << 16) >>> 0 }])),
      "entry-special",
      "my-skill/pipe",
    );
  });

  it("rejects encrypted entries (traditional, strong, AES)", () => {
    expectRejected(read(good([{ name: "my-skill/secret.md", data: "x", flags: 0x0801 }])), "entry-encrypted", "my-skill/secret.md");
    expectRejected(read(good([{ name: "my-skill/strong.md", data: "x", flags: 0x0841 }])), "entry-encrypted", "my-skill/strong.md");
    expectRejected(read(good([{ name: "my-skill/aes.md", data: "x", method: 99, compressed: new Uint8Array(8) }])), "entry-encrypted", "my-skill/aes.md");
  });
});

describe("sizes: limits checked before inflating", () => {
  it("rejects a file over 5 MiB before inflating it", () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    expectRejected(read(good([{ name: "my-skill/big.bin", data: big, method: 0 }])), "entry-too-large", "my-skill/big.bin");
    expect(read(good([{ name: "my-skill/ok.bin", data: big.subarray(1), method: 0 }])).ok).toBe(true);
  });

  it("rejects an archive past its unpacked total before inflating it", () => {
    const chunk = new Uint8Array(4.5 * 1024 * 1024);
    const entries = Array.from({ length: 6 }, (_, i) => ({ name: `my-skill/part${i}.bin`, data: chunk, method: 0 }));
    const bundle = read(good(entries), { limits: { maxTotalBytes: 25 * 1024 * 1024 } });
    expect(bundle.findings.map((f) => f.code)).toEqual(["archive-too-large"]);
    expect(bundle.findings[0].message).toMatch(/the limit is 25 MB/);
    expect(bundle.files).toEqual([]);
    // under the archive's total (64 MiB by default), the same 27 MiB in one skill is over that skill's 25 MiB
    const single = read(good(entries));
    expect(single.findings).toEqual([]);
    expect(single.skills[0].findings.map((f) => f.code)).toEqual(["skill-too-large"]);
  });

  it("rejects more entries than the archive limit", () => {
    const entries = Array.from({ length: 500 }, (_, i) => ({ name: `my-skill/f${i}.md`, data: "x", method: 0 }));
    const limits = { maxEntries: 500 };
    const bundle = read(good(entries), { limits });
    expect(bundle.findings.map((f) => f.code)).toEqual(["archive-too-many-entries"]);
    expect(bundle.findings[0].message).toBe("the archive has 501 entries; the limit is 500");
    expect(read(good(entries.slice(1)), { limits }).ok).toBe(true);
  });

  it("takes other limits from the caller", () => {
    const bytes = good([{ name: "my-skill/a.md", data: "a".repeat(2000) }]);
    expect(read(bytes).ok).toBe(true);
    expectRejected(read(bytes, { limits: { maxFileBytes: 1000 } }), "entry-too-large", "my-skill/a.md");
    expect(read(bytes, { limits: { maxEntries: 1 } }).findings.map((f) => f.code)).toEqual(["archive-too-many-entries"]);
    expect(() => resolveLimits({ maxEntries: -1 })).toThrow(RangeError);
  });
});

describe("structure: nothing unexplained", () => {
  it("rejects junk before the archive (a self-extractor stub)", () => {
    const bundle = read(good([], { prefix: bytesOf("MZ this is not part of the zip") }));
    expect(bundle.findings.map((f) => f.code)).toEqual(["archive-junk-before"]);
  });

  it("rejects junk before the first entry even when offsets were adjusted", () => {
    const plain = good();
    const prefix = bytesOf("#!/bin/sh\nexit 0\n");
    const shifted = concat([prefix, plain]);
    // rewrite offsets as `zip -A` does: every local offset and the directory offset move
    const view = new DataView(shifted.buffer);
    const eocd = shifted.length - 22;
    const cd = view.getUint32(eocd + 16, true) + prefix.length;
    view.setUint32(eocd + 16, cd, true);
    view.setUint32(cd + 42, view.getUint32(cd + 42, true) + prefix.length, true);
    expect(read(shifted).findings.map((f) => f.code)).toEqual(["archive-junk-before"]);
  });

  it("rejects junk after the archive", () => {
    const bundle = read(good([], { suffix: bytesOf("trailing data") }));
    expect(bundle.findings.map((f) => f.code)).toEqual(["archive-junk-after"]);
    expect(bundle.findings[0].message).toBe("13 bytes follow the end of the ZIP archive");
  });

  it("rejects hidden bytes between entries", () => {
    const bundle = read(good([{ name: "my-skill/a.md", data: "a" }], { gapAfter: { index: 0, bytes: bytesOf("hidden payload") } }));
    expect(bundle.findings.map((f) => f.code)).toEqual(["archive-invalid"]);
    expect(bundle.findings[0].message).toMatch(/14 unexplained bytes before "my-skill\/a.md"/);
  });

  it("rejects overlapping entries (the non-recursive zip bomb)", () => {
    const bundle = read(good([{ name: "my-skill/a.md", data: "a".repeat(1000) }], { aliases: [{ name: "my-skill/b.md", target: 1 }] }));
    expect(bundle.findings.map((f) => f.code)).toEqual(["archive-invalid"]);
    expect(bundle.findings[0].message).toMatch(/overlaps/);
  });

  it("rejects an entry whose local header names another file", () => {
    expectRejected(read(good([{ name: "my-skill/innocent.md", localName: "my-skill/evil.sh", data: "x" }])), "entry-corrupt", "my-skill/innocent.md");
  });

  it("rejects local headers and data descriptors that disagree with the directory", () => {
    expectRejected(read(good([{ name: "my-skill/a.md", data: "abc", localSize: 99 }])), "entry-corrupt", "my-skill/a.md");
    expectRejected(read(good([{ name: "my-skill/d.md", data: "abc", descriptor: true, descriptorSize: 7 }])), "entry-corrupt", "my-skill/d.md");
  });

  it("rejects what is not a ZIP at all, or is truncated", () => {
    expect(read(bytesOf("just text, long enough to look for an end record")).findings.map((f) => f.code)).toEqual(["archive-invalid"]);
    expect(read(new Uint8Array(3)).findings.map((f) => f.code)).toEqual(["archive-invalid"]);
    const bytes = good();
    expect(read(bytes.subarray(0, bytes.length - 30)).findings.map((f) => f.code)).toEqual(["archive-invalid"]);
    expect(read(good([], { declaredEntries: 5 })).findings.map((f) => f.code)).toEqual(["archive-invalid"]);
  });

  it("reports every rejected entry at once and keeps reading the rest", () => {
    const bundle = read(
      good([
        { name: "../a.md", data: "x" },
        { name: "my-skill/link", data: "x", method: 0, externalAttrs: ((S_IFLNK | 0o777) << 16) >>> 0 },
        { name: "my-skill/secret.md", data: "x", flags: 0x0801 },
        { name: "my-skill/fine.md", data: "fine" },
      ]),
    );
    expect(bundle.findings.map((f) => f.code).sort()).toEqual(["entry-encrypted", "entry-symlink", "path-traversal"]);
    expect(bundle.skills[0].files.map((f) => f.path)).toEqual(["SKILL.md", "fine.md"]);
    expect(bundle.ok).toBe(false);
  });
});

describe("robustness", () => {
  it("never throws on damaged archives: random byte flips and truncations only produce findings", () => {
    const base = good([
      { name: "my-skill/references/a.md", data: "a".repeat(3000) },
      { name: "my-skill/b.bin", data: randomBytes(500, 9), method: 0 },
    ]);
    const noise = randomBytes(20_000, 99);
    for (let i = 0; i < 1500; i++) {
      const bytes = base.slice();
      const flips = 1 + (noise[i] % 4);
      for (let k = 0; k < flips; k++)
        bytes[(noise[(i * 7 + k * 13) % noise.length] * 257 + noise[(i * 3 + k) % noise.length]) % bytes.length] ^= 1 << (noise[(i + k) % noise.length] % 8);
      const cut = i % 5 === 0 ? bytes.subarray(0, (noise[i % noise.length] * 31) % bytes.length) : bytes;
      const bundle = read(cut);
      expect(typeof bundle.ok).toBe("boolean");
      if (!bundle.ok) expect(bundle.findings.length + bundle.skills.flatMap((s) => s.findings).length).toBeGreaterThan(0);
    }
  });
});
