import { formatBytes, formatNumber } from "../../display";
import { Inflate } from "fflate";
import { crc32 } from "./crc32";
import { type Finding, type FindingCode } from "../format/findings";
import type { BundleLimits } from "../format/limits";
import type { ZipEntry } from "./zip";

// The sizes listZip returns are claims: inflation counts the bytes that actually come out, so a
// size lie or a bomb stops at the first byte too many, even when every header agreed.

export interface InflateBudget {
  /** Bytes any entry may still inflate, across the archive (rejected entries count too). */
  remainingTotal: number;
}

export type ExtractResult = { ok: true; data: Uint8Array } | { ok: false; finding: Finding };

// Worst-case DEFLATE expands 1 byte to ~1032; pushing 16 KiB at a time bounds what a single push
// can produce (~16 MiB) before the counters below get to say no.
const INFLATE_CHUNK = 16 * 1024;

class Stop extends Error {
  constructor(readonly finding: Finding) {
    super(finding.message);
  }
}

/**
 * Inflates one entry, counting the bytes that actually come out. Stops at the first byte past
 * the declared size, past the archive's remaining budget, or past the ratio limit.
 */
export function extractZipEntry(bytes: Uint8Array, entry: ZipEntry, limits: BundleLimits, budget: InflateBudget): ExtractResult {
  const name = entry.name;
  const reject = (code: FindingCode, rule: string): ExtractResult => ({
    ok: false,
    finding: { severity: "error", code, message: `${JSON.stringify(name)}: ${rule}`, path: name },
  });
  const input = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);

  let data: Uint8Array;
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) {
      return reject(
        "entry-size-mismatch",
        `stored without compression, yet declares ${formatNumber(entry.size)} bytes in ${formatNumber(entry.compressedSize)}`,
      );
    }
    if (entry.size > budget.remainingTotal) {
      budget.remainingTotal = 0;
      return reject("archive-too-large", `the archive holds more than ${formatBytes(limits.maxTotalBytes, "prose")} once unpacked`);
    }
    budget.remainingTotal -= entry.size;
    data = input.slice();
  } else if (entry.method === 8) {
    const out = new Uint8Array(entry.size);
    let written = 0;
    const inflater = new Inflate((chunk) => {
      const after = written + chunk.length;
      if (after > entry.size) {
        throw new Stop(stopFinding(name, "entry-size-mismatch", `inflates past its declared size of ${formatNumber(entry.size)} bytes`));
      }
      if (chunk.length > budget.remainingTotal) {
        budget.remainingTotal = 0;
        throw new Stop(stopFinding(name, "archive-too-large", `the archive inflates past ${formatBytes(limits.maxTotalBytes, "prose")} in total`));
      }
      if (after > limits.ratioGraceBytes && after > limits.maxCompressionRatio * Math.max(entry.compressedSize, 1)) {
        throw new Stop(
          stopFinding(
            name,
            "entry-ratio",
            `inflates more than ${formatNumber(limits.maxCompressionRatio)}:1 (${formatNumber(entry.compressedSize)} bytes became over ${formatNumber(after)})`,
          ),
        );
      }
      budget.remainingTotal -= chunk.length;
      out.set(chunk, written);
      written = after;
    });
    try {
      if (input.length === 0) inflater.push(input, true);
      for (let o = 0; o < input.length; o += INFLATE_CHUNK) {
        const end = Math.min(o + INFLATE_CHUNK, input.length);
        inflater.push(input.subarray(o, end), end === input.length);
      }
    } catch (e) {
      if (e instanceof Stop) return { ok: false, finding: e.finding };
      return reject("entry-corrupt", `its compressed data is damaged (${e instanceof Error ? e.message : String(e)})`);
    }
    if (written !== entry.size) {
      return reject("entry-size-mismatch", `inflates to ${formatNumber(written)} bytes, not the ${formatNumber(entry.size)} it declares`);
    }
    data = out;
  } else {
    return reject("entry-unsupported-method", `uses compression method ${entry.method}; only stored (0) and deflate (8) are accepted`);
  }
  if (crc32(data) !== entry.crc) return reject("entry-crc-mismatch", "its CRC-32 does not match its content (damaged or tampered)");
  return { ok: true, data };
}

function stopFinding(name: string, code: FindingCode, rule: string): Finding {
  return { severity: "error", code, message: `${JSON.stringify(name)}: ${rule}`, path: name };
}
