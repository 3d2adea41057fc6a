import { formatNumber } from "../../display";
import { crc32 } from "./crc32";
import { type Finding, type FindingCode } from "../format/findings";
import type { BundleLimits } from "../format/limits";
import { decodeUtf8 } from "../format/text";

// A ZIP reader that believes nothing: the central directory, every local header and every data
// descriptor must agree, entries must tile the file from byte 0 to the central directory (no
// prefix, gap, overlap or trailer), and sizes are whatever inflation actually produces (zip-extract.ts).

export type EntryType = "file" | "directory" | "symlink" | "special";

export interface ZipEntry {
  name: string;
  /** Stored length of the name, for the path-length rule. */
  nameBytes: number;
  /** Set when the name is flagged UTF-8 but is not. */
  badUtf8Name: boolean;
  type: EntryType;
  /** A Unix or macOS entry with an execute bit (git-like: the only permission a skill keeps). */
  executable: boolean;
  method: number;
  encrypted: boolean;
  crc: number;
  compressedSize: number;
  /** As declared; inflation must produce exactly this many bytes. */
  size: number;
  dataOffset: number;
  /** Problems with this entry alone (local header disagreeing with the directory...). */
  findings: Finding[];
}

export interface ZipListing {
  entries: ZipEntry[];
  /** Problems with the archive as a whole; when any is present nothing may be extracted. */
  findings: Finding[];
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_DESCRIPTOR = 0x08074b50;

const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_UTF8 = 0x0800;

class ZipStructureError extends Error {
  constructor(
    readonly code: FindingCode,
    message: string,
  ) {
    super(message);
  }
}

export function listZip(bytes: Uint8Array, limits: BundleLimits): ZipListing {
  try {
    return parseZip(bytes, limits);
  } catch (e) {
    if (e instanceof ZipStructureError) {
      return { entries: [], findings: [{ severity: "error", code: e.code, message: e.message, path: "" }] };
    }
    // a read past the end that the explicit checks missed: still damaged input, not a crash
    if (e instanceof RangeError) {
      return {
        entries: [],
        findings: [
          { severity: "error", code: "archive-invalid", message: "the ZIP structure is damaged (a record points past the end of the file)", path: "" },
        ],
      };
    }
    throw e;
  }
}

function parseZip(bytes: Uint8Array, limits: BundleLimits): ZipListing {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const len = bytes.length;
  const u16 = (o: number): number => view.getUint16(o, true);
  const u32 = (o: number): number => view.getUint32(o, true);
  const u64 = (o: number): number => {
    const hi = view.getUint32(o + 4, true);
    if (hi > 0x1fffff) throw new ZipStructureError("archive-invalid", "a ZIP64 size or offset is larger than any file can be");
    return hi * 2 ** 32 + view.getUint32(o, true);
  };
  const fail = (code: FindingCode, message: string): never => {
    throw new ZipStructureError(code, message);
  };

  if (len < 22) fail("archive-invalid", "not a ZIP archive: too short to hold an end-of-central-directory record");

  // The end record must end the file exactly (its comment included); anything after is junk.
  let eocd = -1;
  let misfit = -1;
  for (let i = len - 22; i >= Math.max(0, len - 22 - 0xffff); i--) {
    if (u32(i) !== SIG_EOCD) continue;
    const end = i + 22 + u16(i + 20);
    if (end === len) {
      eocd = i;
      break;
    }
    if (end < len && misfit === -1) misfit = end;
  }
  if (eocd === -1) {
    if (misfit !== -1) fail("archive-junk-after", `${formatNumber(len - misfit)} bytes follow the end of the ZIP archive`);
    fail("archive-invalid", "not a ZIP archive (no end-of-central-directory record), or more than 64 KB of data follow it");
  }

  let diskEntries = u16(eocd + 8);
  let totalEntries = u16(eocd + 10);
  let cdSize = u32(eocd + 12);
  let cdOffset = u32(eocd + 16);
  let cdEndExpected = eocd;
  if (u16(eocd + 4) !== 0 || u16(eocd + 6) !== 0) fail("archive-invalid", "split (multi-disk) ZIP archives are not supported");
  if (totalEntries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || u32(locator) !== SIG_ZIP64_LOCATOR) fail("archive-invalid", "ZIP64 end record is missing");
    const record = u64(locator + 8);
    if (record + 56 > locator || u32(record) !== SIG_ZIP64_EOCD) fail("archive-invalid", "ZIP64 end record is not where its locator says");
    if (record + 12 + u64(record + 4) !== locator) fail("archive-invalid", "unexplained bytes inside the ZIP64 end records");
    diskEntries = u64(record + 24);
    totalEntries = u64(record + 32);
    cdSize = u64(record + 40);
    cdOffset = u64(record + 48);
    cdEndExpected = record;
  }
  if (diskEntries !== totalEntries) fail("archive-invalid", "split (multi-disk) ZIP archives are not supported");
  if (totalEntries > limits.maxEntries) {
    fail("archive-too-many-entries", `the archive has ${formatNumber(totalEntries)} entries; the limit is ${formatNumber(limits.maxEntries)}`);
  }
  const cdEnd = cdOffset + cdSize;
  if (cdEnd !== cdEndExpected) {
    const shift = cdEndExpected - cdEnd;
    if (shift > 0 && cdEndExpected - cdSize >= 0 && (cdSize === 0 || u32(cdEndExpected - cdSize) === SIG_CENTRAL)) {
      fail("archive-junk-before", `${formatNumber(shift)} bytes come before the ZIP archive (a self-extractor or other prefix)`);
    }
    fail("archive-invalid", "the central directory is not where the end record says");
  }

