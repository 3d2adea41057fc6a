import "server-only";
import { cache } from "react";
import type { Actor } from "@/lib/skills/permissions/permissions";
import type { Db, Tx } from "@/lib/db/client";
import { teamRolesReadWithSession } from "@/lib/db/session-join";
import { ACCOUNT_DISABLED_MESSAGE } from "@/lib/auth/disabled";
import { DataError } from "../errors";

/**
 * Who is asking. Only the id is trusted: roles and memberships are read fresh from the database.
 * `tokenId` names the access token a request came with, for usage attribution only.
 */
export type ViewerRef = { id: string; tokenId?: string };

async function readActor(db: Db | Tx, id: string): Promise<Actor> {
  const user = await db.user.findUnique({
    where: { id },
    select: { id: true, role: true, disabledAt: true, memberships: { select: { teamId: true, role: true } } },
  });
  if (!user) throw new DataError("FORBIDDEN", "Your account no longer exists.");
  // Sessions and tokens of a disabled account are refused where they are checked; this catches a
  // request that was already past those checks when an admin disabled it.
  if (user.disabledAt) throw new DataError("FORBIDDEN", ACCOUNT_DISABLED_MESSAGE);
  return {
    id: user.id,
    role: user.role,
    teamRoles: Object.fromEntries(user.memberships.map((m) => [m.teamId, m.role])),
  };
}

// One read per server render: the layout, the page and every data function they call ask for the
// same viewer (2-3 reads of the user and memberships per page before). React's `cache` keeps it
// for the render's request only and memoizes nothing outside a render (route handlers, server
// actions, scripts, tests), so a write followed by a read there still sees the write.
const actorOfRender = cache((db: Db, id: string) => {
  const known = sessionUsers().get(id);
  return known ? readMemberships(db, known) : readActor(db, id);
});

// The session lookup of this render (lib/data/core/session.ts) has just read the viewer's user row
// with its role and disabledAt, and its statement their team roles (lib/db/session-join.ts): the
// actor then needs no statement of its own on a signed-in page. Per render only, like
// actorOfRender: outside a render `cache` keeps nothing, so a route handler or a script still
// reads the whole actor.
type SessionUser = { id: string; role: Actor["role"]; disabledAt: Date | null };
const sessionUsers = cache(() => new Map<string, SessionUser>());

/** Called by the session lookup with the user row it read for this render. */
export function rememberSessionUser(user: SessionUser): void {
  sessionUsers().set(user.id, user);
}

async function readMemberships(db: Db, user: SessionUser): Promise<Actor> {
  if (user.disabledAt) throw new DataError("FORBIDDEN", ACCOUNT_DISABLED_MESSAGE);
  const teamRoles =
    teamRolesReadWithSession(user.id) ??
    Object.fromEntries((await db.membership.findMany({ where: { userId: user.id }, select: { teamId: true, role: true } })).map((m) => [m.teamId, m.role]));
  return { id: user.id, role: user.role, teamRoles };
}

/** The viewer's role and memberships. Inside a transaction always read afresh, in the transaction. */
export function loadActor(db: Db | Tx, viewer: ViewerRef): Promise<Actor> {
  return "$transaction" in db ? actorOfRender(db as Db, viewer.id) : readActor(db, viewer.id);
}
