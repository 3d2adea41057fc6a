import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";
import { sha256Hex } from "@/lib/skills/archive/digest";
import { publishPathProblem, publishVersionProblem, tagProblem, versionLabel } from "@/lib/skills/clawhub/protocol";
import type { ProposalOutcome } from "@/lib/types/reviews";
import { db } from "@/lib/db/server";
import { loadActor, type ViewerRef } from "../core/actor";
import { loadFileBytes, putBlobs, writeBlobRows } from "../platform/blobs";
import { resolveOwnerHandle, type Place } from "./clawhub";
import { DataError } from "../errors";
import { commitUpload, findSkillsInDestination, intakeFor, readUploadSources, type DestinationInput } from "../intake";

// Publishing from a ClawHub client: each file is staged on its own (an upload ticket, the bytes,
// a storage id), then one publish names them all. The staged bytes sit in the blob store like any
// upload's until the publish references them (the collector takes unreferenced blobs after
// BLOB_GRACE_HOURS). The publish itself is an ordinary upload of one folder, so it goes through
// the same validation, security scan, destination rules and review policy as every upload.

/** How long a ticket or a storage id lasts: the CLI uploads and publishes within seconds. */
const TICKET_TTL_MS = 60 * 60 * 1000;

interface StagedClaim {
  /** "upload": may send these bytes; "stored": these bytes were received from this user. */
  kind: "upload" | "stored";
  user: string;
  sha256: string;
  size: number;
  path: string;
  expires: number;
}

function signingKey(): Buffer {
  const secret = getEnv().BETTER_AUTH_SECRET;
  if (!secret) throw new DataError("FORBIDDEN", "Publishing through the ClawHub API needs BETTER_AUTH_SECRET set on the server.");
  return Buffer.from(hkdfSync("sha256", secret, "skillshelf", "clawhub staged uploads v1", 32));
}

function sign(claim: StagedClaim): string {
  const payload = Buffer.from(JSON.stringify(claim), "utf8").toString("base64url");
  return `${payload}.${createHmac("sha256", signingKey()).update(payload).digest("base64url")}`;
}

/**
 * A ticket or storage id's claim, when this server signed it for this user and it has not expired.
 * Signed, because a storage id names bytes by their digest: without the signature anyone who knew
 * a digest could publish (and so read) a file of a skill they cannot see.
 */
