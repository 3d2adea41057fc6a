import { formatNumber } from "../../display";
import { type Finding, type FindingCode } from "./findings";
import { utf8ByteLength } from "./text";

// Entry names decide where files land once someone unpacks or exports a skill, so every name is
// checked the same way whether it came from a ZIP, a tarball or a folder picked in the browser.

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const WINDOWS_CHARS = /[<>:"|?*]/;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

export interface CheckedPath {
  /** The name with a leading "./" (common in tarballs) and a directory's trailing "/" removed. */
  path: string;
  findings: Finding[];
}

/**
 * Applies every path rule and reports each one broken, naming the entry.
 * `byteLength` is the stored name's size when known (archives), else the UTF-8 length.
 */
export function checkEntryPath(raw: string, maxPathBytes: number, byteLength?: number): CheckedPath {
  const findings: Finding[] = [];
  // "./" is how `tar -C dir .` names the archive root; it is no file, and nothing to reject.
  if (raw === "." || /^(\.\/)+$/.test(raw)) return { path: "", findings };
  const reject = (code: FindingCode, rule: string): void => {
    findings.push({ severity: "error", code, message: `${JSON.stringify(raw)}: ${rule}`, path: raw });
  };

  const bytes = byteLength ?? utf8ByteLength(raw);
  if (bytes > maxPathBytes) reject("path-too-long", `the path is ${formatNumber(bytes)} bytes; the limit is ${formatNumber(maxPathBytes)}`);
  if (raw.includes("\\")) reject("path-backslash", "contains a backslash; archive paths separate folders with /, and \\ can escape the folder on Windows");
  if (CONTROL.test(raw)) reject("path-control-char", "contains a control character");
  if (BIDI.test(raw)) reject("path-bidi-char", "contains a bidirectional-text control character, which can disguise the real name");
  if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw)) reject("path-absolute", "is an absolute path; entries must be relative to the archive");

  let path = raw;
  while (path.startsWith("./")) path = path.slice(2);
  if (path.endsWith("/")) path = path.slice(0, -1);
  const segments = path.split("/");
  if (path === "" || segments.some((s) => s === "" || s === ".")) {
    if (!raw.startsWith("/")) reject("path-empty-segment", 'has an empty or "." path segment');
  }
  if (segments.includes("..")) reject("path-traversal", 'contains "..", which would write outside the skill folder');
  const reserved = segments.filter((s) => s !== "" && s !== "." && s !== ".." && isWindowsReserved(s));
  if (reserved.length > 0) {
    reject(
      "path-windows-reserved",
      `uses ${reserved.map((s) => JSON.stringify(s)).join(", ")}, which Windows cannot store (device names, < > : " | ? *, or a trailing dot or space)`,
    );
  }
  return { path, findings };
}

function isWindowsReserved(segment: string): boolean {
  if (WINDOWS_CHARS.test(segment)) return true;
  if (segment.endsWith(".") || segment.endsWith(" ")) return true;
  const stem = segment.split(".")[0];
  return WINDOWS_DEVICE.test(stem.trimEnd());
}

/** Two names that one file system would treat as one file (case, Unicode form, compatibility forms). */
export function collisionKey(path: string): string {
  return path.normalize("NFKC").toLowerCase();
}

export type SkipReason = "hidden folder" | "macOS resource fork folder (__MACOSX)" | "macOS folder settings (.DS_Store)";

/** Why an entry is left out of the bundle, with the folder (or file) that explains it. */
export function skipReason(path: string, isDirectory: boolean): { reason: SkipReason; prefix: string } | null {
  const segments = path.split("/");
  const folders = isDirectory ? segments : segments.slice(0, -1);
  for (let i = 0; i < folders.length; i++) {
    const s = folders[i];
    const prefix = `${segments.slice(0, i + 1).join("/")}/`;
    if (s === "__MACOSX") return { reason: "macOS resource fork folder (__MACOSX)", prefix };
    if (s.startsWith(".") && s !== "." && s !== "..") return { reason: "hidden folder", prefix };
  }
  if (!isDirectory && segments[segments.length - 1] === ".DS_Store") return { reason: "macOS folder settings (.DS_Store)", prefix: path };
  return null;
}

export function dirname(path: string): string {
  const i = path.lastIndexOf("/");
  return i === -1 ? "" : path.slice(0, i);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/**
 * The SKILL.md among a folder's file names: SKILL.md, else skill.md (the reference validator
 * accepts both), else null.
 */
export function findSkillMd(names: readonly string[]): string | null {
  if (names.includes("SKILL.md")) return "SKILL.md";
  if (names.includes("skill.md")) return "skill.md";
  return null;
}
