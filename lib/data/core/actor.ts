import "server-only";
import { cache } from "react";
import type { Actor } from "@/lib/skills/permissions/permissions";
import type { Db, Tx } from "@/lib/db/client";
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
const actorOfRender = cache((db: Db, id: string) => readActor(db, id));

/** The viewer's role and memberships. Inside a transaction always read afresh, in the transaction. */
export function loadActor(db: Db | Tx, viewer: ViewerRef): Promise<Actor> {
  return "$transaction" in db ? actorOfRender(db as Db, viewer.id) : readActor(db, viewer.id);
}
