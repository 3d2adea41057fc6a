import type { Db } from "@/lib/db/client";
import { DataError } from "@/lib/data/errors";
import { createUser } from "./database";

/**
 * The cast of the permission matrix tests (lib/data/permissions-matrix*.test.ts): one user per
 * relation, the user ids being the relation names. Only instance-admin is an instance ADMIN.
 *  author:       owns the PERSONAL skills, is the author (ownerId) of the PUBLIC ones, wrote v1 of
 *                the TEAM ones but has left the team since, and has no tie to BUILTIN skills.
 *                A member of "Docs", so it has somewhere to move its personal skills to.
 *  team-*:       OWNER / ADMIN / MEMBER of "Matrix", the team that holds the TEAM skills.
 *  non-member:   OWNER of another team, "Elsewhere".
 *  other:        signed in, no team, no role.
 */
export const RELATIONS = ["author", "team-owner", "team-admin", "team-member", "non-member", "instance-admin", "other"] as const;
export type Relation = (typeof RELATIONS)[number];

export type Outcome = "allowed" | "not-found" | "forbidden" | "proposed";
export const Y: Outcome = "allowed";
export const P: Outcome = "proposed"; // allowed, but as a review request: nothing agents see changes until it is approved
export const N: Outcome = "not-found"; // invisible: reads return null, writes throw NOT_FOUND
export const F: Outcome = "forbidden"; // visible but refused: writes throw FORBIDDEN

export async function createMatrixCast(db: Db) {
  for (const id of RELATIONS) await createUser(db, id, { role: id === "instance-admin" ? "ADMIN" : "USER" });
  const matrixTeam = await db.team.create({
    data: {
      name: "Matrix",
      memberships: {
        create: [
          { userId: "team-owner", role: "OWNER" },
          { userId: "team-admin", role: "ADMIN" },
          { userId: "team-member", role: "MEMBER" },
          { userId: "author", role: "MEMBER" }, // until the TEAM fixtures are written
        ],
      },
    },
  });
  await db.team.create({ data: { name: "Elsewhere", memberships: { create: { userId: "non-member", role: "OWNER" } } } });
  const docsTeam = await db.team.create({ data: { name: "Docs", memberships: { create: { userId: "author", role: "MEMBER" } } } });
  return { matrixTeam, docsTeam };
}

/** A matrix cell's outcome: what `run` returns, or the refusal it threw (N for NOT_FOUND, F for FORBIDDEN). */
export async function outcomeOf(run: () => Promise<Outcome>): Promise<Outcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DataError && error.code === "NOT_FOUND") return N;
    if (error instanceof DataError && error.code === "FORBIDDEN") return F;
    throw error;
  }
}
