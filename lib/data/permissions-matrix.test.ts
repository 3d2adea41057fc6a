/**
 * The permission matrix, against a real SQLite database: every data-layer skill operation x every
 * relation of the viewer to the skill x every scope. The expected outcomes are written out by hand
 * from issue 4's rules, not computed from lib/skills/permissions/permissions.ts (that would test it against
 * itself). Every case gets a skill of its own, and every refused case must leave the database as
 * it found it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { Scope } from "@/lib/skills/permissions/permissions";
import { createTestDatabase, makeSkill, testDialect } from "@/lib/test/database";
import { F, N, P, RELATIONS, Y, createMatrixCast, type Outcome, type Relation } from "@/lib/test/matrix-cast";

const { db, cleanup } = await createTestDatabase();
const data = await import("./skills");
const { DataError } = await import("./errors");
const { syncBuiltinSkills } = await import("./skills/builtin");
afterAll(cleanup);

// ---------- Who is who: see lib/test/matrix-cast.ts ----------

const { matrixTeam, docsTeam } = await createMatrixCast(db);

// ---------- Operations ----------

const OPERATIONS = [
  "get",
  "appears-in-list",
  "read-file",
  "get-version",
  "list-audit",
  "list-references",
  "record-download",
  "add-version",
  "restore",
  "prune",
  "archive",
  "delete",
  "change-scope",
  "unarchive",
  "rename",
] as const;
type Operation = (typeof OPERATIONS)[number];

// ---------- The expected outcomes, from the rules ----------
//
// PERSONAL: only the owner sees and changes it (an instance admin included: it stays invisible).
// TEAM:     every member sees it and may add versions (restore is adding a version); team ADMIN and
//           OWNER may delete or move it. Archive and prune remove or hide content like a delete,
//           so they go with delete. Non-members, instance admins and former members see nothing.
// PUBLIC:   every signed-in user sees it; only its author or an instance admin adds versions, and
//           the author's versions are proposals an instance admin approves (issue 14);
//           the public space is the instance admin's to curate, so delete, move, archive and
//           prune are the admin's alone (the issue gives the author nothing beyond new versions).
// BUILTIN:  read-only for everyone, instance admins included.
// Recording a download writes an audit event on the skill: it needs the skill to be visible.
// Unarchive (the archived page's Restore) goes with archive. Rename writes a new version (SKILL.md's
// name changes with the skill's), so it goes with add-version: the editor lets the same people
// change the name there.

//                                 author team-owner team-admin team-member non-member instance-admin other
const EXPECTED: Record<Scope, Record<Operation, readonly Outcome[]>> = {
  PERSONAL: {
    get: /*                   */ [Y, N, N, N, N, N, N],
    "appears-in-list": /*     */ [Y, N, N, N, N, N, N],
    "read-file": /*           */ [Y, N, N, N, N, N, N],
    "get-version": /*         */ [Y, N, N, N, N, N, N],
    "list-audit": /*          */ [Y, N, N, N, N, N, N],
    "list-references": /*     */ [Y, N, N, N, N, N, N],
    "record-download": /*     */ [Y, N, N, N, N, N, N],
    "add-version": /*         */ [Y, N, N, N, N, N, N],
    restore: /*               */ [Y, N, N, N, N, N, N],
    prune: /*                 */ [Y, N, N, N, N, N, N],
    archive: /*               */ [Y, N, N, N, N, N, N],
    delete: /*                */ [Y, N, N, N, N, N, N],
    "change-scope": /*        */ [Y, N, N, N, N, N, N],
    unarchive: /*             */ [Y, N, N, N, N, N, N],
    rename: /*                */ [Y, N, N, N, N, N, N],
  },
  TEAM: {
    get: /*                   */ [N, Y, Y, Y, N, N, N],
    "appears-in-list": /*     */ [N, Y, Y, Y, N, N, N],
    "read-file": /*           */ [N, Y, Y, Y, N, N, N],
    "get-version": /*         */ [N, Y, Y, Y, N, N, N],
    "list-audit": /*          */ [N, Y, Y, Y, N, N, N],
    "list-references": /*     */ [N, Y, Y, Y, N, N, N],
    "record-download": /*     */ [N, Y, Y, Y, N, N, N],
    "add-version": /*         */ [N, Y, Y, Y, N, N, N],
    restore: /*               */ [N, Y, Y, Y, N, N, N],
    prune: /*                 */ [N, Y, Y, F, N, N, N],
    archive: /*               */ [N, Y, Y, F, N, N, N],
    delete: /*                */ [N, Y, Y, F, N, N, N],
    "change-scope": /*        */ [N, Y, Y, F, N, N, N],
    unarchive: /*             */ [N, Y, Y, F, N, N, N],
    rename: /*                */ [N, Y, Y, Y, N, N, N],
  },
  PUBLIC: {
    get: /*                   */ [Y, Y, Y, Y, Y, Y, Y],
    "appears-in-list": /*     */ [Y, Y, Y, Y, Y, Y, Y],
    "read-file": /*           */ [Y, Y, Y, Y, Y, Y, Y],
    "get-version": /*         */ [Y, Y, Y, Y, Y, Y, Y],
    "list-audit": /*          */ [Y, Y, Y, Y, Y, Y, Y],
    "list-references": /*     */ [Y, Y, Y, Y, Y, Y, Y],
    "record-download": /*     */ [Y, Y, Y, Y, Y, Y, Y],
    "add-version": /*         */ [P, F, F, F, F, Y, F],
    restore: /*               */ [P, F, F, F, F, Y, F],
    prune: /*                 */ [F, F, F, F, F, Y, F],
    archive: /*               */ [F, F, F, F, F, Y, F],
    delete: /*                */ [F, F, F, F, F, Y, F],
    "change-scope": /*        */ [F, F, F, F, F, Y, F],
    unarchive: /*             */ [F, F, F, F, F, Y, F],
    rename: /*                */ [P, F, F, F, F, Y, F],
  },
  BUILTIN: {
    get: /*                   */ [Y, Y, Y, Y, Y, Y, Y],
    "appears-in-list": /*     */ [Y, Y, Y, Y, Y, Y, Y],
    "read-file": /*           */ [Y, Y, Y, Y, Y, Y, Y],
    "get-version": /*         */ [Y, Y, Y, Y, Y, Y, Y],
    "list-audit": /*          */ [Y, Y, Y, Y, Y, Y, Y],
    "list-references": /*     */ [Y, Y, Y, Y, Y, Y, Y],
    "record-download": /*     */ [Y, Y, Y, Y, Y, Y, Y],
    "add-version": /*         */ [F, F, F, F, F, F, F],
    restore: /*               */ [F, F, F, F, F, F, F],
    prune: /*                 */ [F, F, F, F, F, F, F],
    archive: /*               */ [F, F, F, F, F, F, F],
    delete: /*                */ [F, F, F, F, F, F, F],
    "change-scope": /*        */ [F, F, F, F, F, F, F],
    unarchive: /*             */ [F, F, F, F, F, F, F],
    rename: /*                */ [F, F, F, F, F, F, F],
  },
};

