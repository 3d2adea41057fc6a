import "server-only";
import path from "node:path";
import { stat } from "node:fs/promises";
import type { z } from "zod";
import { canCreateIn, canManageSource, canViewSkill, type Actor, type Scope } from "@/lib/skills/permissions/permissions";
import { canSteerSource } from "@/lib/skills/review-requests/policy";
import { spaceOf } from "@/lib/skills/permissions/space";
import { placeLabel } from "@/lib/labels";
import { sourceInput, sourceUpdateInput } from "@/lib/sources/inputs";
import type { SourceDetail, SourceInput, SourcePatch, SourceSummary } from "@/lib/types/sources";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import type { Tx } from "@/lib/db/client";
import { DataError } from "../errors";
import { teamPolicy } from "../core/request-facts";
import { accessOf, requireSkill } from "../core/skill-access";
import { encryptSecret, newWebhookSecret } from "../platform/secrets";
import { checkGitUrl, tokenUrlRefusal } from "./fetch";
import { manageableBy, requireSource, sourceSelect, syncSelect, toSourceSummary, toSyncSummary } from "./rows";
import { startSyncAs } from "./sync";
import { audit } from "../notifications/audit";

// Skill sources: Git repositories (or server folders) whose skill folders are kept in sync with a
// destination. This module creates and manages them; sources-sync.ts runs a sync, and
// sources-webhook.ts receives pushes. Credentials never leave these modules: no summary, audit
// detail, sync error or log holds a token or the webhook secret.

export type { SourceDetail, SourceInput, SourcePatch, SourceSummary };
export type { SyncSummary, SyncRefusal, VersionProvenance } from "@/lib/types/sources";
export { enqueueDueSyncs, startSync, syncSource, waitForSyncs } from "./sync";
export { receiveWebhook, WEBHOOK_REFUSED, type PushFacts, type WebhookDelivery } from "./webhook";

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new DataError("INVALID", issue.message, { field: issue.path.join(".") || undefined });
}

const minutes = (n: number) => n * 60_000;

interface Place {
  scope: "PERSONAL" | "TEAM" | "PUBLIC";
  ownerId: string | null;
  teamId: string | null;
  space: string;
  label: string;
}

/** Where a new source syncs to, if the actor may create skills there (a team they are not in is "not found", as for uploads). */
async function resolvePlace(actor: Actor, destination: SourceInput["destination"]): Promise<Place> {
  if (destination.scope === "PERSONAL") {
    return { scope: "PERSONAL", ownerId: actor.id, teamId: null, space: spaceOf("PERSONAL", { ownerId: actor.id }), label: placeLabel("PERSONAL") };
  }
  if (destination.scope === "PUBLIC") {
    if (!canCreateIn(actor, { scope: "PUBLIC" })) throw new DataError("FORBIDDEN", "Only instance admins can sync skills into the public space.");
    return { scope: "PUBLIC", ownerId: actor.id, teamId: null, space: spaceOf("PUBLIC", {}), label: placeLabel("PUBLIC") };
  }
  const teamId = destination.teamId?.trim();
  if (!teamId) throw new DataError("INVALID", "Choose the team the skills go to.", { field: "destination.teamId" });
  const team = await db.team.findUnique({ where: { id: teamId }, select: { id: true, name: true } });
  if (!team || !canCreateIn(actor, { scope: "TEAM", teamId })) throw new DataError("NOT_FOUND", "Team not found.", { field: "destination.teamId" });
  return { scope: "TEAM", ownerId: null, teamId, space: spaceOf("TEAM", { teamId }), label: placeLabel("TEAM", team.name) };
}

/** The URL a source keeps: checked, and for a folder source an existing absolute folder (instance admins only). */
async function checkLocation(actor: Actor, kind: "git" | "folder", url: string): Promise<string> {
  const admin = actor.role === "ADMIN";
  if (kind === "folder") {
    if (!admin) throw new DataError("FORBIDDEN", "Only instance admins can sync skills from a folder on the server.");
    if (!path.isAbsolute(url))
      throw new DataError("INVALID", "A folder source needs the folder's absolute path on the server, such as /srv/skills.", { field: "url" });
    const folder = path.resolve(url);
    const info = await stat(folder).catch(() => null);
    if (!info?.isDirectory()) throw new DataError("INVALID", `${folder} is not a folder on the server.`, { field: "url" });
    return folder;
  }
  if (/^file:/i.test(url) && !admin) throw new DataError("FORBIDDEN", "Only instance admins can sync skills from a file:// repository on the server.");
  // A password in the URL would be stored and shown in clear: the token has its own, encrypted field.
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url) && !/^ssh:\/\/[^/:@]+@/i.test(url)) {
    throw new DataError("INVALID", "Leave the user name and password out of the URL; put a deploy token in the token field instead.", { field: "url" });
  }
  const checked = await checkGitUrl(url, { allowFile: admin });
  if (!checked.ok) throw new DataError("INVALID", `${checked.message}.`, { field: "url" });
  return checked.url;
}

async function summaryOf(sourceId: string): Promise<SourceSummary> {
  return toSourceSummary(await db.skillSource.findUniqueOrThrow({ where: { id: sourceId }, select: sourceSelect }));
}

