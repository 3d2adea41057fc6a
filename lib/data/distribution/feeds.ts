import "server-only";
import { canCreateFeed, type FeedTarget } from "@/lib/skills/permissions/feeds";
import type { CreatedFeed, FeedInfo } from "@/lib/types/feeds";
import { db } from "@/lib/db/server";
import type { Tx } from "@/lib/db/client";
import { loadActor, type ViewerRef } from "../core/actor";
import type { DeliveryOptions } from "./discovery";
import { DataError, notFound } from "../errors";
import { hashTokenSecret, randomBase62 } from "../accounts/tokens";
import { audit } from "../notifications/audit";
import { checkFollowedLabel } from "../skills/labels";
import { LATEST } from "@/lib/skills/permissions/labels";

export type { CreatedFeed, FeedInfo };

// Delivery links: a read-only URL with its credential in the path (/feeds/<secret>/...), for
// clients that send no Authorization header (the `skills` CLI reads the discovery index under
// it). Only the secret's hash is stored, it is shown once, and a link works only while the rule
// that allowed it still holds (lib/skills/permissions/feeds.ts) and its owner's account works.

const SECRET_PREFIX = "sksf_";
const SECRET_CHARS = 40;
const SECRET_SHAPE = /^sksf_[0-9A-Za-z]{40}$/;
const DISPLAY_CHARS = SECRET_PREFIX.length + 8;
const NAME_MAX = 64;
const MAX_ACTIVE_FEEDS = 50;
const LAST_USED_RESOLUTION_MS = 60_000;

const infoSelect = {
  id: true,
  name: true,
  prefix: true,
  label: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  profile: { select: { id: true, name: true } },
  team: { select: { id: true, name: true } },
} as const;

type InfoRow = {
  id: string;
  name: string;
  prefix: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  profile: { id: string; name: string } | null;
  team: { id: string; name: string } | null;
};

function toInfo(row: InfoRow): FeedInfo {
  return { ...row, kind: row.team ? "team" : row.profile ? "profile" : "personal" };
}

export interface CreateFeedInput {
  name: string;
  /** One of the viewer's agent profiles, by id or by name. */
  profile?: string | null;
  /** A team the viewer owns or administers, by id or by name. */
  team?: string | null;
  /** The release label it follows; left out: latest (for a profile link, the profile's own). */
  label?: string | null;
}

/** One of the owner's profiles by id, else by name (names are unique per owner only). */
async function findProfile(tx: Tx, ownerId: string, profile: string) {
  return (
    (await tx.agentProfile.findFirst({ where: { id: profile, ownerId }, select: { id: true, ownerId: true } })) ??
    (await tx.agentProfile.findFirst({ where: { name: profile, ownerId }, select: { id: true, ownerId: true } }))
  );
}

async function findTeam(tx: Tx, team: string) {
  return (
    (await tx.team.findUnique({ where: { id: team }, select: { id: true } })) ?? (await tx.team.findUnique({ where: { name: team }, select: { id: true } }))
  );
}

/**
 * A new delivery link of the viewer's: everything their agents get, one of their agent profiles,
 * or one team's skills (its owners and admins). The secret is in the result and nowhere else.
 * Someone else's profile and a team the viewer is not in are NOT_FOUND; a team they are only a
 * member of is FORBIDDEN.
 */
export async function createFeed(viewer: ViewerRef, input: CreateFeedInput): Promise<CreatedFeed> {
  const name = input.name.trim();
  if (!name || [...name].length > NAME_MAX) throw new DataError("INVALID", `Give the link a name of 1 to ${NAME_MAX} characters.`, { field: "name" });
  if (input.profile && input.team) throw new DataError("INVALID", "A link delivers one agent profile or one team's skills, not both.", { field: "team" });
  const label = input.label ? checkFollowedLabel(input.label) : LATEST;
  const secret = SECRET_PREFIX + randomBase62(SECRET_CHARS);
  const row = await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    let target: FeedTarget = { kind: "personal" };
    let profileId: string | null = null;
    let teamId: string | null = null;
    if (input.profile) {
      // Profiles are private: someone else's is as missing as a deleted one.
      const profile = await findProfile(tx, actor.id, input.profile);
      if (!profile) throw notFound("Agent profile");
      target = { kind: "profile", ownerId: profile.ownerId };
      profileId = profile.id;
    } else if (input.team) {
      const team = await findTeam(tx, input.team);
      if (!team || !actor.teamRoles[team.id]) throw notFound("Team");
      target = { kind: "team", teamId: team.id };
      teamId = team.id;
    }
    if (!canCreateFeed(actor, target)) throw new DataError("FORBIDDEN", "Only the team's owners and admins may make a delivery link for the whole team.");
    const active = await tx.deliveryFeed.count({ where: { ownerId: actor.id, revokedAt: null } });
    if (active >= MAX_ACTIVE_FEEDS)
      throw new DataError("INVALID", `You have ${MAX_ACTIVE_FEEDS} active delivery links; revoke one you no longer use first.`, { field: "name" });
    const created = await tx.deliveryFeed.create({
      data: { ownerId: actor.id, name, prefix: secret.slice(0, DISPLAY_CHARS), hash: hashTokenSecret(secret), profileId, teamId, label },
      select: infoSelect,
    });
    await audit(tx, { actorId: actor.id, action: "feed.create", teamId, detail: { feedId: created.id, name, prefix: created.prefix, profileId, label } });
    return created;
  });
  return { feed: toInfo(row), secret };
}