// ---------- Fixtures: one skill per case, two versions each ----------
//
// The data layer writes one template skill per scope (v1 and v2, files, blobs, audit events), the
// way the app would. Each case then gets a copy of its scope's template: fresh skill, version,
// file and audit rows with the same scope, owner, team and space, under the case's own name. The
// copies share the template's blobs, as content-addressed storage does; only the SKILL.md bytes
// still carry the template's name. Writing 364 skills through the data layer would take seconds.

interface Fixture {
  id: string;
  name: string;
  scope: Scope;
}

const SCOPES: readonly Scope[] = ["PERSONAL", "TEAM", "PUBLIC", "BUILTIN"];
const fixtureName = (scope: Scope, operation: Operation, relation: Relation) => `${scope.toLowerCase()}-${operation}-${relation}`;
const notesOf = (version: number) => `# Notes\n\nVersion ${version} of the notes.\n`;
const versionOf = (name: string, version: number) =>
  makeSkill(name, { body: `# Steps\n\nVersion ${version} of the steps.\n`, files: { "references/notes.md": notesOf(version) } });

async function writeTemplate(
  scope: Exclude<Scope, "BUILTIN">,
  creator: string,
  secondAuthor: string,
  destination: Parameters<typeof data.createSkill>[1]["destination"],
) {
  const name = `${scope.toLowerCase()}-template`;
  const { skillId } = await data.createSkill({ id: creator }, { skill: versionOf(name, 1), destination, message: "v1" });
  await data.addSkillVersion({ id: secondAuthor }, skillId, { skill: versionOf(name, 2), message: "v2" });
  return skillId;
}

