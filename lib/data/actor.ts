import "server-only";
import type { Actor } from "@/lib/skills/permissions/permissions";
import type { Db, Tx } from "@/lib/db/client";
import { ACCOUNT_DISABLED_MESSAGE } from "@/lib/auth/disabled";
import { DataError } from "./errors";

/**
 * Who is asking. Only the id is trusted: roles and memberships are read fresh from the database.
 * `tokenId` names the access token a request came with, for usage attribution only.
 */
export type ViewerRef = { id: string; tokenId?: string };

export async function loadActor(db: Db | Tx, viewer: ViewerRef): Promise<Actor> {
  const user = await db.user.findUnique({
    where: { id: viewer.id },
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