function verify(token: string, kind: StagedClaim["kind"], userId: string): StagedClaim {
  const [payload, mac] = token.split(".");
  const expected = payload ? createHmac("sha256", signingKey()).update(payload).digest() : null;
  const given = mac ? Buffer.from(mac, "base64url") : null;
  const what = kind === "upload" ? "upload ticket" : "storage id";
  if (!expected || !given || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new DataError("INVALID", `The ${what} is not one this server gave out.`);
  const claim = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as StagedClaim;
  if (claim.kind !== kind || claim.user !== userId) throw new DataError("INVALID", `The ${what} was given to someone else, or for something else.`);
  if (claim.expires < Date.now()) throw new DataError("INVALID", `The ${what} expired; run the publish again.`);
  return claim;
}

export interface StageRequest {
  path: string;
  size: number;
  sha256: string;
}

/** A ticket to upload one file's bytes, after checking what the client says about them. */
export async function issueUploadTicket(viewer: ViewerRef, file: StageRequest): Promise<string> {
  const actor = await loadActor(db, viewer);
  const problem = publishPathProblem(file.path);
  if (problem) throw new DataError("INVALID", problem, { field: "path" });
  if (!/^[0-9a-f]{64}$/i.test(file.sha256)) throw new DataError("INVALID", "sha256 must be the file's SHA-256 as 64 hex digits.", { field: "sha256" });
  const { maxFileBytes } = getEnv().limits;
  if (!Number.isSafeInteger(file.size) || file.size < 0 || file.size > maxFileBytes)
    throw new DataError("INVALID", `${file.path} is ${file.size} bytes; a file may hold at most ${maxFileBytes} bytes.`, { field: "size" });
  return sign({ kind: "upload", user: actor.id, sha256: file.sha256.toLowerCase(), size: file.size, path: file.path, expires: Date.now() + TICKET_TTL_MS });
}

/** The bytes a ticket announced: checked against it, stored, and answered with a storage id. */
export async function stageUpload(viewer: ViewerRef, ticket: string, bytes: Uint8Array): Promise<string> {
  const actor = await loadActor(db, viewer);
  const claim = verify(ticket, "upload", actor.id);
  if (bytes.byteLength !== claim.size) throw new DataError("INVALID", `${claim.path}: ${bytes.byteLength} bytes arrived; the ticket is for ${claim.size}.`);
  if (sha256Hex(bytes) !== claim.sha256) throw new DataError("INVALID", `${claim.path}: the bytes that arrived do not have the SHA-256 the ticket names.`);
  const blobs = await putBlobs([{ sha256: claim.sha256, bytes }]);
  await db.$transaction((tx) => writeBlobRows(tx, blobs));
  return sign({ ...claim, kind: "stored", expires: Date.now() + TICKET_TTL_MS });
}

export interface PublishRequest {
  slug: string;
  ownerHandle?: string | null;
  version: string;
  changelog: string;
  tags: string[];
  files: { path: string; size: number; sha256: string; storageId: string }[];
}

export interface PublishResult {
  skillId: string;
  versionId: string;
  slug: string;
  version: string;
  /** "pending": proposed for review (agents keep the current version until it is approved). */
  status: "published" | "pending";
  proposal: ProposalOutcome | null;
}

function destinationOf(place: Place): DestinationInput {
  if (place.scope === "BUILTIN") throw new DataError("FORBIDDEN", "Built-in skills come with the server; nobody publishes into them.");
  if (place.scope === "TEAM") return { scope: "team", team: place.teamId };
  return { scope: place.scope === "PUBLIC" ? "public" : "personal" };
}

/**
 * Publish the staged files as one skill into the place the owner handle names (the viewer's own
 * without one): an upload of one folder named by the slug, which must be the skill's name.
 */
export async function publishClawhubSkill(viewer: ViewerRef, request: PublishRequest): Promise<PublishResult> {
  const actor = await loadActor(db, viewer);
  for (const tag of request.tags) {
    const problem = tagProblem(tag);
    if (problem) throw new DataError("INVALID", problem, { field: "tags" });
  }
  if (!request.files.length) throw new DataError("INVALID", "The publish names no files.");
  // Before any bytes are loaded: a publish may name a staged file many times over.
  const { maxSkillFiles, maxSkillBytes } = getEnv().limits;
  if (request.files.length > maxSkillFiles)
    throw new DataError("INVALID", `The publish names ${request.files.length} files; a skill may hold at most ${maxSkillFiles}.`, { field: "files" });
  const total = request.files.reduce((sum, file) => sum + file.size, 0);
  if (total > maxSkillBytes)
    throw new DataError("INVALID", `The files come to ${total} bytes; a skill may hold at most ${maxSkillBytes} bytes.`, { field: "files" });
  const claims = request.files.map((file) => {
    const claim = verify(file.storageId, "stored", actor.id);
    if (claim.sha256 !== file.sha256.toLowerCase() || claim.size !== file.size)
      throw new DataError("INVALID", `${file.path}: the storage id is for other bytes than the ones named.`);
    const problem = publishPathProblem(file.path);
    if (problem) throw new DataError("INVALID", problem);
    return { path: file.path, sha256: claim.sha256 };
  });
  const blobs = await db.blob.findMany({
    where: { sha256: { in: claims.map((c) => c.sha256) } },
    select: { sha256: true, storage: true, data: true, key: true },
  });
  const bySha = new Map(blobs.map((blob) => [blob.sha256, blob]));
  const missing = claims.find((claim) => !bySha.has(claim.sha256));
  if (missing) throw new DataError("INVALID", `${missing.path} is no longer staged (uploads are kept for a while only); run the publish again.`);
  const loaded = await loadFileBytes(claims.map((claim) => ({ path: claim.path, blob: bySha.get(claim.sha256)! })));

  const place = request.ownerHandle ? await resolveOwnerHandle(viewer, request.ownerHandle) : ({ scope: "PERSONAL" } as const);
  const destination = destinationOf(place);
  const upload = await readUploadSources(
    [{ type: "folder", name: request.slug, files: loaded.map((f) => ({ path: `${request.slug}/${f.path}`, bytes: f.bytes })) }],
    { profile: "spec" },
  );
  const names = [...new Set(upload.skills.map((s) => s.skill.name).filter((name): name is string => !!name))];
  if (upload.skills.length > 1)
    throw new DataError("INVALID", `The folder holds ${upload.skills.length} skills (${names.join(", ")}); publish one skill at a time.`);
  const name = upload.skills[0]?.skill.name;
  if (name && name !== request.slug)
    throw new DataError(
      "INVALID",
      `The slug "${request.slug}" is not the skill's name: SKILL.md says name: ${name}. Here a skill's slug is its name; publish with --slug ${name}.`,
    );

  const target = place.scope === "TEAM" ? { scope: "TEAM" as const, teamId: place.teamId } : { scope: place.scope };
  const intake = intakeFor(actor);
  const existing = (await findSkillsInDestination(intake, target, [request.slug])).get(request.slug);
  const versionProblem = publishVersionProblem(request.version, existing?.version ?? null);
  if (versionProblem) throw new DataError("CONFLICT", versionProblem, { field: "version" });

  // A message makes the upload add a version to a skill of that name (without one it would be refused as taken).
  const message = request.changelog.trim() || `Published with a ClawHub client as ${request.version}`;
  const result = await commitUpload(intake, upload, { destination, choices: null, message, atomic: true });
  const stored = result.skills[0];
  if (!stored) throw new DataError("INVALID", "Nothing in the folder could be published.");
  const version = await db.skillVersion.findUniqueOrThrow({
    where: { skillId_number: { skillId: stored.skillId, number: stored.version } },
    select: { id: true },
  });
  return {
    skillId: stored.skillId,
    versionId: version.id,
    slug: stored.name,
    version: versionLabel(stored.version),
    status: stored.proposal ? "pending" : "published",
    proposal: stored.proposal ?? null,
  };
}
