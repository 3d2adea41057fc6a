import { deflateSync } from "fflate";
import { crc32 } from "./crc32";
import { COMPRESSED_MEDIA_TYPES, sniffBinary } from "../format/media-type";
import { checkEntryPath, collisionKey, skipReason } from "../format/paths";
import { DEFAULT_LIMITS } from "../format/limits";

export interface ExportSkill {
  /** The skill name: the single top folder of the archive (unless `root` is set). */
  name: string;
  /** Paths relative to the skill folder; SKILL.md among them. `executable` files are written 755, the rest 644. */
  files: { path: string; bytes: Uint8Array; executable?: boolean }[];
}

export interface ExportOptions {
  /**
   * Deflate text and other compressible files (default false: every file stored). Stored output
   * depends on nothing but the ZIP format, so it stays byte-identical across library upgrades;
   * deflated output is identical for a given fflate version. Skills are small, and storing is
   * ten times faster.
   */
  compress?: boolean;
  /**
   * Files at the archive root, no `name/` folder around them: the layout the agent skills
   * discovery RFC requires of its archives (SKILL.md at the root). Default false.
   */
  root?: boolean;
}

// 1980-01-01 00:00:00, the earliest MS-DOS timestamp: no clock, time zone or umask leaks into
// the archive, so the same skill always packs to the same bytes.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const MADE_BY_UNIX = (3 << 8) | 20;
const FILE_ATTRS = (0o100644 << 16) >>> 0;
// Git-like: the execute bit is the only permission a skill keeps (unzip restores it from here).
const EXECUTABLE_ATTRS = (0o100755 << 16) >>> 0;
const DIR_ATTRS = ((0o40755 << 16) | 0x10) >>> 0;
const FLAG_UTF8 = 0x0800;
// Fixed, so output never changes with a library default (fflate is pure JS: the same bytes on
// every platform).
const DEFLATE_LEVEL = 6;

interface Entry {
  name: Uint8Array;
  data: Uint8Array;
  method: 0 | 8;
  crc: number;
  size: number;
  directory: boolean;
  executable: boolean;
}

/**
 * A deterministic ZIP of one skill: `name/` as the only top folder (the layout claude.ai and the
 * Claude API accept), or the files at the root with `root`; folders and files sorted, fixed
 * timestamps and permissions, UTF-8 names, files stored unless `compress` is set. The only permission kept is the execute bit (755 or 644).
 * Throws on names that readBundle would reject, so an export always imports back unchanged.
 */
