import { formatBytes, formatNumber } from "../../display";
import { Gunzip } from "fflate";
import { crc32 } from "./crc32";
import { type Finding, type FindingCode } from "../format/findings";
import type { BundleLimits } from "../format/limits";
import { decodeUtf8 } from "../format/text";
import type { EntryType } from "./zip";

// A small ustar/pax/GNU tar reader over fflate's streaming gunzip. The gzip layer is capped by the
// bytes it actually produces; the tar layer trusts no size field it cannot check against the data.

export interface TarEntry {
  name: string;
  nameBytes: number;
  type: EntryType;
  /** Any execute bit in the header's mode (git-like: the only permission a skill keeps). */
  executable: boolean;
  size: number;
  data: Uint8Array;
}

export interface TarListing {
  entries: TarEntry[];
  findings: Finding[];
}

const BLOCK = 512;
const CHUNK = 16 * 1024;

/** Largest tar stream the limits allow: the content plus headers, pax records and padding. */
export function maxTarBytes(limits: BundleLimits): number {
  return limits.maxTotalBytes + (limits.maxEntries + 1) * 4 * BLOCK + 20 * BLOCK;
}

class Stop extends Error {
  constructor(
    readonly code: FindingCode,
    message: string,
  ) {
    super(message);
  }
}

const archiveError = (code: FindingCode, message: string): Finding => ({ severity: "error", code, message, path: "" });

export function gunzipLimited(bytes: Uint8Array, limits: BundleLimits): { data: Uint8Array | null; findings: Finding[] } {
  if (bytes.length < 18 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    return { data: null, findings: [archiveError("archive-invalid", "not a gzip file")] };
  }
  if (bytes[2] !== 8 || (bytes[3] & 0xe0) !== 0) {
    return { data: null, findings: [archiveError("archive-invalid", "unsupported gzip header (compression method or flags)")] };
  }
  const cap = maxTarBytes(limits);
  const chunks: Uint8Array[] = [];
  let produced = 0;
  let members = 1;
  const gunzip = new Gunzip((chunk) => {
    produced += chunk.length;
    if (produced > limits.ratioGraceBytes && produced > limits.maxCompressionRatio * bytes.length) {
      throw new Stop(
        "archive-ratio",
        `the tarball inflates more than ${formatNumber(limits.maxCompressionRatio)}:1 (${formatNumber(bytes.length)} bytes became over ${formatNumber(produced)})`,
      );
    }
    if (produced > cap)
      throw new Stop(
        "archive-too-large",
        `the tarball inflates past ${formatBytes(cap, "prose")}, more than the limits allow (${formatBytes(limits.maxTotalBytes, "prose")} of files)`,
      );
    if (chunk.length > 0) chunks.push(chunk);
  });
  gunzip.onmember = () => {
    members++;
  };
  try {
    for (let o = 0; o < bytes.length; o += CHUNK) {
      const end = Math.min(o + CHUNK, bytes.length);
      gunzip.push(bytes.subarray(o, end), end === bytes.length);
      if (members > 1) throw new Stop("archive-junk-after", "data follows the gzip stream (a second gzip member)");
    }
  } catch (e) {
    if (e instanceof Stop) return { data: null, findings: [archiveError(e.code, e.message)] };
    const message = e instanceof Error ? e.message : String(e);
    // The header was checked above, so a bad header now is one after the first member ended.
    if (/invalid gzip data/.test(message)) return { data: null, findings: [archiveError("archive-junk-after", "data follows the end of the gzip stream")] };
    return { data: null, findings: [archiveError("archive-invalid", `the gzip data is damaged (${message})`)] };
  }
  const data = concat(chunks, produced);
  // fflate's streaming gunzip does not check the trailer; it must match and end the file.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const trailerCrc = view.getUint32(bytes.length - 8, true);
  const trailerSize = view.getUint32(bytes.length - 4, true);
  if (trailerSize !== produced % 2 ** 32 || trailerCrc !== crc32(data)) {
    return { data: null, findings: [archiveError("archive-invalid", "the gzip checksum does not match (damaged data, or bytes after the end)")] };
  }
  return { data, findings: [] };
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

interface PaxOverrides {
  path?: string;
  size?: number;
}

export function readTar(data: Uint8Array, limits: BundleLimits): TarListing {
  const entries: TarEntry[] = [];
  const fail = (code: FindingCode, message: string): TarListing => ({ entries: [], findings: [archiveError(code, message)] });
  if (data.length > maxTarBytes(limits)) {
    return fail(
      "archive-too-large",
      `the tar archive is ${formatNumber(data.length)} bytes, more than the limits allow (${formatBytes(limits.maxTotalBytes, "prose")} of files)`,
    );
  }
  let offset = 0;
  let pax: PaxOverrides = {};
  let longName: string | null = null;
  let count = 0;
  while (offset < data.length) {
    if (offset + BLOCK > data.length)
      return fail("archive-invalid", `the tar archive ends in the middle of a header (${formatNumber(data.length - offset)} stray bytes)`);
    const header = data.subarray(offset, offset + BLOCK);
    if (isZero(header, 0, BLOCK)) {
      // End of archive: only zero padding may follow.
      if (!isZero(data, offset, data.length)) return fail("archive-junk-after", "data follows the end-of-archive marker of the tar archive");
      break;
    }
    if (!checksumOk(header)) {
      return offset === 0
        ? fail("archive-invalid", "not a tar archive (the first header's checksum is wrong)")
        : fail("archive-invalid", `damaged tar header at offset ${formatNumber(offset)} (bad checksum)`);
    }
    const ustar = ascii(header, 257, 5) === "ustar";
    let size = parseNumber(header, 124, 12);
    if (size === null) return fail("archive-invalid", `damaged tar header at offset ${formatNumber(offset)} (bad size field)`);
    const typeflag = String.fromCharCode(header[156]);
    if (pax.size !== undefined && typeflag !== "x" && typeflag !== "g") size = pax.size;
    const dataStart = offset + BLOCK;
    const dataEnd = dataStart + size;
    const headerName = cString(header, 0, 100);
    if (dataEnd > data.length) {
      return fail(
        "entry-size-mismatch",
        `${JSON.stringify(headerName.text)}: declares ${formatNumber(size)} bytes but the archive ends ${formatNumber(dataEnd - data.length)} bytes short`,
      );
    }
    const body = data.subarray(dataStart, dataEnd);
    offset = Math.min(dataStart + Math.ceil(size / BLOCK) * BLOCK, data.length);

    if (typeflag === "x") {
      pax = parsePax(body);
      continue;
    }
    if (typeflag === "g") continue; // global pax header, e.g. git archive's commit id
    if (typeflag === "L") {
      longName = cString(body, 0, body.length).text;
      continue;
    }
    if (typeflag === "K") continue;

    let name: string;
    let nameBytes: number;
    if (pax.path !== undefined) {
      name = pax.path;
      nameBytes = new TextEncoder().encode(name).length;
    } else if (longName !== null) {
      name = longName;
      nameBytes = new TextEncoder().encode(name).length;
    } else {
      const prefix = ustar ? cString(header, 345, 155) : { text: "", bytes: 0 };
      name = prefix.text ? `${prefix.text}/${headerName.text}` : headerName.text;
      nameBytes = prefix.text ? prefix.bytes + 1 + headerName.bytes : headerName.bytes;
    }
    pax = {};
    longName = null;

    count++;
    if (count > limits.maxEntries) {
      return fail("archive-too-many-entries", `the archive has more than ${formatNumber(limits.maxEntries)} entries (the limit)`);
    }
    let type: EntryType;
    if (typeflag === "0" || typeflag === "\0" || typeflag === "7") type = "file";
    else if (typeflag === "5") type = "directory";
    else if (typeflag === "1" || typeflag === "2") type = "symlink";
    else type = "special";
    if (type === "file" && name.endsWith("/")) type = "directory";
    const mode = parseNumber(header, 100, 8) ?? 0;
    entries.push({ name, nameBytes, type, executable: (mode & 0o111) !== 0, size, data: body });
  }
  return { entries, findings: [] };
}

function isZero(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (bytes[i] !== 0) return false;
  return true;
}

function checksumOk(header: Uint8Array): boolean {
  const stored = parseNumber(header, 148, 8);
  if (stored === null) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const b = i >= 148 && i < 156 ? 0x20 : header[i];
    unsigned += b;
    signed += b > 127 ? b - 256 : b;
  }
  return stored === unsigned || stored === signed;
}

