import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill, refusal } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const trail = await import("./audit");
const skills = await import("../skills");
afterAll(cleanup);

const { ada, grace, team } = await createCast(db, { names: { ada: "Ada Lovelace", grace: "Grace Hopper" } });
const { skillId } = await skills.createSkill(grace, { skill: makeSkill("pdf-tools"), destination: { scope: "TEAM", teamId: team.id } });
await skills.createSkill(ada, { skill: makeSkill("notes"), destination: { scope: "PERSONAL" } });

// Events at fixed days, so the date filters have something to tell apart.
const at = (day: string) => new Date(`${day}T12:00:00.000Z`);
await db.auditEvent.createMany({
  data: [
    {
      actorId: "ada",
      action: "user.disable",
      createdAt: at("2026-01-10"),
      detail: JSON.stringify({ userId: "linus", email: "linus@example.com", sessionsEnded: 1 }),
    },
    { actorId: "ada", action: "team.member.add", teamId: team.id, createdAt: at("2026-01-11"), detail: JSON.stringify({ userId: "linus", role: "MEMBER" }) },
    {
      actorId: "grace",
      action: "team.member.role",
      teamId: team.id,
      createdAt: at("2026-01-12"),
      detail: JSON.stringify({ userId: "linus", from: "MEMBER", to: "ADMIN" }),
    },
    { actorId: "gone-user", action: "skill.delete", skillId: "gone-skill", skillName: "old-skill", createdAt: at("2026-01-13") },
  ],
});
for (let i = 0; i < 60; i += 1)
  await db.auditEvent.create({
    data: { actorId: "linus", action: "skill.download", skillId, skillName: "pdf-tools", version: 1, createdAt: at("2025-12-01") },
  });

const all = async (filter: Parameters<typeof trail.listAuditEvents>[1]) => {
  const rows = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof trail.listAuditEvents>> = await trail.listAuditEvents(ada, filter, { cursor });
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
};

describe("the audit trail", () => {
  it("pages newest first with a cursor, every event exactly once", async () => {
    const first = await trail.listAuditEvents(ada, {});
    expect(first.items).toHaveLength(trail.AUDIT_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const rows = await all({});
    const total = await db.auditEvent.count();
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(total);
    const times = rows.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("names who and what each event is about, and sums it up", async () => {
    const [disable] = await all({ action: "user.disable" });
    expect(disable).toMatchObject({
      actor: { id: "ada", name: "Ada Lovelace", email: "ada@example.com" },
      subject: { id: "linus", email: "linus@example.com" },
      summary: "signed out of 1 session",
    });
    const [role] = await all({ action: "team.member.role" });
    expect(role).toMatchObject({ team: { id: team.id, name: "Platform" }, summary: "Member → Admin" });
    const [deleted] = await all({ action: "skill.delete" });
    expect(deleted).toMatchObject({ actor: { id: "gone-user", name: null }, skill: { id: "gone-skill", name: "old-skill", exists: false } });
  });

  it("names the member a team.member event is about (the CSV's user columns), and renders places and people, not ids and JSON", async () => {
    const linus = await db.user.findUniqueOrThrow({ where: { id: "linus" } });
    for (const action of ["team.member.add", "team.member.role"]) {
      const [row] = await all({ action });
      expect(row.subject).toEqual({ id: "linus", email: linus.email, name: linus.name });
    }
    const merge = await db.auditEvent.create({
      data: {
        actorId: "ada",
        action: "review.merge",
        skillId,
        skillName: "pdf-tools",
        createdAt: at("2026-01-20"),
        detail: JSON.stringify({ requestId: "req-1", revision: 1, kind: "move", authorId: "grace", to: { scope: "TEAM", teamId: team.id } }),
      },
    });
    try {
      const [row] = await all({ action: "review.merge" });
      expect(row.summary).toBe("merged Grace Hopper's request for a move to Team Platform");
      expect(row.request).toEqual({ id: "req-1" });
    } finally {
      await db.auditEvent.delete({ where: { id: merge.id } });
    }
  });

  it("filters by actor (email, name or id), skill (name or id), team (name or id), action or prefix, and days", async () => {
    const actions = async (filter: Parameters<typeof trail.listAuditEvents>[1]) => [...new Set((await all(filter)).map((r) => r.action))].sort();
    expect(await actions({ actor: "GRACE@example" })).toEqual(["skill.create", "team.member.role"]);
    expect(await actions({ actor: "hopper" })).toEqual(["skill.create", "team.member.role"]);
    expect(await actions({ actor: "gone-user" })).toEqual(["skill.delete"]);
    expect((await all({ skill: "pdf" })).length).toBe(61);
    expect(await actions({ skill: skillId, action: "skill.create" })).toEqual(["skill.create"]);
    expect(await actions({ team: "platform" })).toEqual(["skill.create", "team.member.add", "team.member.role"]);
    expect(await actions({ team: team.id, action: "team." })).toEqual(["team.member.add", "team.member.role"]);
    expect(await actions({ from: "2026-01-11", to: "2026-01-12" })).toEqual(["team.member.add", "team.member.role"]);
    expect(await all({ actor: "nobody-at-all" })).toEqual([]);
  });

  it("refuses filters that mean nothing, and anyone but an instance admin", async () => {
    expect((await refusal(trail.listAuditEvents(ada, { from: "2026-02-30" }))).message).toMatch(/start date/);
    expect((await refusal(trail.listAuditEvents(ada, { from: "2026-02-02", to: "2026-02-01" }))).code).toBe("INVALID");
    expect((await refusal(trail.listAuditEvents(ada, { action: "DROP TABLE" }))).code).toBe("INVALID");
    expect((await refusal(trail.listAuditEvents(ada, {}, { cursor: "bm9wZQ" }))).code).toBe("INVALID");
    expect((await refusal(trail.listAuditEvents(grace, {}))).code).toBe("FORBIDDEN");
    expect((await refusal(trail.exportAuditEvents(grace, {}))).code).toBe("FORBIDDEN");
    expect((await refusal(trail.listAuditActions(grace))).code).toBe("FORBIDDEN");
  });

  it("offers every known action and any other the trail holds", async () => {
    await db.auditEvent.create({ data: { actorId: "ada", action: "custom.thing" } });
    const actions = await trail.listAuditActions(ada);
    expect(actions).toContain("custom.thing");
    expect(actions).toContain("user.enable");
  });

  it("exports in pages, newest first", async () => {
    const pages = await trail.exportAuditEvents(ada, { skill: "pdf-tools" });
    const sizes: number[] = [];
    for await (const page of pages) sizes.push(page.length);
    expect(sizes).toEqual([61]);
  });
});
