import { findDeliveredSkill, listDeliveredSkills, type DeliveredSkill, type DeliveryOptions } from "@/lib/data/distribution";
import { openSkillFile, readSkillVersionFiles, recordDownload } from "@/lib/data/skills";
import type { ViewerRef } from "@/lib/data/core";
import { discoveryChannel, noteInstall } from "@/lib/data/usage";
import { sha256Hex } from "@/lib/skills/archive/digest";
import { authenticate } from "./auth";
import { attachmentDisposition } from "./content-disposition";
import { archiveDigests, buildAndRemember, knownArchiveDigest } from "./discovery-archive";
import { HttpError, jsonError } from "./errors";
import { ifNoneMatchHits } from "./etag";
import { presignedRedirect, untrustedFileHeaders } from "./untrusted-file";

// The Agent Skills Discovery index (Cloudflare's RFC v0.2.0) and its artifacts, per viewer:
//   GET /.well-known/agent-skills/index.json            the skills this viewer's agents get
//   GET /.well-known/agent-skills/<name>/SKILL.md       a skill-md artifact (and every other file by path)
//   GET /.well-known/agent-skills/<name>.zip            an archive artifact: the files at the root
// `?profile=<id or name>` narrows everything to one of the viewer's agent profiles. next.config.ts
// rewrites these paths to app/api/agent-skills/[...path] (lib/http/rewrites.ts says why). The same
// index and artifacts are served under a delivery link, /feeds/<secret>/.well-known/agent-skills/
// (lib/http/feeds.ts), with URLs relative to the index.
//
// Each entry carries the RFC's fields and some of ours, which RFC clients ignore: `version`,
// `skillId`, `place`, `reviewStatus`, `bundleDigest` and `files` (per-file digests, which the
// sync CLI uses to fetch only the files that changed). The RFC's `digest` is the sha256 of the
// artifact's raw bytes; `bundleDigest` is the store's digest over the sorted "path NUL sha256 LF"
// lines. They are different numbers (see discovery.test.ts).

export const DISCOVERY_SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";
export const DISCOVERY_PATH = "/.well-known/agent-skills";

export interface DiscoveryFile {
  path: string;
  size: number;
  digest: string;
  executable: boolean;
}

export interface DiscoveryEntry {
  name: string;
  type: "skill-md" | "archive";
  description: string;
  url: string;
  digest: string;
  version: number;
  skillId: string;
  place: string;
  reviewStatus: string;
  bundleDigest: string;
  /** The release label that answered (lib/skills/permissions/labels.ts), "pinned" for a profile's pin. */
  label: string;
  /** Present when the label asked for is not on this skill: its current version answered instead. */
  labelFallback?: true;
  /** Per-file digests (the well-known index, for the sync CLI), or the v0.1 RFC's list of paths (a delivery link's index, for older clients). */
  files: DiscoveryFile[] | string[];
}

/**
 * What an index and its artifacts are read as: whose delivery, narrowed how, where the index's
 * artifact URLs point and how a delivery is recorded. The well-known index is per signed-in
 * viewer, with absolute URLs that carry `?profile=`; a delivery link's (lib/http/feeds.ts) has
 * URLs relative to the index, so the secret in the link's path carries through to every artifact.
 */
export interface DeliverySource {
  viewer: ViewerRef;
  options: DeliveryOptions;
  urls: "absolute" | "relative";
  record: (skill: DeliveredSkill) => Promise<unknown>;
  /** Counts the delivery in the usage events: on every artifact or file, since a client updating one file fetches only that (installs count once per version). */
  note: (skill: DeliveredSkill) => void;
}

export interface DiscoveryIndex {
  $schema: string;
  skills: DiscoveryEntry[];
}

// The RFC's name rule (the Agent Skills spec's): the store enforces it on upload, and a name that
// somehow breaks it is left out rather than handed to clients that would write it to disk.
const RFC_NAME = /^(?!-)(?!.*--)[a-z0-9-]{1,64}(?<!-)$/;

/** A version whose only file is SKILL.md goes out as that file; anything more as an archive. */
function skillMdOnly(skill: DeliveredSkill): string | null {
  return skill.files.length === 1 && skill.files[0].path.toLowerCase() === "skill.md" ? skill.files[0].path : null;
}

const encodePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");
// Percent-encoded (a space as %20, not URLSearchParams' "+"): a client that copies the URL into a
// path or a lockfile keeps what a person reads as the profile's name.
function query(options: DeliveryOptions): string {
  const pairs = [
    ["profile", options.profile],
    ["label", options.label],
  ].flatMap(([key, value]) => (value ? [`${key}=${encodeURIComponent(value)}`] : []));
  return pairs.length ? `?${pairs.join("&")}` : "";
}
const sha = (hex: string) => `sha256:${hex}`;

/** Who asks, and the release label their token follows (null for a session). */
export type DiscoveryCaller = ViewerRef & { tokenLabel: string | null };

/** Who asks: a read token, or a browser session. Signed out is 401 with the Bearer challenge. */
export async function discoveryViewer(request: Request): Promise<DiscoveryCaller> {
  try {
    const { viewer, token } = await authenticate(request, { scope: "read", session: true });
    return { id: viewer.id, tokenId: viewer.tokenId, tokenLabel: token?.label ?? null };
  } catch (error) {
    if (error instanceof HttpError && error.status === 401 && request.headers.get("authorization") === null) {
      throw new HttpError(
        401,
        "unauthorized",
        "This index lists the skills you may see, so it needs to know who you are: send a personal access token as Authorization: Bearer sks_... (create a read token on your account page; the sync CLI reads it from SKILLSHELF_TOKEN).",
        {},
        error.headers,
      );
    }
    throw error;
  }
}

/** The well-known index's source: the signed-in viewer, narrowed by `?profile=`, following `?label=` (else the token's label, else a profile's). */
export function wellKnownSource(request: Request, caller: DiscoveryCaller): DeliverySource {
  const viewer: ViewerRef = caller.tokenId ? { id: caller.id, tokenId: caller.tokenId } : { id: caller.id };
  const label = labelParam(request) ?? (caller.tokenLabel === "latest" ? null : caller.tokenLabel);
  return {
    viewer,
    options: { profile: profileParam(request), label },
    urls: "absolute",
    record: (skill) => recordDownload(viewer, skill.skillId, skill.version, { via: "discovery" }),
    note: (skill) => noteInstall(viewer, skill.skillId, skill.version, discoveryChannel(request)),
  };
}

/** `?profile=<id or name>`, or null. */
export function profileParam(request: Request): string | null {
  const value = new URL(request.url).searchParams.get("profile");
  if (value === null || value === "") return null;
  if (value.length > 100 || /[\u0000-\u001f\u007f]/.test(value))
    throw new HttpError(400, "bad_request", "profile must name one of your agent profiles (its name as the playground shows it, or its id).");
  return value;
}

/** `?label=<name>`, or null; a malformed one is 400 naming the rule. */
export function labelParam(request: Request): string | null {
  const value = new URL(request.url).searchParams.get("label");
  if (value === null || value === "") return null;
  if (!/^[a-z][a-z0-9-]{0,31}$/.test(value))
    throw new HttpError(
      400,
      "bad_request",
      `label ${JSON.stringify(value.slice(0, 40))} is not a label name: 1 to 32 lowercase letters, digits and dashes (latest, stable, beta or a team's own).`,
    );
  return value;
}

const commonHeaders = (etag: string) =>
  new Headers({
    ETag: etag,
    // Per viewer, and the skills behind it change: caches may keep it, but must ask again each time.
    "Cache-Control": "private, no-cache",
    Vary: "Authorization, Cookie",
    "X-Content-Type-Options": "nosniff",
  });

export async function buildDiscoveryIndex(source: DeliverySource): Promise<DiscoveryIndex> {
  const { viewer, options } = source;
  const skills = (await listDeliveredSkills(viewer, options)).filter((s) => RFC_NAME.test(s.name));
  const archives = await archiveDigests(
    skills.filter((s) => !skillMdOnly(s)),
    async (s) => (await readSkillVersionFiles(viewer, s.skillId, s.version))?.files ?? null,
  );
  // Relative to the index itself (…/.well-known/agent-skills/index.json), which RFC clients resolve against.
  const base = source.urls === "relative" ? "" : `${DISCOVERY_PATH}/`;
  const suffix = source.urls === "relative" ? "" : query(options);
  const entries: DiscoveryEntry[] = [];
  for (const skill of skills) {
    const single = skillMdOnly(skill);
    const archiveDigest = archives.get(skill.skillId);
    if (!single && !archiveDigest) continue;
    entries.push({
      name: skill.name,
      type: single ? "skill-md" : "archive",
      description: skill.description,
      url: single ? `${base}${skill.name}/${encodePath(single)}${suffix}` : `${base}${skill.name}.zip${suffix}`,
      digest: sha(single ? skill.files[0].sha256 : archiveDigest!),
      version: skill.version,
      skillId: skill.skillId,
      place: skill.place,
      reviewStatus: skill.reviewStatus,
      bundleDigest: sha(skill.bundleDigest),
      label: skill.label,
      ...(skill.labelFallback ? { labelFallback: true as const } : {}),
      files:
        source.urls === "relative"
          ? skill.files.map((f) => f.path)
          : skill.files.map((f) => ({ path: f.path, size: f.size, digest: sha(f.sha256), executable: f.executable })),
    });
  }
  return { $schema: DISCOVERY_SCHEMA, skills: entries };
}

