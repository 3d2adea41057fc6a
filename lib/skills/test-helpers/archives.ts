import { deflateSync, gzipSync } from "fflate";
import { crc32 } from "../archive/crc32";

// Hand-made archives for the tests: every field can be set, so each hostile variant (lying sizes,
// links, overlaps, junk...) is built in code rather than checked in as an opaque binary.

export interface RawZipEntry {
  name: string | Uint8Array;
  data?: Uint8Array | string;
  /** 0 stored, 8 deflate (default), anything else is written as given. */
  method?: number;
  /** Replaces the compressed bytes (after `method` compression would have produced them). */
  compressed?: Uint8Array;
  crc?: number;
  size?: number;
  compressedSize?: number;
  flags?: number;
  madeBy?: number;
  externalAttrs?: number;
  /** Name written in the local header when it should differ from the central directory. */
  localName?: string;
  localCrc?: number;
  localSize?: number;
  /** Write sizes in a data descriptor (flag bit 3) instead of the local header. */
  descriptor?: boolean;
  descriptorSize?: number;
  extra?: Uint8Array;
}

export interface ZipOptions {
  prefix?: Uint8Array;
  suffix?: Uint8Array;
  comment?: string;
  /** Extra central-directory records pointing at an existing entry's local header. */
  aliases?: { name: string; target: number }[];
  /** Bytes inserted between two entries (after the entry at this index). */
  gapAfter?: { index: number; bytes: Uint8Array };
  /** Overrides the entry count written in the end record. */
  declaredEntries?: number;
}

const enc = new TextEncoder();
export const bytesOf = (data: Uint8Array | string | undefined): Uint8Array =>
  data === undefined ? new Uint8Array(0) : typeof data === "string" ? enc.encode(data) : data;

export const UNIX_FILE = ((3 << 8) | 20) as number;
export const S_IFLNK = 0o120000;
export const S_IFREG = 0o100000;
export const S_IFIFO = 0o010000;

export function buildZip(entries: RawZipEntry[], options: ZipOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  let offset = 0;
  const central: Uint8Array[] = [];
  const localOffsets: number[] = [];
  const records: { name: Uint8Array; entry: RawZipEntry; crc: number; size: number; csize: number; flags: number }[] = [];

  entries.forEach((entry, index) => {
    const name = typeof entry.name === "string" ? enc.encode(entry.name) : entry.name;
    const data = bytesOf(entry.data);
    const method = entry.method ?? 8;
    const compressed = entry.compressed ?? (method === 8 ? deflateSync(data) : data);
    const crc = entry.crc ?? crc32(data);
    const size = entry.size ?? data.length;
    const csize = entry.compressedSize ?? compressed.length;
    const flags = (entry.flags ?? 0x0800) | (entry.descriptor ? 0x0008 : 0);
    const localName = entry.localName !== undefined ? enc.encode(entry.localName) : name;
    const extra = entry.extra ?? new Uint8Array(0);

    const local = new Uint8Array(30 + localName.length + extra.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, flags, true);
    lv.setUint16(8, method, true);
    lv.setUint16(12, 0x21, true);
    if (!entry.descriptor) {
      lv.setUint32(14, entry.localCrc ?? crc, true);
      lv.setUint32(18, csize, true);
      lv.setUint32(22, entry.localSize ?? size, true);
    }
    lv.setUint16(26, localName.length, true);
    lv.setUint16(28, extra.length, true);
    local.set(localName, 30);
    local.set(extra, 30 + localName.length);
    localOffsets.push(offset);
    parts.push(local, compressed);
    offset += local.length + compressed.length;
    if (entry.descriptor) {
      const d = new Uint8Array(16);
      const dv = new DataView(d.buffer);
      dv.setUint32(0, 0x08074b50, true);
      dv.setUint32(4, crc, true);
      dv.setUint32(8, csize, true);
      dv.setUint32(12, entry.descriptorSize ?? size, true);
      parts.push(d);
      offset += 16;
    }
    if (options.gapAfter?.index === index) {
      parts.push(options.gapAfter.bytes);
      offset += options.gapAfter.bytes.length;
    }
    records.push({ name, entry, crc, size, csize, flags });
  });

  const writeCentral = (name: Uint8Array, r: (typeof records)[number], localOffset: number): void => {
    const extra = r.entry.extra ?? new Uint8Array(0);
    const c = new Uint8Array(46 + name.length + extra.length);
    const cv = new DataView(c.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, r.entry.madeBy ?? UNIX_FILE, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, r.flags, true);
    cv.setUint16(10, r.entry.method ?? 8, true);
    cv.setUint16(14, 0x21, true);
    cv.setUint32(16, r.crc, true);
    cv.setUint32(20, r.csize, true);
    cv.setUint32(24, r.size, true);
    cv.setUint16(28, name.length, true);
    cv.setUint16(30, extra.length, true);
    cv.setUint32(38, r.entry.externalAttrs ?? ((S_IFREG | 0o644) << 16) >>> 0, true);
    cv.setUint32(42, localOffset, true);
    c.set(name, 46);
    c.set(extra, 46 + name.length);
    central.push(c);
  };
  records.forEach((r, i) => writeCentral(r.name, r, localOffsets[i]));
  for (const alias of options.aliases ?? []) writeCentral(enc.encode(alias.name), records[alias.target], localOffsets[alias.target]);

  const cdStart = offset;
  const cdSize = central.reduce((n, c) => n + c.length, 0);
  const comment = enc.encode(options.comment ?? "");
  const end = new Uint8Array(22 + comment.length);
  const ev = new DataView(end.buffer);
  const count = options.declaredEntries ?? central.length;
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, count, true);
  ev.setUint16(10, count, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, cdStart, true);
  ev.setUint16(20, comment.length, true);
  end.set(comment, 22);
  parts.push(...central, end);
  if (options.suffix) parts.push(options.suffix);
  // a prefix is glued on afterwards, offsets unchanged, like `cat stub.exe skill.zip`
  return concat(options.prefix ? [options.prefix, ...parts] : parts);
}

