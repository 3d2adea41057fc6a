import { exportSkillZip } from "@/lib/skills/archive/export";
import { executablePaths, sha256Hex } from "@/lib/skills/archive/digest";
import { readSkillVersionFiles, recordDownload } from "@/lib/data/skills";
import type { ViewerRef } from "@/lib/data/core";
import { noteDownload, noteInstall } from "@/lib/data/usage";
import { attachmentDisposition } from "./content-disposition";
import { notFoundResponse } from "./errors";
import { askedVersion, labelHeaders } from "./skill-labels";
import { ifNoneMatchHits } from "./etag";

/**
 * A skill version as the deterministic ZIP claude.ai and Claude Code accept (`<name>/SKILL.md`...),
 * for `?v=n` or the current version. The same content always gives the same bytes, so the bundle
 * digest is a strong ETag and If-None-Match answers 304 without building the archive. Anything
 * the viewer may not see is 404, never 403.
 */
export async function skillZipResponse(request: Request, viewer: ViewerRef, skillId: string, tokenLabel: string | null = null): Promise<Response> {
  const asked = await askedVersion(request, viewer, tokenLabel, skillId);
  const response = await versionZipResponse(request, viewer, skillId, asked.number, { label: asked.label !== null });
  for (const [name, value] of Object.entries(labelHeaders(asked.label))) response.headers.set(name, value);
  return response;
}

export interface VersionZipOptions {
  /** The files at the archive root instead of in a `<name>/` folder (ClawHub clients unpack it into the skill's folder). */
  root?: boolean;
  /** How the download came (its audit row's `via`). */
  via?: string;
  /** A label chose the version: it may move, so it is revalidated like the current one. */
  label?: boolean;
  /** Answered when the version is not there (default: the JSON 404). */
  notFound?: () => Response;
}

/** The version's (current when `number` is omitted) deterministic ZIP, recorded as a download; 304 on a matching If-None-Match. */
export async function versionZipResponse(
  request: Request,
  viewer: ViewerRef,
  skillId: string,
  number: number | undefined,
  options: VersionZipOptions = {},
): Promise<Response> {
  const version = await readSkillVersionFiles(viewer, skillId, number);
  if (!version) return options.notFound ? options.notFound() : notFoundResponse();

  const folderEtag = zipEtag(version.digest, version.files);
  // A root-level archive holds the same files in other bytes: its own tag.
  const etag = options.root ? `${folderEtag.slice(0, -1)}.root"` : folderEtag;
  const headers = new Headers({
    ETag: etag,
    // A pinned version never changes; the current one can, so revalidate it each time.
    "Cache-Control": number && !options.label ? "private, max-age=31536000, immutable" : "private, no-cache",
    Vary: "Authorization, Cookie",
    "X-Content-Type-Options": "nosniff",
    "X-Skill-Version": String(version.version),
  });
  if (ifNoneMatchHits(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });

  const zip = exportSkillZip(
    { name: version.name, files: version.files.map((f) => ({ path: f.path, bytes: f.bytes, executable: f.executable })) },
    { root: options.root },
  );
  await recordDownload(viewer, skillId, version.version, options.via ? { via: options.via } : undefined);
  if (options.via === "clawhub") noteInstall(viewer, skillId, version.version, "clawhub");
  else noteDownload(viewer, skillId, version.version);
  headers.set("Content-Type", "application/zip");
  headers.set("Content-Disposition", attachmentDisposition(`${version.name}-v${version.version}.zip`));
  headers.set("Content-Length", String(zip.byteLength));
  return new Response(zip as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/**
 * The bundle digest names the bytes but not the execute bits (the discovery index keys on it as
 * it is), and a version that only made a script executable has the same digest as the one before:
 * the archive differs, so the tag must too. Without executable files it is the digest alone.
 */
function zipEtag(digest: string, files: readonly { path: string; executable?: boolean }[]): string {
  const executables = executablePaths(files);
  return executables.length ? `"${digest}.x${sha256Hex(new TextEncoder().encode(executables.join("\0"))).slice(0, 16)}"` : `"${digest}"`;
}
