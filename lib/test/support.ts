import type { ReviewPolicy } from "@/lib/skills/review-requests/policy";
import { expect } from "vitest";
import type { TeamRole } from "@/lib/skills/permissions/permissions";
import type { Db } from "@/lib/db/client";
import { DataError } from "@/lib/data/errors";
import { createUser } from "./database";

// What the data-layer tests share: a throwaway database, the people and team most of them start
// from, skills built from text, and the check that a call was refused.
export { createTestDatabase, createUser, makeSkill } from "./database";

/** Awaits a data-layer call that must be refused, and returns the DataError it was refused with. */
export async function refusal(promise: Promise<unknown>): Promise<DataError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DataError);
  return error as DataError;
}

/** A refusal with `code` that leaves what `snapshot` reads exactly as it was before the attempt. */
export async function refusedUnchanged<S>(snapshot: () => Promise<S>, code: DataError["code"], attempt: () => Promise<unknown>): Promise<DataError> {
  const before = await snapshot();
  const error = await refusal(attempt());
  expect(error.code).toBe(code);
  expect(await snapshot()).toEqual(before);
  return error;
}

export function createTeam(db: Db, name: string, members: Record<string, TeamRole>) {
  return db.team.create({ data: { name, memberships: { create: Object.entries(members).map(([userId, role]) => ({ userId, role })) } } });
}

export interface CastOptions {
  /** Roles in team "Platform"; ada owns it and grace is a member unless said otherwise. */
  team?: Record<string, TeamRole>;
  /** More plain users, by id. */
  extra?: string[];
  /** Display names by id (the id otherwise). */
  names?: Record<string, string>;
}

/**
 * The cast most data tests start from: ada (instance admin), grace and linus (users) and team
 * "Platform". Returns the team and each person as a viewer.
 */
export async function createCast(db: Db, options: CastOptions = {}) {
  const ids = ["ada", "grace", "linus", ...(options.extra ?? [])];
  for (const id of ids) await createUser(db, id, { role: id === "ada" ? "ADMIN" : "USER", name: options.names?.[id] });
  const team = await createTeam(db, "Platform", options.team ?? { ada: "OWNER", grace: "MEMBER" });
  const viewers = Object.fromEntries(ids.map((id) => [id, { id }])) as Record<string, { id: string }>;
  return { team, ada: { id: "ada" }, grace: { id: "grace" }, linus: { id: "linus" }, viewers };
}

/**
 * Set a team's review policy straight in the database (tests that are not about the policy
 * itself): `{ mode: "approval", approvals: 1, approvers: "managers", managersBypass: false }`
 * makes every member's change a review request.
 */
export function setReviewPolicy(db: Db, teamId: string, policy: ReviewPolicy) {
  return db.team.update({ where: { id: teamId }, data: { reviewPolicy: JSON.stringify(policy) } });
}