  const entries: ZipEntry[] = [];
  const spans: { start: number; end: number; name: string }[] = [];
  let p = cdOffset;
  for (let k = 0; k < totalEntries; k++) {
    if (p + 46 > cdEnd || u32(p) !== SIG_CENTRAL) fail("archive-invalid", `central directory record ${k + 1} is damaged`);
    const madeBy = u16(p + 4);
    const flags = u16(p + 8);
    const method = u16(p + 10);
    const crc = u32(p + 16);
    let compressedSize = u32(p + 20);
    let size = u32(p + 24);
    const nameLen = u16(p + 28);
    const extraLen = u16(p + 30);
    const commentLen = u16(p + 32);
    const externalAttrs = u32(p + 38);
    let localOffset = u32(p + 42);
    const next = p + 46 + nameLen + extraLen + commentLen;
    if (next > cdEnd) fail("archive-invalid", `central directory record ${k + 1} runs past the directory`);
    const rawName = bytes.subarray(p + 46, p + 46 + nameLen);
    const extra = bytes.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen);

    const zip64 = findExtra(extra, 0x0001);
    if (zip64) {
      const z = new DataView(zip64.buffer, zip64.byteOffset, zip64.byteLength);
      let o = 0;
      const take = (): number => {
        if (o + 8 > zip64.length) fail("archive-invalid", `ZIP64 field of entry ${k + 1} is too short`);
        const hi = z.getUint32(o + 4, true);
        if (hi > 0x1fffff) fail("archive-invalid", "a ZIP64 size or offset is larger than any file can be");
        const v = hi * 2 ** 32 + z.getUint32(o, true);
        o += 8;
        return v;
      };
      if (size === 0xffffffff) size = take();
      if (compressedSize === 0xffffffff) compressedSize = take();
      if (localOffset === 0xffffffff) localOffset = take();
    }

    const { name, badUtf8 } = decodeName(rawName, flags, extra);
    const entry: ZipEntry = {
      name,
      nameBytes: nameLen,
      badUtf8Name: badUtf8,
      type: entryType(madeBy, externalAttrs, name),
      executable: isExecutable(madeBy, externalAttrs),
      method,
      encrypted: (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) !== 0 || method === 99,
      crc,
      compressedSize,
      size,
      dataOffset: 0,
      findings: [],
    };
    const corrupt = (message: string): void => {
      entry.findings.push({ severity: "error", code: "entry-corrupt", message: `${JSON.stringify(name)}: ${message}`, path: name });
    };

