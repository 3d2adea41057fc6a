import "server-only";
import {
  canAdministerInstance,
  userDisableRefusal,
  userEnableRefusal,
  userRoleRefusal,
  type Actor,
  type AdminRefusal,
} from "@/lib/skills/permissions/permissions";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db, Tx } from "@/lib/db/client";
import type { AdminUser, AdminUserPage, InstanceRoleName, UserStatusFilter } from "@/lib/types/admin";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { containsIgnoringCase } from "@/lib/db/text-filters";
import { lockName } from "@/lib/db/locks";
import { DataError, notFound } from "../errors";
import { revokeLinksBeyondRole } from "../teams/invitations";
import { audit } from "../notifications/audit";

export type { AdminUser, AdminUserPage, UserStatusFilter };

export const USER_PAGE_SIZE = 25;
const QUERY_MAX = 200;

/** The actor, if they administer the instance; FORBIDDEN otherwise (a disabled admin never gets this far: loadActor refuses). */
export async function requireInstanceAdmin(tx: Db | Tx, viewer: ViewerRef): Promise<Actor> {
  const actor = await loadActor(tx, viewer);
  if (!canAdministerInstance(actor)) throw new DataError("FORBIDDEN", "Only instance admins can use the admin console.");
  return actor;
}

const refuse = (refusal: AdminRefusal | null) => {
  if (refusal) throw new DataError(refusal.code, refusal.message);
};

const STATUS_WHERE: Record<UserStatusFilter, Prisma.UserWhereInput> = {
  all: {},
  active: { disabledAt: null },
  disabled: { disabledAt: { not: null } },
  admins: { role: "ADMIN" },
};

/** Every account, searched by name or email (case-insensitive), one page at a time, by name. */
export async function listUsers(viewer: ViewerRef, options: { q?: string; status?: UserStatusFilter; page?: number } = {}): Promise<AdminUserPage> {
  await requireInstanceAdmin(db, viewer);
  const q = (options.q ?? "").trim().slice(0, QUERY_MAX);
  const where: Prisma.UserWhereInput = {
    AND: [
      STATUS_WHERE[options.status ?? "all"],
      q ? { OR: [{ name: containsIgnoringCase(q) }, { email: containsIgnoringCase(q.toLowerCase()) }, { id: q }] } : {},
    ],
  };
  const [total, activeAdmins] = await Promise.all([db.user.count({ where }), countActiveAdmins(db)]);
  const pages = Math.max(1, Math.ceil(total / USER_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
  const rows = await db.user.findMany({
    where,
    orderBy: [{ name: "asc" }, { id: "asc" }],
    skip: (page - 1) * USER_PAGE_SIZE,
    take: USER_PAGE_SIZE,
    select: {
      id: true,
      name: true,
      email: true,
      role: true,
      disabledAt: true,
      createdAt: true,
      _count: { select: { memberships: true, accessTokens: { where: { revokedAt: null } } } },
      sessions: { select: { updatedAt: true }, orderBy: { updatedAt: "desc" }, take: 1 },
    },
  });
  const items: AdminUser[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    disabledAt: row.disabledAt,
    createdAt: row.createdAt,
    teamCount: row._count.memberships,
    activeTokenCount: row._count.accessTokens,
    lastSeenAt: row.sessions[0]?.updatedAt ?? null,
  }));
  return { items, total, page, pages, activeAdmins };
}

function countActiveAdmins(tx: Db | Tx) {
  return tx.user.count({ where: { role: "ADMIN", disabledAt: null } });
}

async function loadTarget(tx: Tx, userId: string) {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true, name: true, email: true, role: true, disabledAt: true } });
  if (!user) throw notFound("User");
  return { ...user, facts: { id: user.id, role: user.role, disabled: user.disabledAt !== null } };
}

/**
 * Written first, checked after, inside the transaction, which holds the "instance-admins" lock
 * (lib/db/locks.ts): two admins demoting each other at once, on two instances, cannot both pass
 * a count taken before the other committed.
 */
async function assertAnAdminRemains(tx: Tx) {
  if ((await countActiveAdmins(tx)) === 0)
    throw new DataError("CONFLICT", "This would leave no active instance admin to administer Skillshelf. Make someone else an admin first.");
}

/** Make a user an instance admin, or a plain user again. Changing nothing is not audited. */
export async function setUserRole(viewer: ViewerRef, userId: string, role: InstanceRoleName): Promise<{ changed: boolean }> {
  return db.$transaction(async (tx) => {
    await lockName(tx, "instance-admins");
    const actor = await requireInstanceAdmin(tx, viewer);
    const target = await loadTarget(tx, userId);
    refuse(userRoleRefusal(actor, target.facts, role, await countActiveAdmins(tx)));
    if (target.role === role) return { changed: false };
    await tx.user.update({ where: { id: userId }, data: { role } });
    await assertAnAdminRemains(tx);
    await audit(tx, { actorId: actor.id, action: "user.role", detail: { userId, email: target.email, name: target.name, from: target.role, to: role } });
    return { changed: true };
  });
}

/**
 * Disable an account: it cannot sign in, its sessions are deleted (signed out at once) and its
 * tokens stop working while it stays disabled. Its skills, teams and tokens are kept, so
 * re-enabling gives those back; the invite links it made are revoked for good (a link lets
 * anyone holding it in, and nobody reviews it again on re-enabling). Disabling a disabled
 * account changes nothing.
 */
export async function disableUser(viewer: ViewerRef, userId: string): Promise<{ changed: boolean; sessionsEnded: number }> {
  return db.$transaction(async (tx) => {
    await lockName(tx, "instance-admins");
    const actor = await requireInstanceAdmin(tx, viewer);
    const target = await loadTarget(tx, userId);
    refuse(userDisableRefusal(actor, target.facts, await countActiveAdmins(tx)));
    if (target.disabledAt) return { changed: false, sessionsEnded: 0 };
    await tx.user.update({ where: { id: userId }, data: { disabledAt: new Date() } });
    await assertAnAdminRemains(tx);
    const { count } = await tx.session.deleteMany({ where: { userId } });
    await audit(tx, { actorId: actor.id, action: "user.disable", detail: { userId, email: target.email, name: target.name, sessionsEnded: count } });
    await revokeLinksBeyondRole(tx, { actorId: actor.id, userId, teamId: null, role: null, reason: "maker's account disabled" });
    return { changed: true, sessionsEnded: count };
  });
}

/** Let a disabled account sign in again; its tokens work again too. */
export async function enableUser(viewer: ViewerRef, userId: string): Promise<{ changed: boolean }> {
  return db.$transaction(async (tx) => {
    const actor = await requireInstanceAdmin(tx, viewer);
    refuse(userEnableRefusal(actor));
    const target = await loadTarget(tx, userId);
    if (!target.disabledAt) return { changed: false };
    await tx.user.update({ where: { id: userId }, data: { disabledAt: null } });
    await audit(tx, { actorId: actor.id, action: "user.enable", detail: { userId, email: target.email, name: target.name } });
    return { changed: true };
  });
}
