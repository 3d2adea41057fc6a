import { createHash } from "node:crypto";

// The ClawHub registry protocol's terms in ours, as pure rules: version labels, tags, owner
// handles, the CLI's folder fingerprint, list cursors and what a publish request may ask for.
// The data layer (lib/data/clawhub*.ts) and the routes (lib/http/clawhub*.ts) ask here.

/**
 * Versions here are numbered 1, 2, 3; ClawHub clients want semver (they compute the next one with
 * a patch bump). Version n is "n.0.0", so the order and the numbers stay the store's.
 */
export function versionLabel(number: number): string {
  return `${number}.0.0`;
}

/** The version number a client's version names: "3", "v3" or "3.0.0"; null for anything else. */
export function parseVersionLabel(label: string): number | null {
  const match = /^v?([1-9]\d{0,8})(?:\.0\.0)?$/.exec(label.trim());
  return match ? Number(match[1]) : null;
}

/** "1.2.3" as numbers; null when it is not a plain release version (pre-releases are not). */
export function parseSemver(value: string): [number, number, number] | null {
  const match = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/.exec(value.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * Why a publish may not ask for `requested` when the skill's current version is `current` (null:
 * a new skill); null when it may. The store numbers the version itself (the next number, as
 * n.0.0): the client's version must only be a release newer than the current one.
 */
export function publishVersionProblem(requested: string, current: number | null): string | null {
  const parsed = parseSemver(requested);
  if (!parsed) return `The version "${requested}" is not a release version such as 1.0.0 (pre-release and build suffixes are not supported).`;
  if (current === null || current === 0) return null;
  const [major, minor, patch] = parsed;
  const newer = major > current || (major === current && (minor > 0 || patch > 0));
  if (newer) return null;
  return `Version ${requested} is not newer than the current ${versionLabel(current)}. This registry numbers versions itself (the next is ${versionLabel(current + 1)}); publish with --version ${versionLabel(current + 1)} or leave --version out.`;
}

/** The one tag there is: release channels (labels) do not exist yet, so "latest" is the current version. */
export const LATEST_TAG = "latest";

/** Why a publish cannot set a tag; null for "latest" (a publish makes the current version). */
export function tagProblem(tag: string): string | null {
  if (tag === LATEST_TAG) return null;
  return `A publish sets the "${LATEST_TAG}" tag only; point "${tag}" at a version with PUT /api/v1/skills/{id}/labels/${encodeURIComponent(tag)} or the skill's history page.`;
}

/** A tag to read: "latest" (the current version) or one of the skill's release labels (tag name → version); why not otherwise. */
export function readTagProblem(tag: string, labels: Readonly<Record<string, number>>): string | null {
  if (tag === LATEST_TAG || labels[tag] !== undefined) return null;
  const known = [LATEST_TAG, ...Object.keys(labels).sort()].map((t) => `"${t}"`).join(", ");
  return `Unknown tag "${tag}": this skill's tags are ${known}.`;
}

/** Owner handles of the shared places; a person's own place is their email address. */
export const PUBLIC_HANDLE = "public";
export const BUILTIN_HANDLE = "builtin";

/**
 * A team's owner handle: its name lowercased with spaces as dashes ("Site Reliability" is
 * "site-reliability"). A team whose handle would be a shared place's goes by its id.
 */
export function teamHandle(team: { id: string; name: string }): string {
  const handle = team.name.trim().toLowerCase().replace(/\s+/g, "-");
  return handle === PUBLIC_HANDLE || handle === BUILTIN_HANDLE ? team.id : handle;
}

/** A handle as clients send it ("@Platform") compared the way handles are: without @, any case. */
export function normalizeHandle(handle: string): string {
  return handle.trim().replace(/^@+/, "").toLowerCase();
}

/** Whether a path is one ClawHub fingerprints skip: any segment starting with a dot. */
export function isDotPath(path: string): boolean {
  return path.split("/").some((segment) => segment.startsWith("."));
}

/**
 * The fingerprint ClawHub clients compute over a skill folder and send to `resolve`: sha256 over
 * "path:sha256" lines joined by newlines, sorted by path as JavaScript's localeCompare sorts them,
 * dot paths left out (the client skips them on disk).
 */
export function folderFingerprint(files: readonly { path: string; sha256: string }[]): string {
  const lines = files
    .filter((file) => file.path && file.sha256 && !isDotPath(file.path))
    .map((file) => ({ path: file.path, sha256: file.sha256 }))
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((file) => `${file.path}:${file.sha256}`);
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}

/** A keyset position in a list: the sort value and the id of the last item shown. */
export interface ListCursor {
  value: string;
  id: string;
}

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id]), "utf8").toString("base64url");
}

/** The cursor a list answered with; null when it is not one (a client must not make them up). */
export function decodeCursor(raw: string): ListCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === "string" && typeof parsed[1] === "string")
      return { value: parsed[0], id: parsed[1] };
  } catch {
    // not JSON: fall through
  }
  return null;
}

/** A file path a publish may carry: relative, "/"-separated, no empty, "." or ".." segment. */
export function publishPathProblem(path: string): string | null {
  if (!path || path.length > 1024) return "A file path must be 1 to 1024 characters.";
  if (path.startsWith("/") || path.includes("\\")) return `The file path "${path}" must be relative and use "/".`;
  if (path.split("/").some((segment) => segment === "" || segment === "." || segment === ".."))
    return `The file path "${path}" has an empty, "." or ".." segment.`;
  return null;
}