export function exportSkillZip(skill: ExportSkill, options: ExportOptions = {}): Uint8Array {
  assertSafeName(skill.name, "skill name");
  if (skill.name.includes("/")) throw new Error(`skill name ${JSON.stringify(skill.name)} must be a single folder name`);

  if (!skill.files.some((f) => f.path === "SKILL.md" || f.path === "skill.md")) throw new Error("a skill needs a SKILL.md at its top");

  // Every entry name is `prefix + path`; the checks below see the same names the archive holds.
  const prefix = options.root ? "" : `${skill.name}/`;
  const seen = new Map<string, string>();
  const folders = new Set<string>(options.root ? [] : [prefix]);
  for (const file of skill.files) {
    assertSafeName(`${skill.name}/${file.path}`, "file path");
    // the importer leaves these out, so exporting them would break import(export(x)) === x
    if (skipReason(file.path, false)) throw new Error(`cannot export ${JSON.stringify(file.path)}: hidden folders and macOS metadata are not part of a skill`);
    const key = collisionKey(file.path);
    const twin = seen.get(key);
    if (twin !== undefined) throw new Error(`file paths ${JSON.stringify(twin)} and ${JSON.stringify(file.path)} collide`);
    seen.set(key, file.path);
    const parts = file.path.split("/");
    for (let i = 1; i < parts.length; i++) folders.add(`${prefix}${parts.slice(0, i).join("/")}/`);
  }
  for (const folder of folders) {
    if (seen.has(collisionKey(folder.slice(prefix.length, -1)))) throw new Error(`${JSON.stringify(folder)} is both a file and a folder`);
  }

  const encoder = new TextEncoder();
  const entries: Entry[] = [];
  for (const folder of folders) {
    entries.push({ name: encoder.encode(folder), data: new Uint8Array(0), method: 0, crc: 0, size: 0, directory: true, executable: false });
  }
  for (const file of skill.files) {
    const data = file.bytes;
    const crc = crc32(data);
    let method: 0 | 8 = 0;
    let stored = data;
    const binary = sniffBinary(data);
    if (options.compress && data.length > 0 && !(binary && COMPRESSED_MEDIA_TYPES.has(binary))) {
      const deflated = deflateSync(data, { level: DEFLATE_LEVEL });
      if (deflated.length < data.length) {
        method = 8;
        stored = deflated;
      }
    }
    entries.push({
      name: encoder.encode(`${prefix}${file.path}`),
      data: stored,
      method,
      crc,
      size: data.length,
      directory: false,
      executable: file.executable === true,
    });
  }
  entries.sort((a, b) => compareBytes(a.name, b.name));
  if (entries.length > 0xffff) throw new Error("too many files for a ZIP without ZIP64");

  let localSize = 0;
  let centralSize = 0;
  for (const e of entries) {
    localSize += 30 + e.name.length + e.data.length;
    centralSize += 46 + e.name.length;
  }
  if (localSize + centralSize + 22 > 0xffffffff) throw new Error("skill too large for a ZIP without ZIP64");
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  let o = 0;
  const offsets: number[] = [];
  for (const e of entries) {
    offsets.push(o);
    view.setUint32(o, 0x04034b50, true);
    view.setUint16(o + 4, e.method === 8 ? 20 : 10, true);
    view.setUint16(o + 6, FLAG_UTF8, true);
    view.setUint16(o + 8, e.method, true);
    view.setUint16(o + 10, DOS_TIME, true);
    view.setUint16(o + 12, DOS_DATE, true);
    view.setUint32(o + 14, e.crc, true);
    view.setUint32(o + 18, e.data.length, true);
    view.setUint32(o + 22, e.size, true);
    view.setUint16(o + 26, e.name.length, true);
    view.setUint16(o + 28, 0, true);
    out.set(e.name, o + 30);
    out.set(e.data, o + 30 + e.name.length);
    o += 30 + e.name.length + e.data.length;
  }
  const centralStart = o;
  entries.forEach((e, i) => {
    view.setUint32(o, 0x02014b50, true);
    view.setUint16(o + 4, MADE_BY_UNIX, true);
    view.setUint16(o + 6, e.method === 8 ? 20 : 10, true);
    view.setUint16(o + 8, FLAG_UTF8, true);
    view.setUint16(o + 10, e.method, true);
    view.setUint16(o + 12, DOS_TIME, true);
    view.setUint16(o + 14, DOS_DATE, true);
    view.setUint32(o + 16, e.crc, true);
    view.setUint32(o + 20, e.data.length, true);
    view.setUint32(o + 24, e.size, true);
    view.setUint16(o + 28, e.name.length, true);
    // extra, comment, disk, internal attributes stay 0
    view.setUint32(o + 38, e.directory ? DIR_ATTRS : e.executable ? EXECUTABLE_ATTRS : FILE_ATTRS, true);
    view.setUint32(o + 42, offsets[i], true);
    out.set(e.name, o + 46);
    o += 46 + e.name.length;
  });
  view.setUint32(o, 0x06054b50, true);
  view.setUint16(o + 8, entries.length, true);
  view.setUint16(o + 10, entries.length, true);
  view.setUint32(o + 12, o - centralStart, true);
  view.setUint32(o + 16, centralStart, true);
  return out;
}

function assertSafeName(path: string, what: string): void {
  const checked = checkEntryPath(path, DEFAULT_LIMITS.maxPathBytes);
  if (checked.findings.length > 0 || checked.path !== path || path === "") {
    const reason = checked.findings[0]?.message ?? "is not a plain relative path";
    throw new Error(`cannot export ${what} ${JSON.stringify(path)}: ${reason}`);
  }
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
