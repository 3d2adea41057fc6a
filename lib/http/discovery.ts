import { findDeliveredSkill, listDeliveredSkills, type DeliveredSkill } from "@/lib/data/discovery";
import { openSkillFile, readSkillVersionFiles, recordDownload } from "@/lib/data/skills";
import type { ViewerRef } from "@/lib/data/actor";
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
// rewrites these paths to app/api/agent-skills/[...path] (lib/http/rewrites.ts says why).
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
  files: DiscoveryFile[];
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
const query = (profileId: string | null) => (profileId ? `?profile=${encodeURIComponent(profileId)}` : "");
const sha = (hex: string) => `sha256:${hex}`;

/** Who asks: a read token, or a browser session. Signed out is 401 with the Bearer challenge. */
export async function discoveryViewer(request: Request): Promise<ViewerRef> {
  try {
    return (await authenticate(request, { scope: "read", session: true })).viewer;
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

/** `?profile=<id or name>`, or null. */
export function profileParam(request: Request): string | null {
  const value = new URL(request.url).searchParams.get("profile");
  if (value === null || value === "") return null;
  if (value.length > 100 || /[\u0000-\u001f\u007f]/.test(value))
    throw new HttpError(400, "bad_request", "profile must name one of your agent profiles (its name as the playground shows it, or its id).");
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

export async function buildDiscoveryIndex(viewer: ViewerRef, profileId: string | null): Promise<DiscoveryIndex> {
  const skills = (await listDeliveredSkills(viewer, { profile: profileId })).filter((s) => RFC_NAME.test(s.name));
  const archives = await archiveDigests(
    skills.filter((s) => !skillMdOnly(s)),
    async (s) => (await readSkillVersionFiles(viewer, s.skillId, s.version))?.files ?? null,
  );
  const entries: DiscoveryEntry[] = [];
  for (const skill of skills) {
    const single = skillMdOnly(skill);
    const archiveDigest = archives.get(skill.skillId);
    if (!single && !archiveDigest) continue;
    entries.push({
      name: skill.name,
      type: single ? "skill-md" : "archive",
      description: skill.description,
      url: single ? `${DISCOVERY_PATH}/${skill.name}/${encodePath(single)}${query(profileId)}` : `${DISCOVERY_PATH}/${skill.name}.zip${query(profileId)}`,
      digest: sha(single ? skill.files[0].sha256 : archiveDigest!),
      version: skill.version,
      skillId: skill.skillId,
      place: skill.place,
      reviewStatus: skill.reviewStatus,
      bundleDigest: sha(skill.bundleDigest),
      files: skill.files.map((f) => ({ path: f.path, size: f.size, digest: sha(f.sha256), executable: f.executable })),
    });
  }
  return { $schema: DISCOVERY_SCHEMA, skills: entries };
}

export async function discoveryIndexResponse(request: Request, viewer: ViewerRef): Promise<Response> {
  const body = JSON.stringify(await buildDiscoveryIndex(viewer, profileParam(request)));
  const bytes = new TextEncoder().encode(body);
  const headers = commonHeaders(`"${sha256Hex(bytes)}"`);
  if (ifNoneMatchHits(request.headers.get("if-none-match"), headers.get("etag")!)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/json");
  headers.set("Content-Length", String(bytes.byteLength));
  return new Response(request.method === "HEAD" ? null : (bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
}

const notFound = () => jsonError(404, "not_found", "No such skill or file in this index.");

/** An artifact or a file by its path below /.well-known/agent-skills/ (the segments as Next decoded them). */
export async function discoveryArtifactResponse(request: Request, viewer: ViewerRef, segments: readonly string[]): Promise<Response> {
  const profileId = profileParam(request);
  if (segments.length === 1 && segments[0].endsWith(".zip")) return archiveResponse(request, viewer, segments[0].slice(0, -".zip".length), profileId);
  if (segments.length < 2) return notFound();
  return fileResponse(request, viewer, segments[0], segments.slice(1).join("/"), profileId);
}

async function deliveredSkill(viewer: ViewerRef, name: string, profileId: string | null): Promise<DeliveredSkill | null> {
  if (!RFC_NAME.test(name)) return null;
  return findDeliveredSkill(viewer, name, { profile: profileId });
}

async function archiveResponse(request: Request, viewer: ViewerRef, name: string, profileId: string | null): Promise<Response> {
  const skill = await deliveredSkill(viewer, name, profileId);
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
  await recordDownload(viewer, skill.skillId, skill.version, { via: "discovery" });
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

async function fileResponse(request: Request, viewer: ViewerRef, name: string, path: string, profileId: string | null): Promise<Response> {
  const skill = await deliveredSkill(viewer, name, profileId);
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
  if (isSkillMd) await recordDownload(viewer, skill.skillId, skill.version, { via: "discovery" });
  return redirect ?? new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