    // Local header: must repeat what the directory says.
    if (localOffset + 30 > cdOffset || u32(localOffset) !== SIG_LOCAL) {
      fail("archive-invalid", `${JSON.stringify(name)}: no local header where the central directory points`);
    }
    const localFlags = u16(localOffset + 6);
    const localMethod = u16(localOffset + 8);
    const localNameLen = u16(localOffset + 26);
    const localExtraLen = u16(localOffset + 28);
    const dataOffset = localOffset + 30 + localNameLen + localExtraLen;
    if (dataOffset > cdOffset) fail("archive-invalid", `${JSON.stringify(name)}: local header runs into the central directory`);
    if (!equalBytes(bytes.subarray(localOffset + 30, localOffset + 30 + localNameLen), rawName)) {
      corrupt("the local header names a different file than the central directory (a known way to smuggle files past scanners)");
    }
    if (localMethod !== method) corrupt("the local header and the central directory disagree on the compression method");
    if ((localFlags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) !== (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION))) {
      corrupt("the local header and the central directory disagree on encryption");
    }
    let dataEnd = dataOffset + compressedSize;
    if (dataEnd > cdOffset) fail("archive-invalid", `${JSON.stringify(name)}: its data runs into the central directory`);
    let spanEnd = dataEnd;
    if (localFlags & FLAG_DESCRIPTOR) {
      const descriptor = readDescriptor(view, dataEnd, cdOffset, { crc, compressedSize, size }, zip64 !== null);
      if (!descriptor.matches) corrupt("its data descriptor disagrees with the central directory (CRC or sizes)");
      spanEnd = dataEnd + descriptor.length;
    } else {
      let localCompressed = u32(localOffset + 18);
      let localSize = u32(localOffset + 22);
      if (localCompressed === 0xffffffff || localSize === 0xffffffff) {
        const localZip64 = findExtra(bytes.subarray(localOffset + 30 + localNameLen, dataOffset), 0x0001);
        if (localZip64 && localZip64.length >= 16) {
          const z = new DataView(localZip64.buffer, localZip64.byteOffset, localZip64.byteLength);
          localSize = z.getUint32(4, true) * 2 ** 32 + z.getUint32(0, true);
          localCompressed = z.getUint32(12, true) * 2 ** 32 + z.getUint32(8, true);
        }
      }
      if (u32(localOffset + 14) !== crc || localCompressed !== compressedSize || localSize !== size) {
        corrupt("the local header and the central directory disagree on its CRC or sizes");
      }
    }
    dataEnd = spanEnd;
    entry.dataOffset = dataOffset;
    entries.push(entry);
    spans.push({ start: localOffset, end: dataEnd, name });
    p = next;
  }
  if (p !== cdEnd) fail("archive-invalid", `${formatNumber(cdEnd - p)} unexplained bytes at the end of the central directory`);

  // Entries must tile [0, cdOffset): a prefix is junk, a gap hides data, an overlap is the
  // "overlapping files" zip bomb (many directory records sharing one compressed stream).
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  let cursor = 0;
  for (const span of spans) {
    if (span.start < cursor) fail("archive-invalid", `${JSON.stringify(span.name)} overlaps the entry before it (a known zip-bomb technique)`);
    if (span.start > cursor) {
      if (cursor === 0) fail("archive-junk-before", `${formatNumber(span.start)} bytes come before the first ZIP entry`);
      fail("archive-invalid", `${formatNumber(span.start - cursor)} unexplained bytes before ${JSON.stringify(span.name)}`);
    }
    cursor = span.end;
  }
  if (cursor !== cdOffset) {
    if (spans.length === 0) fail("archive-junk-before", `${formatNumber(cdOffset)} bytes come before the ZIP archive`);
    fail("archive-invalid", `${formatNumber(cdOffset - cursor)} unexplained bytes before the central directory`);
  }
  return { entries, findings: [] };
}