/** Fresh copies of a template skill, one per name, with every row that belongs to it. */
async function copySkill(templateId: string, names: string[]): Promise<Map<string, string>> {
  const { versions, ...skill } = await db.skill.findUniqueOrThrow({ where: { id: templateId }, include: { versions: { include: { files: true } } } });
  const events = await db.auditEvent.findMany({ where: { skillId: templateId } });
  const ids = new Map(names.map((name) => [name, randomUUID()]));
  const rows = {
    skills: [] as (typeof skill)[],
    versions: [] as Omit<(typeof versions)[number], "files">[],
    files: [] as (typeof versions)[number]["files"],
    events: [] as typeof events,
  };
  for (const [name, id] of ids) {
    rows.skills.push({ ...skill, id, name, currentVersionId: null });
    for (const { files, ...version } of versions) {
      const versionId = randomUUID();
      rows.versions.push({ ...version, id: versionId, skillId: id, name, frontmatter: JSON.stringify({ ...JSON.parse(version.frontmatter), name }) });
      rows.files.push(...files.map((file) => ({ ...file, id: randomUUID(), versionId })));
    }
    rows.events.push(...events.map((event) => ({ ...event, id: randomUUID(), skillId: id, skillName: name })));
  }
  await db.$transaction(async (tx) => {
    await tx.skill.createMany({ data: rows.skills });
    await tx.skillVersion.createMany({ data: rows.versions });
    await tx.skillFile.createMany({ data: rows.files });
    await tx.auditEvent.createMany({ data: rows.events });
    await tx.$executeRawUnsafe(
      `UPDATE "Skill" SET "currentVersionId" = (SELECT v."id" FROM "SkillVersion" v WHERE v."skillId" = "Skill"."id" AND v."number" = "Skill"."versionCount") WHERE "currentVersionId" IS NULL`,
    );
  });
  return ids;
}

const templates: Record<Scope, string> = {
  PERSONAL: await writeTemplate("PERSONAL", "author", "author", { scope: "PERSONAL" }),
  // Written by "author" while a member, who leaves the team below.
  TEAM: await writeTemplate("TEAM", "author", "team-member", { scope: "TEAM", teamId: matrixTeam.id }),
  // Only an instance admin may publish, so the admin publishes and the authorship goes to "author"
  // afterwards, as if an admin had published a skill that user wrote.
  PUBLIC: await writeTemplate("PUBLIC", "instance-admin", "instance-admin", { scope: "PUBLIC" }),
  BUILTIN: await (async () => {
    await syncBuiltinSkills([versionOf("builtin-template", 1)]);
    await syncBuiltinSkills([versionOf("builtin-template", 2)]);
    return (await db.skill.findFirstOrThrow({ where: { scope: "BUILTIN", name: "builtin-template" } })).id;
  })(),
};
await db.membership.delete({ where: { teamId_userId: { teamId: matrixTeam.id, userId: "author" } } });
await db.skill.update({ where: { id: templates.PUBLIC }, data: { ownerId: "author" } });
await db.skillVersion.updateMany({ where: { skillId: templates.PUBLIC }, data: { authorId: "author" } });