/**
 * A new source for a destination the viewer may create skills in; its first sync starts in the
 * background. The webhook secret comes back this once (it is stored encrypted, never shown again).
 */
export async function createSource(viewer: ViewerRef, input: SourceInput): Promise<{ source: SourceSummary; webhookSecret: string }> {
  const data = parse(sourceInput, input);
  const actor = await loadActor(db, viewer);
  const place = await resolvePlace(actor, data.destination);
  const url = await checkLocation(actor, data.kind, data.url);
  if (data.kind === "folder" && data.token) throw new DataError("INVALID", "A folder source takes no token.", { field: "token" });
  const inClear = data.token ? tokenUrlRefusal(url) : null;
  if (inClear) throw new DataError("INVALID", `${inClear}.`, { field: "token" });
  const ref = data.kind === "folder" ? null : (data.ref ?? null);
  const subdir = data.subdir ?? null;
  const twin = await db.skillSource.findFirst({ where: { url, ref, subdir, space: place.space }, select: { id: true } });
  if (twin) throw new DataError("CONFLICT", `This repository already syncs into ${place.label}.`, { reason: "source-exists", sourceId: twin.id });

  const webhookSecret = newWebhookSecret();
  const interval = data.intervalMinutes ?? null;
  const source = await db.$transaction(async (tx) => {
    const row = await tx.skillSource.create({
      data: {
        kind: data.kind,
        url,
        ref,
        subdir,
        scope: place.scope,
        ownerId: place.ownerId,
        teamId: place.teamId,
        space: place.space,
        createdById: actor.id,
        settingsById: actor.id,
        credential: data.token ? encryptSecret(data.token, "credential") : null,
        webhookSecret: encryptSecret(webhookSecret, "webhook"),
        intervalMinutes: interval,
        nextSyncAt: interval ? new Date(Date.now() + minutes(interval)) : null,
      },
      select: { id: true },
    });
    await audit(tx, {
      actorId: actor.id,
      action: "source.create",
      teamId: place.teamId,
      detail: { sourceId: row.id, kind: data.kind, url, ref, subdir, scope: place.scope, intervalMinutes: interval, token: data.token ? "set" : "none" },
    });
    return row;
  });
  await startSyncAs(source.id, "create", actor.id);
  return { source: await summaryOf(source.id), webhookSecret };
}

/** The sources of every destination the viewer may create skills in, newest first. */
export async function listSources(viewer: ViewerRef): Promise<SourceSummary[]> {
  const actor = await loadActor(db, viewer);
  const rows = await db.skillSource.findMany({ where: manageableBy(actor), select: sourceSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toSourceSummary);
}

/** A source with its skills and its latest syncs; NOT_FOUND for whoever may not manage it. */
export async function getSource(viewer: ViewerRef, sourceId: string): Promise<SourceDetail> {
  const actor = await loadActor(db, viewer);
  const row = await requireSource(db, actor, sourceId, {
    ...sourceSelect,
    skills: {
      orderBy: { name: "asc" },
      select: { id: true, name: true, sourcePath: true, archived: true, currentVersion: { select: { number: true } } },
    },
  });
  const syncs = await db.sourceSync.findMany({ where: { sourceId }, orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: 50, select: syncSelect });
  return {
    ...toSourceSummary(row),
    canSteer: canSteerSource(actor, row, await teamPolicy(db, row.teamId)),
    skills: row.skills.map((skill) => ({
      skillId: skill.id,
      name: skill.name,
      path: skill.sourcePath ?? "",
      version: skill.currentVersion?.number ?? 0,
      archived: skill.archived,
    })),
    syncs: syncs.map(toSyncSummary),
  };
}

/**
 * What a source fetches and who may trigger it (ref, folder, token, webhook secret) is changed only
 * by whoever may publish into its destination without review (canSteerSource): otherwise a member
 * could point a source its creator's syncs publish from at content of their choosing.
 */
async function requireSteering(tx: Tx, actor: Actor, source: { scope: Scope; ownerId: string | null; teamId: string | null; team: { name: string } | null }) {
  if (canSteerSource(actor, source, await teamPolicy(tx, source.teamId))) return;
  const place = placeLabel(source.scope, source.team?.name);
  throw new DataError(
    "FORBIDDEN",
    `Only someone who may publish to ${place} without review can change this source's branch, folder, token or webhook secret (its syncs publish what they choose); ask one of its owners or admins.`,
  );
}

/** Change the ref, folder, schedule or token (undefined keeps one, null clears it); the next sync uses them. */
export async function updateSource(viewer: ViewerRef, sourceId: string, patch: SourcePatch): Promise<SourceSummary> {
  const data = parse(sourceUpdateInput, patch);
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const source = await requireSource(tx, actor, sourceId, {
      kind: true,
      url: true,
      ref: true,
      subdir: true,
      intervalMinutes: true,
      team: { select: { name: true } },
    });
    if (source.kind === "folder" && (data.token || data.ref)) {
      throw new DataError("INVALID", data.token ? "A folder source takes no token." : "A folder source has no branch or tag.", {
        field: data.token ? "token" : "ref",
      });
    }
    const inClear = data.token ? tokenUrlRefusal(source.url) : null;
    if (inClear) throw new DataError("INVALID", `${inClear}.`, { field: "token" });
    const changed: Record<string, unknown> = {};
    if (data.ref !== undefined && data.ref !== source.ref) changed.ref = data.ref;
    if (data.subdir !== undefined && data.subdir !== source.subdir) changed.subdir = data.subdir;
    const steers = "ref" in changed || "subdir" in changed || data.token !== undefined;
    if (steers) await requireSteering(tx, actor, source);
    if (data.intervalMinutes !== undefined && data.intervalMinutes !== source.intervalMinutes) changed.intervalMinutes = data.intervalMinutes;
    const nextSyncAt = "intervalMinutes" in changed ? (data.intervalMinutes ? new Date(Date.now() + minutes(data.intervalMinutes)) : null) : undefined;
    await tx.skillSource.update({
      where: { id: sourceId },
      data: {
        ...changed,
        ...(nextSyncAt !== undefined ? { nextSyncAt } : {}),
        ...(data.token !== undefined ? { credential: data.token === null ? null : encryptSecret(data.token, "credential") } : {}),
        ...(steers ? { settingsById: actor.id } : {}),
      },
    });
    const token = data.token === undefined ? {} : { token: data.token === null ? "cleared" : "replaced" };
    if (Object.keys(changed).length || data.token !== undefined) {
      await audit(tx, { actorId: actor.id, action: "source.update", teamId: source.teamId, detail: { sourceId, ...changed, ...token } });
    }
  });
  return summaryOf(sourceId);
}