/** Octal (NUL/space padded), or GNU base-256 when the high bit of the first byte is set. */
function parseNumber(header: Uint8Array, at: number, length: number): number | null {
  if (header[at] & 0x80) {
    if (header[at] !== 0x80) return null; // negative or absurdly large
    let n = 0;
    for (let i = at + 1; i < at + length; i++) {
      n = n * 256 + header[i];
      if (n > Number.MAX_SAFE_INTEGER) return null;
    }
    return n;
  }
  let n = 0;
  let digits = 0;
  let i = at;
  while (i < at + length && (header[i] === 0x20 || header[i] === 0)) i++;
  for (; i < at + length; i++) {
    const b = header[i];
    if (b === 0 || b === 0x20) break;
    if (b < 0x30 || b > 0x37) return null;
    n = n * 8 + (b - 0x30);
    digits++;
  }
  for (; i < at + length; i++) if (header[i] !== 0 && header[i] !== 0x20) return null;
  return digits === 0 ? 0 : n;
}

function cString(bytes: Uint8Array, at: number, length: number): { text: string; bytes: number } {
  let end = at;
  while (end < at + length && bytes[end] !== 0) end++;
  const raw = bytes.subarray(at, end);
  const utf8 = decodeUtf8(raw);
  // Old tars store names in the local 8-bit charset; Latin-1 at least keeps them readable.
  return { text: utf8 ?? String.fromCharCode(...raw), bytes: raw.length };
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function parsePax(body: Uint8Array): PaxOverrides {
  const result: PaxOverrides = {};
  let o = 0;
  while (o < body.length) {
    let space = o;
    while (space < body.length && body[space] !== 0x20) space++;
    const length = Number(ascii(body, o, space - o));
    if (!Number.isInteger(length) || length <= 0 || o + length > body.length) break;
    const record = decodeUtf8(body.subarray(space + 1, o + length - 1)) ?? "";
    const eq = record.indexOf("=");
    if (eq > 0) {
      const key = record.slice(0, eq);
      const value = record.slice(eq + 1);
      if (key === "path") result.path = value;
      else if (key === "size" && /^\d+$/.test(value)) result.size = Number(value);
    }
    o += length;
  }
  return result;
}