const fixtures = new Map<string, Fixture>();
for (const scope of SCOPES) {
  const names = OPERATIONS.flatMap((operation) => RELATIONS.map((relation) => fixtureName(scope, operation, relation)));
  for (const [name, id] of await copySkill(templates[scope], names)) fixtures.set(name, { id, name, scope });
}

// The cases of restoring from the archive start archived.
await db.skill.updateMany({
  where: { id: { in: [...fixtures.values()].filter((f) => f.name.includes("-unarchive-")).map((f) => f.id) } },
  data: { archived: true },
});

// ---------- Snapshots: what a refused operation must leave untouched ----------

// A subquery's JSON is text to the outer json_object (SQLite 3.54 nests it as a string), hence json(...).
const SQLITE_SNAPSHOT = `SELECT json_object(
   'skill', json((SELECT json_object('name', name, 'scope', scope, 'ownerId', ownerId, 'teamId', teamId, 'space', space,
                                'currentVersionId', currentVersionId, 'versionCount', versionCount, 'archived', archived,
                                'updatedAt', updatedAt)
             FROM "Skill" WHERE id = ?)),
   'versions', json((SELECT json_group_array(json_object('id', id, 'number', number, 'digest', digest, 'authorId', authorId))
                FROM (SELECT * FROM "SkillVersion" WHERE skillId = ? ORDER BY number))),
   'files', (SELECT count(*) FROM "SkillFile" f JOIN "SkillVersion" v ON v.id = f.versionId WHERE v.skillId = ?),
   'auditEvents', (SELECT count(*) FROM "AuditEvent" WHERE skillId = ?),
   'totals', json_object(
     'skills', (SELECT count(*) FROM "Skill"), 'versions', (SELECT count(*) FROM "SkillVersion"),
     'files', (SELECT count(*) FROM "SkillFile"), 'blobs', (SELECT count(*) FROM "Blob"),
     'audit', (SELECT count(*) FROM "AuditEvent"), 'refs', (SELECT count(*) FROM "AgentProfileSkill"),
     'memberships', (SELECT count(*) FROM "Membership"))
 ) AS snapshot`;

// The same on PostgreSQL: json_build_object/json_agg, quoted column names, archived as 0/1 like SQLite's.
const POSTGRES_SNAPSHOT = `SELECT json_build_object(
   'skill', (SELECT json_build_object('name', "name", 'scope', "scope", 'ownerId', "ownerId", 'teamId', "teamId", 'space', "space",
                                      'currentVersionId', "currentVersionId", 'versionCount', "versionCount", 'archived', "archived"::int,
                                      'updatedAt', "updatedAt")
             FROM "Skill" WHERE "id" = $1),
   'versions', (SELECT coalesce(json_agg(json_build_object('id', "id", 'number', "number", 'digest', "digest", 'authorId', "authorId") ORDER BY "number"), '[]')
                FROM "SkillVersion" WHERE "skillId" = $2),
   'files', (SELECT count(*) FROM "SkillFile" f JOIN "SkillVersion" v ON v."id" = f."versionId" WHERE v."skillId" = $3),
   'auditEvents', (SELECT count(*) FROM "AuditEvent" WHERE "skillId" = $4),
   'totals', json_build_object(
     'skills', (SELECT count(*) FROM "Skill"), 'versions', (SELECT count(*) FROM "SkillVersion"),
     'files', (SELECT count(*) FROM "SkillFile"), 'blobs', (SELECT count(*) FROM "Blob"),
     'audit', (SELECT count(*) FROM "AuditEvent"), 'refs', (SELECT count(*) FROM "AgentProfileSkill"),
     'memberships', (SELECT count(*) FROM "Membership"))
 )::text AS snapshot`;

/**
 * The skill's row, its versions, and the row counts of every table a skill operation writes, in
 * one query: the matrix takes two snapshots per case.
 */