/** The viewer's delivery links, newest first; revoked ones only when asked for. */
export async function listFeeds(viewer: ViewerRef, options: { includeRevoked?: boolean } = {}): Promise<FeedInfo[]> {
  const rows = await db.deliveryFeed.findMany({
    where: { ownerId: viewer.id, ...(options.includeRevoked ? {} : { revokedAt: null }) },
    select: infoSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toInfo);
}

/** Revoke one of the viewer's links; it stops at once. Null when they have no such link. Twice is harmless. */
export async function revokeFeed(viewer: ViewerRef, feedId: string): Promise<FeedInfo | null> {
  return db.$transaction(async (tx) => {
    const feed = await tx.deliveryFeed.findFirst({ where: { id: feedId, ownerId: viewer.id }, select: { ...infoSelect, teamId: true } });
    if (!feed) return null;
    const { teamId, ...info } = feed;
    if (feed.revokedAt) return toInfo(info);
    const revoked = await tx.deliveryFeed.update({ where: { id: feedId }, data: { revokedAt: new Date() }, select: infoSelect });
    await audit(tx, { actorId: viewer.id, action: "feed.revoke", teamId, detail: { feedId, name: feed.name, prefix: feed.prefix } });
    return toInfo(revoked);
  });
}

/** What a secret in a path comes to: whose delivery, narrowed how; or why not. */
export type FeedCheck =
  | { ok: true; feedId: string; viewer: ViewerRef; options: DeliveryOptions }
  | { ok: false; reason: "unknown" }
  | { ok: false; reason: "revoked"; revokedAt: Date }
  | { ok: false; reason: "withdrawn"; message: string };

/**
 * The delivery a link's secret stands for. "unknown" (malformed or never made) says nothing more;
 * a revoked link says so, so whoever pasted it learns to ask for a new one; "withdrawn" is a link
 * whose owner may no longer make it (disabled, or no longer an owner or admin of the team).
 */
export async function checkFeedSecret(secret: string): Promise<FeedCheck> {
  if (!SECRET_SHAPE.test(secret)) return { ok: false, reason: "unknown" };
  const row = await db.deliveryFeed.findUnique({
    where: { hash: hashTokenSecret(secret) },
    select: { id: true, ownerId: true, profileId: true, teamId: true, label: true, revokedAt: true, lastUsedAt: true, profile: { select: { ownerId: true } } },
  });
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revokedAt) return { ok: false, reason: "revoked", revokedAt: row.revokedAt };
  let actor;
  try {
    actor = await loadActor(db, { id: row.ownerId });
  } catch (error) {
    if (error instanceof DataError) return { ok: false, reason: "withdrawn", message: "The account that made this delivery link is disabled." };
    throw error;
  }
  const target: FeedTarget = row.teamId
    ? { kind: "team", teamId: row.teamId }
    : row.profile
      ? { kind: "profile", ownerId: row.profile.ownerId }
      : { kind: "personal" };
  if (!canCreateFeed(actor, target))
    return { ok: false, reason: "withdrawn", message: "Whoever made this delivery link may no longer share what it delivers; ask for a new one." };
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
    await db.deliveryFeed.updateMany({ where: { id: row.id, revokedAt: null }, data: { lastUsedAt: now } });
  return {
    ok: true,
    feedId: row.id,
    viewer: { id: row.ownerId },
    options: { profile: row.profileId, team: row.teamId, label: row.label === LATEST ? null : row.label },
  };
}

/**
 * Record a delivery through a link in the audit trail, as `skill.download` with `via: "feed"`,
 * once per link, skill and version: the `skills` CLI fetches every artifact of the index again
 * when it updates one skill, and a client that checks digests by refetching must not count the
 * same delivery twice. Records nothing when it is already there.
 */
export async function recordFeedDownload(feedId: string, viewer: ViewerRef, skillId: string, version: number): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const skill = await tx.skill.findUnique({ where: { id: skillId }, select: { name: true, teamId: true } });
    if (!skill) return false;
    const marker = `"feedId":${JSON.stringify(feedId)}`;
    const seen = await tx.auditEvent.findFirst({
      where: { action: "skill.download", skillId, version, actorId: viewer.id, detail: { contains: marker } },
      select: { id: true },
    });
    if (seen) return false;
    await audit(tx, {
      actorId: viewer.id,
      action: "skill.download",
      skillId,
      skillName: skill.name,
      version,
      teamId: skill.teamId,
      detail: { via: "feed", feedId },
    });
    return true;
  });
}