export async function discoveryIndexResponse(request: Request, source: DeliverySource): Promise<Response> {
  const body = JSON.stringify(await buildDiscoveryIndex(source));
  const bytes = new TextEncoder().encode(body);
  const headers = commonHeaders(`"${sha256Hex(bytes)}"`);
  if (ifNoneMatchHits(request.headers.get("if-none-match"), headers.get("etag")!)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/json");
  headers.set("Content-Length", String(bytes.byteLength));
  return new Response(request.method === "HEAD" ? null : (bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
}

const notFound = () => jsonError(404, "not_found", "No such skill or file in this index.");

/** An artifact or a file by its path below /.well-known/agent-skills/ (the segments as Next decoded them). */
export async function discoveryArtifactResponse(request: Request, source: DeliverySource, segments: readonly string[]): Promise<Response> {
  if (segments.length === 1 && segments[0].endsWith(".zip")) return archiveResponse(request, source, segments[0].slice(0, -".zip".length));
  if (segments.length < 2) return notFound();
  return fileResponse(request, source, segments[0], segments.slice(1).join("/"));
}

async function deliveredSkill(source: DeliverySource, name: string): Promise<DeliveredSkill | null> {
  if (!RFC_NAME.test(name)) return null;
  return findDeliveredSkill(source.viewer, name, source.options);
}

async function archiveResponse(request: Request, source: DeliverySource, name: string): Promise<Response> {
  const { viewer } = source;
  const skill = await deliveredSkill(source, name);
  if (!skill) return notFound();
  const known = knownArchiveDigest(skill);
  if (known && ifNoneMatchHits(request.headers.get("if-none-match"), `"${known}"`))
    return new Response(null, { status: 304, headers: commonHeaders(`"${known}"`) });
  const version = await readSkillVersionFiles(viewer, skill.skillId, skill.version);
  if (!version) return notFound();
  const { bytes, digest } = buildAndRemember(skill, version.files);
  const headers = commonHeaders(`"${digest}"`);
  headers.set("X-Skill-Version", String(skill.version));
  if (ifNoneMatchHits(request.headers.get("if-none-match"), `"${digest}"`)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/zip");
  headers.set("Content-Disposition", attachmentDisposition(`${skill.name}.zip`));
  headers.set("Content-Length", String(bytes.byteLength));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  await source.record(skill);
  source.note(skill);
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

async function fileResponse(request: Request, source: DeliverySource, name: string, path: string): Promise<Response> {
  const { viewer } = source;
  const skill = await deliveredSkill(source, name);
  const file = skill?.files.find((f) => f.path === path);
  if (!skill || !file) return notFound();
  const etag = `"${file.sha256}"`;
  const isSkillMd = path.toLowerCase() === "skill.md";
  const headers = untrustedFileHeaders({ mediaType: isSkillMd ? "text/markdown" : file.mediaType, fileName: path.slice(path.lastIndexOf("/") + 1) });
  for (const [key, value] of commonHeaders(etag)) headers.set(key, value);
  headers.set("X-Skill-Version", String(skill.version));
  if (ifNoneMatchHits(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(file.size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  const stored = await openSkillFile(viewer, skill.skillId, path, skill.version);
  if (!stored) return notFound();
  const redirect = await presignedRedirect(stored.content, headers);
  const bytes = redirect ? null : await stored.content.read();
  // One download per skill fetched, not one per file: SKILL.md is what every fetch of a skill reads.
  if (isSkillMd) await source.record(skill);
  source.note(skill);
  return redirect ?? new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