async function snapshot(skillId: string) {
  const [row] = await db.$queryRawUnsafe<{ snapshot: string }[]>(
    testDialect === "postgres" ? POSTGRES_SNAPSHOT : SQLITE_SNAPSHOT,
    ...Array<string>(4).fill(skillId),
  );
  return JSON.parse(row.snapshot) as {
    skill: {
      name: string;
      space: string;
      scope: string;
      ownerId: string | null;
      teamId: string | null;
      currentVersionId: string | null;
      archived: number;
    } | null;
    versions: { id: string; number: number; digest: string; authorId: string | null }[];
    files: number;
    auditEvents: number;
    totals: Record<string, number>;
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

// ---------- Running an operation ----------

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const MOVE_TO: Record<Scope, Parameters<typeof data.changeSkillScope>[2]> = {
  // The owner shares with a team it belongs to.
  PERSONAL: { scope: "TEAM", teamId: docsTeam.id },
  // Moving takes the skill into the mover's own space: the only destination every relation could
  // create in, so a refusal is about the skill, not the destination.
  TEAM: { scope: "PERSONAL" },
  PUBLIC: { scope: "PERSONAL" },
  BUILTIN: { scope: "PERSONAL" },
};

interface OperationSpec {
  /** Reads answer null when the skill is invisible; writes throw. */
  run: (viewer: { id: string }, f: Fixture) => Promise<unknown>;
  /** What an allowed call must have done. */
  effect: (viewer: { id: string }, f: Fixture, result: unknown, before: Snapshot, after: Snapshot) => void | Promise<void>;
}

const SPECS: Record<Operation, OperationSpec> = {
  get: {
    run: (viewer, f) => data.getSkill(viewer, f.id),
    effect: (_, f, result) => expect(result).toMatchObject({ id: f.id, name: f.name, scope: f.scope, version: 2 }),
  },
  "appears-in-list": {
    run: async (viewer, f) => {
      const page = await data.listSkills(viewer, { q: f.name, pageSize: 100 });
      return page.items.find((item) => item.id === f.id) ?? null;
    },
    effect: (_, f, result) => expect(result).toMatchObject({ id: f.id, scope: f.scope }),
  },
  "read-file": {
    run: (viewer, f) => data.readSkillFile(viewer, f.id, "references/notes.md"),
    effect: (_, f, result) => expect(decode((result as { bytes: Uint8Array }).bytes)).toBe(notesOf(2)),
  },
  "get-version": {
    run: (viewer, f) => data.getSkillVersion(viewer, f.id, 1),
    effect: (_, f, result) => expect(result).toMatchObject({ number: 1, name: f.name, body: expect.stringContaining("Version 1") }),
  },
  "list-audit": {
    run: (viewer, f) => data.listSkillAudit(viewer, f.id),
    // The whole trail for those who may prune (the manage right); anyone else sees their own events only.
    effect: (viewer, f, result) => {
      const events = result as { actorId: string | null }[];
      if (EXPECTED[f.scope].prune[RELATIONS.indexOf(viewer.id as Relation)] === Y) expect(events.length).toBeGreaterThanOrEqual(2);
      else expect(events.filter((e) => e.actorId !== viewer.id)).toEqual([]);
    },
  },
  "list-references": {
    run: (viewer, f) => data.listSkillReferences(viewer, f.id),
    effect: (_, __, result) => expect(result).toEqual({ mine: [], others: 0, holding: 0 }),
  },
  "record-download": {
    // The function returns nothing either way; whether it wrote is the answer. A refusal may
    // throw NOT_FOUND or quietly do nothing: both leave the snapshot unchanged.
    run: async (viewer, f) => {
      await data.recordDownload(viewer, f.id, 2);
      return (await db.auditEvent.count({ where: { skillId: f.id, action: "skill.download", actorId: viewer.id } })) > 0 ? true : null;
    },
    effect: (_, __, ___, before, after) => expect(after.auditEvents).toBe(before.auditEvents + 1),
  },
  "add-version": {
    run: (viewer, f) => data.addSkillVersion(viewer, f.id, { skill: versionOf(f.name, 3), message: "v3" }),
    effect: (viewer, _, result, __, after) => {
      expect(result).toMatchObject({ version: 3, created: false });
      expect(after.versions.map((v) => v.number)).toEqual([1, 2, 3]);
      expect(after.versions[2].authorId).toBe(viewer.id);
      expect(after.skill?.currentVersionId).toBe(after.versions[2].id);
    },
  },
  restore: {
    run: (viewer, f) => data.restoreSkillVersion(viewer, f.id, 1),
    effect: (_, __, result, ___, after) => {
      expect(result).toMatchObject({ version: 3 });
      expect(after.versions.map((v) => v.number)).toEqual([1, 2, 3]);
      expect(after.versions[2].digest).toBe(after.versions[0].digest);
    },
  },
  prune: {
    run: (viewer, f) => data.pruneSkillVersions(viewer, f.id, 1),
    effect: (_, __, result, ___, after) => {
      expect(result).toEqual([1]);
      expect(after.versions.map((v) => v.number)).toEqual([2]);
    },
  },
  archive: {
    run: (viewer, f) => data.setSkillArchived(viewer, f.id, true),
    effect: (_, __, ___, ____, after) => expect(after.skill?.archived).toBe(1),
  },
  delete: {
    run: (viewer, f) => data.deleteSkill(viewer, f.id),
    effect: (_, __, result, before, after) => {
      expect(result).toEqual({ deleted: true });
      expect(after.skill).toBeNull();
      expect(after.versions).toEqual([]);
      expect(after.totals.skills).toBe(before.totals.skills - 1);
    },
  },
  unarchive: {
    run: (viewer, f) => data.setSkillArchived(viewer, f.id, false),
    effect: (_, __, ___, before, after) => {
      expect(after.skill?.archived).toBe(0);
      expect(after.auditEvents).toBe(before.auditEvents + 1);
    },
  },
  rename: {
    run: (viewer, f) => data.renameSkill(viewer, f.id, `${f.name}-renamed`),
    effect: (viewer, f, result, before, after) => {
      expect(result).toMatchObject({ name: `${f.name}-renamed`, version: 3 });
      expect(after.skill).toMatchObject({ name: `${f.name}-renamed`, space: before.skill?.space });
      expect(after.versions.map((v) => v.number)).toEqual([1, 2, 3]);
      expect(after.versions[2].authorId).toBe(viewer.id);
      expect(after.skill?.currentVersionId).toBe(after.versions[2].id);
    },
  },
  "change-scope": {
    run: (viewer, f) => data.changeSkillScope(viewer, f.id, MOVE_TO[f.scope]),
    effect: (viewer, f, _, __, after) => {
      const to = MOVE_TO[f.scope];
      expect(after.skill).toMatchObject({ scope: to.scope, teamId: to.teamId ?? null });
      if (to.scope === "PERSONAL") expect(after.skill?.ownerId).toBe(viewer.id);
    },
  },
};

/** A proposal: one more version, by the viewer, unpublished; the skill (current version, name) as it was; an open request. */
async function proposedEffect(viewer: { id: string }, f: Fixture, before: Snapshot, after: Snapshot) {
  expect({ ...after.skill, versionCount: 0 }).toEqual({ ...before.skill, versionCount: 0 });
  expect(after.versions).toHaveLength(before.versions.length + 1);
  expect(after.versions.at(-1)?.authorId).toBe(viewer.id);
  const request = await db.reviewRequest.findFirstOrThrow({ where: { skillId: f.id }, include: { revisions: { include: { version: true } } } });
  expect(request).toMatchObject({ state: "open", authorId: viewer.id, approvers: "instance-admins" });
  expect(request.revisions[0].version?.publishedAt).toBeNull();
}

async function attempt(spec: OperationSpec, viewer: { id: string }, f: Fixture): Promise<{ outcome: Outcome; result: unknown }> {
  try {
    const result = await spec.run(viewer, f);
    if (result !== null && typeof result === "object" && "proposal" in result && result.proposal) return { outcome: "proposed", result };
    return { outcome: result === null ? "not-found" : "allowed", result };
  } catch (error) {
    if (error instanceof DataError && error.code === "NOT_FOUND") return { outcome: "not-found", result: error };
    if (error instanceof DataError && error.code === "FORBIDDEN") return { outcome: "forbidden", result: error };
    throw error;
  }
}

// ---------- The matrix ----------

for (const scope of SCOPES) {
  describe(`${scope} skills`, () => {
    for (const operation of OPERATIONS) {
      describe(operation, () => {
        RELATIONS.forEach((relation, column) => {
          const expected = EXPECTED[scope][operation][column];
          it(`${relation}: ${expected}`, async () => {
            const fixture = fixtures.get(fixtureName(scope, operation, relation));
            expect(fixture, "fixture").toBeDefined();
            const viewer = { id: relation };
            const before = await snapshot(fixture!.id);
            const { outcome, result } = await attempt(SPECS[operation], viewer, fixture!);
            const after = await snapshot(fixture!.id);
            expect(outcome).toBe(expected);
            if (outcome === "allowed") await SPECS[operation].effect(viewer, fixture!, result, before, after);
            else if (outcome === "proposed") await proposedEffect(viewer, fixture!, before, after);
            else expect(after).toEqual(before);
          });
        });
      });
    }
  });
}

it("every case of the matrix ran on a skill of its own", () => {
  expect(fixtures.size).toBe(SCOPES.length * OPERATIONS.length * RELATIONS.length);
  expect(new Set([...fixtures.values()].map((f) => f.id)).size).toBe(fixtures.size);
});

it("an invisible skill is refused exactly like a missing one", async () => {
  const { skillId } = await data.createSkill({ id: "author" }, { skill: versionOf("private-looks-missing", 1), destination: { scope: "PERSONAL" } });
  const writes: ((id: string) => Promise<unknown>)[] = [
    (id) => data.addSkillVersion({ id: "other" }, id, { skill: versionOf("private-looks-missing", 2), message: "v2" }),
    (id) => data.restoreSkillVersion({ id: "other" }, id, 1),
    (id) => data.pruneSkillVersions({ id: "other" }, id, 1),
    (id) => data.setSkillArchived({ id: "other" }, id, true),
    (id) => data.deleteSkill({ id: "other" }, id),
    (id) => data.changeSkillScope({ id: "other" }, id, { scope: "PERSONAL" }),
    (id) => data.setSkillArchived({ id: "other" }, id, false),
    (id) => data.renameSkill({ id: "other" }, id, "private-renamed"),
  ];
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => "resolved",
      (error: unknown) => (error instanceof DataError ? { code: error.code, message: error.message, details: error.details } : error),
    );
  for (const write of writes) expect(await refusal(write(skillId))).toEqual(await refusal(write("no-such-skill")));
});

// ---------- Destinations: where a skill may be created or moved to ----------

describe("destinations", () => {
  // Creating a skill, by destination.   author team-owner team-admin team-member non-member instance-admin other
  const CREATE: Record<"PERSONAL" | "TEAM Matrix" | "PUBLIC" | "BUILTIN", readonly Outcome[]> = {
    PERSONAL: /*    */ [Y, Y, Y, Y, Y, Y, Y],
    "TEAM Matrix": /* */ [F, Y, Y, Y, F, F, F],
    // Anyone may ask to publish: the skill waits in their personal space until an instance admin approves.
    PUBLIC: /*      */ [P, P, P, P, P, Y, P],
    BUILTIN: /*     */ [F, F, F, F, F, F, F],
  };
  const destinationOf = (label: keyof typeof CREATE) =>
    label === "TEAM Matrix" ? { scope: "TEAM" as const, teamId: matrixTeam.id } : { scope: label as Exclude<keyof typeof CREATE, "TEAM Matrix"> };

  for (const label of Object.keys(CREATE) as (keyof typeof CREATE)[]) {
    RELATIONS.forEach((relation, column) => {
      const expected = CREATE[label][column];
      it(`create in ${label}: ${relation}: ${expected}`, async () => {
        const name = `new-${label.split(" ")[0].toLowerCase()}-${relation}`;
        const totals = (await snapshot("none")).totals;
        const outcome = await data.createSkill({ id: relation }, { skill: versionOf(name, 1), destination: destinationOf(label) }).then(
          (result) => (result.proposal ? ("proposed" as const) : ("allowed" as const)),
          (error: unknown) => (error instanceof DataError && error.code === "FORBIDDEN" ? ("forbidden" as const) : Promise.reject(error)),
        );
        expect(outcome).toBe(expected);
        if (outcome === "allowed") expect((await db.skill.findFirstOrThrow({ where: { name } })).scope).toBe(destinationOf(label).scope);
        else if (outcome === "proposed") {
          const skill = await db.skill.findFirstOrThrow({ where: { name, ownerId: relation } });
          expect(skill.scope).toBe("PERSONAL");
          expect(await db.reviewRequest.count({ where: { skillId: skill.id, kind: "move", state: "open", targetScope: destinationOf(label).scope } })).toBe(1);
        } else expect((await snapshot("none")).totals).toEqual(totals);
      });
    });
  }

  async function refusedMove(viewer: string, skillId: string, destination: Parameters<typeof data.changeSkillScope>[2]) {
    const before = await snapshot(skillId);
    const error = await data.changeSkillScope({ id: viewer }, skillId, destination).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DataError);
    expect(await snapshot(skillId)).toEqual(before);
    return (error as InstanceType<typeof DataError>).code;
  }

  it("publishing needs an instance admin: anyone else's move to PUBLIC is a request, and a member who does not manage the skill cannot even ask", async () => {
    const [mine, teams] = await data.importSkills({ id: "team-owner" }, [
      { skill: versionOf("publish-mine", 1), destination: { scope: "PERSONAL" } },
      { skill: versionOf("publish-team", 1), destination: { scope: "TEAM", teamId: matrixTeam.id } },
    ]);
    expect(await refusedMove("team-member", teams.skillId, { scope: "PUBLIC" })).toBe("FORBIDDEN");
    for (const skillId of [mine.skillId, teams.skillId]) {
      const moved = await data.changeSkillScope({ id: "team-owner" }, skillId, { scope: "PUBLIC" });
      expect(moved.proposal).toBeTruthy();
      expect((await db.skill.findUniqueOrThrow({ where: { id: skillId } })).scope).not.toBe("PUBLIC");
    }

    const adminOwn = await data.createSkill({ id: "instance-admin" }, { skill: versionOf("publish-admin", 1), destination: { scope: "PERSONAL" } });
    await data.changeSkillScope({ id: "instance-admin" }, adminOwn.skillId, { scope: "PUBLIC" });
    expect((await data.getSkill({ id: "other" }, adminOwn.skillId))?.scope).toBe("PUBLIC");
  });

  it("a skill only moves into a team its mover belongs to, and never into BUILTIN", async () => {
    const { skillId } = await data.createSkill({ id: "team-member" }, { skill: versionOf("move-around", 1), destination: { scope: "PERSONAL" } });
    expect(await refusedMove("team-member", skillId, { scope: "TEAM", teamId: docsTeam.id })).toBe("FORBIDDEN");
    expect(await refusedMove("team-member", skillId, { scope: "BUILTIN" })).toBe("FORBIDDEN");
    await data.changeSkillScope({ id: "team-member" }, skillId, { scope: "TEAM", teamId: matrixTeam.id });
    expect((await data.getSkill({ id: "team-admin" }, skillId))?.scope).toBe("TEAM");
    // Now a team skill: the member who moved it there no longer manages it.
    expect(await refusedMove("team-member", skillId, { scope: "PERSONAL" })).toBe("FORBIDDEN");
  });
});
