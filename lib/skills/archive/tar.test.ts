import { gzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { detectBundleKind, readBundle, type Bundle } from "./bundle";
import type { FindingCode } from "../format/findings";
import { bytesOf, buildTar, buildTarGz, concat, randomBytes, skillMd } from "../test-helpers/archives";

const SKILL = skillMd("my-skill");
const readGz = (bytes: Uint8Array, options?: Parameters<typeof readBundle>[1]): Bundle => readBundle({ kind: "tar.gz", bytes }, options);
const archiveCodes = (bundle: Bundle): FindingCode[] => bundle.findings.map((f) => f.code);

function expectRejected(bundle: Bundle, code: FindingCode, entry: string): void {
  const finding = bundle.findings.find((f) => f.code === code && f.path === entry);
  expect(finding, `expected ${code} for ${entry} in ${JSON.stringify(bundle.findings)}`).toBeDefined();
  expect(finding?.message.startsWith(`${JSON.stringify(entry)}: `)).toBe(true);
  expect(bundle.ok).toBe(false);
}

describe("tarballs", () => {
  it("reads a .tar.gz with ./ names, folders, a pax global header and long names", () => {
    const longName = `my-skill/references/${"deep/".repeat(20)}guide.md`;
    const bytes = buildTarGz(
      [
        { name: "./", type: "5" },
        { name: "./my-skill/", type: "5" },
        { name: "./my-skill/SKILL.md", data: SKILL },
        { name: longName, data: "pax path", pax: true },
        { name: `my-skill/${"gnu-".repeat(30)}.md`, data: "gnu long name", gnuLongName: true },
        { name: "guide.md", prefix: "my-skill/ustar-prefix", data: "ustar prefix" },
      ],
      { globalPax: "commit 0123456789abcdef" },
    );
    expect(detectBundleKind("skill.tgz", bytes)).toBe("tar.gz");
    const bundle = readGz(bytes);
    expect(bundle.findings).toEqual([]);
    expect(bundle.ok).toBe(true);
    expect(bundle.skills[0].files.map((f) => f.path).sort()).toEqual(
      ["SKILL.md", `${"gnu-".repeat(30)}.md`, `references/${"deep/".repeat(20)}guide.md`, "ustar-prefix/guide.md"].sort(),
    );
    expect(new TextDecoder().decode(bundle.skills[0].files.find((f) => f.path.endsWith("deep/guide.md"))?.bytes)).toBe("pax path");
  });

  it("reads an uncompressed .tar", () => {
    const bytes = buildTar([{ name: "my-skill/SKILL.md", data: SKILL }]);
    expect(detectBundleKind("x.bin", bytes)).toBe("tar");
    expect(readBundle({ kind: "tar", bytes }).ok).toBe(true);
  });

  it("applies the same path rules as ZIPs", () => {
    expectRejected(
      readGz(
        buildTarGz([
          { name: "my-skill/SKILL.md", data: SKILL },
          { name: "../../etc/cron.d/x", data: "x" },
        ]),
      ),
      "path-traversal",
      "../../etc/cron.d/x",
    );
    expectRejected(
      readGz(
        buildTarGz([
          { name: "my-skill/SKILL.md", data: SKILL },
          { name: "/abs.md", data: "x" },
        ]),
      ),
      "path-absolute",
      "/abs.md",
    );
    expectRejected(
      readGz(
        buildTarGz([
          { name: "my-skill/SKILL.md", data: SKILL },
          { name: "my-skill/a.md", data: "1" },
          { name: "my-skill/a.md", data: "2" },
        ]),
      ),
      "path-duplicate",
      "my-skill/a.md",
    );
  });

  it("rejects symlinks, hard links and devices", () => {
    expectRejected(
      readGz(
        buildTarGz([
          { name: "my-skill/SKILL.md", data: SKILL },
          { name: "my-skill/link", type: "2", linkname: "/etc/passwd" },
        ]),
      ),
      "entry-symlink",
      "my-skill/link",
    );
    expectRejected(
      readGz(
        buildTarGz([
          { name: "my-skill/SKILL.md", data: SKILL },
          { name: "my-skill/hard", type: "1", linkname: "my-skill/SKILL.md" },
        ]),
      ),
      "entry-symlink",
      "my-skill/hard",
    );
    expectRejected(
      readGz(
        buildTarGz([
          { name: "my-skill/SKILL.md", data: SKILL },
          { name: "my-skill/tty", type: "3" },
        ]),
      ),
      "entry-special",
      "my-skill/tty",
    );
    expectRejected(
      readGz(
        buildTarGz([
          { name: "my-skill/SKILL.md", data: SKILL },
          { name: "my-skill/fifo", type: "6" },
        ]),
      ),
      "entry-special",
      "my-skill/fifo",
    );
  });

  it("rejects an entry whose declared size runs past the archive (a size lie)", () => {
    const tar = buildTar(
      [
        { name: "my-skill/SKILL.md", data: SKILL },
        { name: "my-skill/lie.md", data: "short", size: 1_000_000 },
      ],
      { end: false },
    );
    const bundle = readGz(gzipSync(tar));
    expect(archiveCodes(bundle)).toEqual(["entry-size-mismatch"]);
    expect(bundle.findings[0].message).toMatch(/^"my-skill\/lie.md": declares 1,000,000 bytes/);
  });

  it("rejects a damaged header, junk after the end marker, and non-tar data", () => {
    expect(
      archiveCodes(
        readGz(
          buildTarGz([
            { name: "my-skill/SKILL.md", data: SKILL },
            { name: "my-skill/x.md", data: "x", badChecksum: true },
          ]),
        ),
      ),
    ).toEqual(["archive-invalid"]);
    expect(archiveCodes(readGz(buildTarGz([{ name: "my-skill/SKILL.md", data: SKILL }], { after: bytesOf("junk after the end marker") })))).toEqual([
      "archive-junk-after",
    ]);
    expect(archiveCodes(readGz(gzipSync(new Uint8Array(2048).fill(0x41))))).toEqual(["archive-invalid"]);
  });

  it("rejects junk after the gzip stream, a second member, a bad checksum and non-gzip data", () => {
    const gz = buildTarGz([{ name: "my-skill/SKILL.md", data: SKILL }]);
    expect(archiveCodes(readGz(concat([gz, bytesOf("trailing junk")])))).toEqual(["archive-junk-after"]);
    expect(archiveCodes(readGz(concat([gz, gz])))).toEqual(["archive-junk-after"]);
    const corrupted = gz.slice();
    corrupted[corrupted.length - 8] ^= 0xff;
    expect(archiveCodes(readGz(corrupted))).toEqual(["archive-invalid"]);
    expect(archiveCodes(readGz(bytesOf("not gzip at all, just some text")))).toEqual(["archive-invalid"]);
    expect(archiveCodes(readGz(gz.subarray(0, gz.length - 20)))).toEqual(["archive-invalid"]);
  });

  it("stops a gzip bomb by the bytes it produces (ratio), without inflating it all", () => {
    const bomb = gzipSync(new Uint8Array(64 * 1024 * 1024), { level: 9 });
    const started = performance.now();
    const bundle = readGz(bomb);
    expect(archiveCodes(bundle)).toEqual(["archive-ratio"]);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("stops a tarball that inflates past what the limits allow", () => {
    // incompressible-looking but large: limits shrunk to keep the test small
    const tar = buildTar([
      { name: "my-skill/SKILL.md", data: SKILL },
      { name: "my-skill/big.md", data: "y".repeat(200_000) },
    ]);
    const bundle = readGz(gzipSync(tar), { limits: { maxTotalBytes: 50_000, maxEntries: 10, maxCompressionRatio: 1e9 } });
    expect(archiveCodes(bundle)).toEqual(["archive-too-large"]);
  });

  it("counts entries against the limit", () => {
    const entries = [{ name: "my-skill/SKILL.md", data: SKILL }, ...Array.from({ length: 500 }, (_, i) => ({ name: `my-skill/f${i}.md`, data: "x" }))];
    const limits = { maxEntries: 500 };
    expect(archiveCodes(readGz(buildTarGz(entries), { limits }))).toEqual(["archive-too-many-entries"]);
    expect(readGz(buildTarGz(entries.slice(0, 500)), { limits }).ok).toBe(true);
  });
});

describe("tarball robustness", () => {
  it("never throws on damaged tarballs: random byte flips and truncations only produce findings", () => {
    const tar = buildTar([
      { name: "my-skill/SKILL.md", data: SKILL },
      { name: "my-skill/a.md", data: "a".repeat(2000) },
    ]);
    const noise = randomBytes(20_000, 7);
    for (let i = 0; i < 800; i++) {
      const bytes = tar.slice();
      for (let k = 0; k < 3; k++)
        bytes[(noise[(i * 5 + k) % noise.length] * 263 + noise[(i + 11 * k) % noise.length]) % bytes.length] ^= 1 << (noise[(i + k) % noise.length] % 8);
      const cut = i % 4 === 0 ? bytes.subarray(0, (noise[i % noise.length] * 37) % bytes.length) : bytes;
      const plain = readBundle({ kind: "tar", bytes: cut });
      const zipped = readGz(gzipSync(cut));
      for (const bundle of [plain, zipped]) expect(typeof bundle.ok).toBe("boolean");
      const gz = gzipSync(tar);
      gz[(noise[i % noise.length] * 7) % gz.length] ^= 0x10;
      expect(typeof readGz(gz).ok).toBe("boolean");
    }
  });
});