/** A new webhook secret, shown this once; the old one stops working at once. */
export async function rotateWebhookSecret(viewer: ViewerRef, sourceId: string): Promise<{ webhookSecret: string }> {
  const webhookSecret = newWebhookSecret();
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const source = await requireSource(tx, actor, sourceId, { team: { select: { name: true } } });
    await requireSteering(tx, actor, source);
    await tx.skillSource.update({ where: { id: sourceId }, data: { webhookSecret: encryptSecret(webhookSecret, "webhook"), settingsById: actor.id } });
    await audit(tx, { actorId: actor.id, action: "source.update", teamId: source.teamId, detail: { sourceId, webhookSecret: "rotated" } });
  });
  return { webhookSecret };
}

/** Delete a source. Its skills stay, detached (normal skills from then on); their versions keep their provenance. */
export async function deleteSource(viewer: ViewerRef, sourceId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const source = await requireSource(tx, actor, sourceId, { url: true, kind: true });
    const detached = await tx.skill.updateMany({ where: { sourceId }, data: { sourceId: null, sourcePath: null } });
    await tx.skillSource.delete({ where: { id: sourceId } });
    await audit(tx, {
      actorId: actor.id,
      action: "source.delete",
      teamId: source.teamId,
      detail: { sourceId, kind: source.kind, url: source.url, detached: detached.count },
    });
  });
}

/** Make a synced skill a normal one: later syncs leave it alone (its folder then reads "name taken"). Whoever may add versions to it may. */
export async function detachSkill(viewer: ViewerRef, skillId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "addVersion", {
      select: { sourceId: true, sourcePath: true, source: { select: { url: true } } },
      forbidden: "You cannot change this skill.",
    });
    if (!skill.sourceId) throw new DataError("INVALID", `"${skill.name}" does not come from a source.`);
    await tx.skill.update({ where: { id: skillId }, data: { sourceId: null, sourcePath: null } });
    await audit(tx, {
      actorId: actor.id,
      action: "skill.detach",
      skillId,
      skillName: skill.name,
      teamId: skill.teamId,
      detail: { sourceId: skill.sourceId, url: skill.source?.url ?? null, path: skill.sourcePath },
    });
  });
}

/**
 * The source a visible skill is synced from (for the editor's banner and the skill page), or null.
 * `canManage`: the viewer may open the source's page (a reader of a public skill may not).
 */
export async function getSkillSource(
  viewer: ViewerRef,
  skillId: string,
): Promise<{ sourceId: string; url: string; path: string; revision: string | null; canManage: boolean } | null> {
  const actor = await loadActor(db, viewer);
  const skill = await db.skill.findUnique({
    where: { id: skillId },
    select: {
      scope: true,
      ownerId: true,
      teamId: true,
      sourceId: true,
      sourcePath: true,
      source: { select: { url: true, scope: true, ownerId: true, teamId: true } },
    },
  });
  if (!skill || !canViewSkill(actor, accessOf(skill)) || !skill.sourceId || !skill.source) return null;
  const latest = await db.skillVersion.findFirst({
    where: { skillId, sourceId: skill.sourceId },
    orderBy: { number: "desc" },
    select: { sourceRevision: true },
  });
  return {
    sourceId: skill.sourceId,
    url: skill.source.url,
    path: skill.sourcePath ?? "",
    revision: latest?.sourceRevision ?? null,
    canManage: canManageSource(actor, skill.source),
  };
}