/**
 * A data descriptor may or may not start with its signature. With the signature its length is
 * known even when its values lie, so the entry is reported rather than the whole layout.
 */
function readDescriptor(
  view: DataView,
  at: number,
  limit: number,
  expected: { crc: number; compressedSize: number; size: number },
  zip64: boolean,
): { length: number; matches: boolean } {
  const fieldSize = zip64 ? 8 : 4;
  const read = (o: number): number => (fieldSize === 8 ? view.getUint32(o + 4, true) * 2 ** 32 + view.getUint32(o, true) : view.getUint32(o, true));
  const matchesAt = (start: number): boolean =>
    view.getUint32(start, true) === expected.crc && read(start + 4) === expected.compressedSize && read(start + 4 + fieldSize) === expected.size;
  const bare = 4 + 2 * fieldSize;
  if (at + 4 + bare <= limit && view.getUint32(at, true) === SIG_DESCRIPTOR) return { length: 4 + bare, matches: matchesAt(at + 4) };
  if (at + bare <= limit && matchesAt(at)) return { length: bare, matches: true };
  return { length: 0, matches: false };
}

function findExtra(extra: Uint8Array, id: number): Uint8Array | null {
  let o = 0;
  while (o + 4 <= extra.length) {
    const headerId = extra[o] | (extra[o + 1] << 8);
    const size = extra[o + 2] | (extra[o + 3] << 8);
    if (o + 4 + size > extra.length) return null;
    if (headerId === id) return extra.subarray(o + 4, o + 4 + size);
    o += 4 + size;
  }
  return null;
}

const CP437_HIGH = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

function decodeName(raw: Uint8Array, flags: number, extra: Uint8Array): { name: string; badUtf8: boolean } {
  // Info-ZIP's Unicode path field wins when it matches the header name it was written for.
  const unicodePath = findExtra(extra, 0x7075);
  if (unicodePath && unicodePath.length > 5 && unicodePath[0] === 1) {
    const crc = new DataView(unicodePath.buffer, unicodePath.byteOffset, unicodePath.byteLength).getUint32(1, true);
    const text = decodeUtf8(unicodePath.subarray(5));
    if (text !== null && crc === crc32(raw)) return { name: text, badUtf8: false };
  }
  const utf8 = decodeUtf8(raw);
  if (flags & FLAG_UTF8) {
    return utf8 === null ? { name: new TextDecoder().decode(raw), badUtf8: true } : { name: utf8, badUtf8: false };
  }
  // Many tools write UTF-8 without the flag; only names that are not UTF-8 are read as CP437.
  if (utf8 !== null) return { name: utf8, badUtf8: false };
  let name = "";
  for (const b of raw) name += b < 0x80 ? String.fromCharCode(b) : CP437_HIGH[b - 0x80];
  return { name, badUtf8: false };
}

function entryType(madeBy: number, externalAttrs: number, name: string): EntryType {
  const host = madeBy >> 8;
  const mode = externalAttrs >>> 16;
  // Unix (3) and macOS (19) keep st_mode in the high half of the external attributes.
  if ((host === 3 || host === 19) && mode !== 0) {
    const format = mode & 0xf000;
    if (format === 0xa000) return "symlink";
    if (format === 0x4000) return "directory";
    if (format !== 0x8000 && format !== 0) return "special";
  }
  if (externalAttrs & 0x400) return "symlink"; // MS-DOS/NTFS reparse point
  if (name.endsWith("/") || externalAttrs & 0x10) return "directory";
  return "file";
}

function isExecutable(madeBy: number, externalAttrs: number): boolean {
  const host = madeBy >> 8;
  // Other hosts (MS-DOS, NTFS) have no execute bit; their high half means nothing.
  return (host === 3 || host === 19) && ((externalAttrs >>> 16) & 0o111) !== 0;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