export interface RawTarEntry {
  name: string;
  data?: Uint8Array | string;
  /** Tar typeflag: "0" file (default), "5" folder, "1" hard link, "2" symlink, "3" char device... */
  type?: string;
  linkname?: string;
  /** Declared size when it should lie about the data. */
  size?: number;
  /** Split a long name into ustar prefix + name. */
  prefix?: string;
  /** Write the name through a pax header (and a short placeholder in the ustar header). */
  pax?: boolean;
  /** Write the name through a GNU ././@LongLink header. */
  gnuLongName?: boolean;
  badChecksum?: boolean;
  /** Permission bits (default 0o644). */
  mode?: number;
}

export function buildTar(entries: RawTarEntry[], options: { end?: boolean; after?: Uint8Array; globalPax?: string } = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  if (options.globalPax !== undefined) {
    const body = paxRecords({ comment: options.globalPax });
    parts.push(tarHeader({ name: "pax_global_header", type: "g", size: body.length }), padBlock(body));
  }
  for (const entry of entries) {
    const data = bytesOf(entry.data);
    let name = entry.name;
    if (entry.pax) {
      const body = paxRecords({ path: entry.name });
      parts.push(tarHeader({ name: "PaxHeader/x", type: "x", size: body.length }), padBlock(body));
      name = "placeholder";
    } else if (entry.gnuLongName) {
      const body = enc.encode(`${entry.name}\0`);
      parts.push(tarHeader({ name: "././@LongLink", type: "L", size: body.length }), padBlock(body));
      name = entry.name.slice(0, 99);
    }
    parts.push(
      tarHeader({
        name,
        prefix: entry.prefix,
        type: entry.type ?? "0",
        size: entry.size ?? data.length,
        linkname: entry.linkname,
        badChecksum: entry.badChecksum,
        mode: entry.mode,
      }),
      padBlock(data),
    );
  }
  if (options.end !== false) parts.push(new Uint8Array(1024));
  if (options.after) parts.push(options.after);
  return concat(parts);
}

export function buildTarGz(entries: RawTarEntry[], options: Parameters<typeof buildTar>[1] = {}): Uint8Array {
  return gzipSync(buildTar(entries, options), { mtime: 0 });
}

function paxRecords(fields: Record<string, string>): Uint8Array {
  let out = "";
  for (const [key, value] of Object.entries(fields)) {
    const body = ` ${key}=${value}\n`;
    const bodyLength = enc.encode(body).length;
    let length = bodyLength + 1;
    while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
    out += `${length}${body}`;
  }
  return enc.encode(out);
}

function tarHeader(h: { name: string; prefix?: string; type: string; size: number; linkname?: string; badChecksum?: boolean; mode?: number }): Uint8Array {
  const block = new Uint8Array(512);
  const put = (text: string, at: number, length: number): void => {
    const b = enc.encode(text);
    block.set(b.subarray(0, length), at);
  };
  put(h.name, 0, 100);
  put(`${(h.mode ?? 0o644).toString(8).padStart(7, "0")}\0`, 100, 8);
  put("0000000\0", 108, 8);
  put("0000000\0", 116, 8);
  put(`${h.size.toString(8).padStart(11, "0")}\0`, 124, 12);
  put("00000000000\0", 136, 12);
  put(h.type, 156, 1);
  if (h.linkname) put(h.linkname, 157, 100);
  put("ustar\0", 257, 6);
  put("00", 263, 2);
  if (h.prefix) put(h.prefix, 345, 155);
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  if (h.badChecksum) sum += 1;
  put(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8);
  return block;
}

function padBlock(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 512) * 512);
  out.set(data);
  return out;
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Deterministic pseudo-random bytes (incompressible, like images). */
export function randomBytes(length: number, seed = 1): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

export const skillMd = (name: string, description = "Does a thing. Use when testing.", extra = ""): string =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n\nBody.\n`;
