import { afterAll, describe, expect, it, vi } from "vitest";
import { createCast, createTestDatabase } from "@/lib/test/support";

// The export route end to end, with the session stubbed: who gets what status, and what the CSV
// and JSON lines hold for awkward details (quotes, commas, line breaks, formulas).
const session = vi.hoisted(() => ({ viewer: null as null | { id: string; name: string; email: string; role: "ADMIN" | "USER" } }));
vi.mock("@/lib/data/core/session", () => ({ viewerFromHeaders: async () => session.viewer }));

const { db, cleanup } = await createTestDatabase();
const { GET } = await import("@/app/api/admin/audit/route");
const { auditExportStream } = await import("./audit-export");
afterAll(cleanup);

await createCast(db);
const ada = { id: "ada", name: "ada", email: "ada@example.com", role: "ADMIN" as const };
const grace = { id: "grace", name: "grace", email: "grace@example.com", role: "USER" as const };
const awkward = '=cmd|"/c calc"!A1, and\na second line';
await db.auditEvent.create({
  data: { actorId: "ada", action: "token.create", createdAt: new Date("2026-01-02T00:00:00Z"), detail: JSON.stringify({ name: awkward, scope: "read" }) },
});
await db.auditEvent.create({
  data: {
    actorId: "ada",
    action: "user.enable",
    createdAt: new Date("2026-01-03T00:00:00Z"),
    detail: JSON.stringify({ userId: "grace", email: "grace@example.com" }),
  },
});
for (let i = 0; i < 1200; i += 1)
  await db.auditEvent.create({
    data: { actorId: "grace", action: "skill.download", skillId: "s1", skillName: "pdf", version: 1, createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)) },
  });

const get = (query: string) => GET(new Request(`http://localhost/api/admin/audit?${query}`));

describe("GET /api/admin/audit", () => {
  it("is 401 signed out, 404 for anyone but an instance admin, 400 for an unknown format or a bad filter", async () => {
    session.viewer = null;
    expect((await get("format=csv")).status).toBe(401);
    session.viewer = grace;
    expect((await get("format=csv")).status).toBe(404);
    session.viewer = ada;
    expect((await get("format=xlsx")).status).toBe(400);
    expect((await get("from=yesterday")).status).toBe(422);
  });

  it("streams the filtered trail as CSV, escaped and defused, newest first", async () => {
    session.viewer = ada;
    const response = await get("format=csv&actor=ada@example.com");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="skillshelf-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await response.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("time,action,actor_id,actor_email,actor_name,skill_id,skill_name,version,team_id,team_name,user_id,user_email,summary,detail");
    expect(lines[1]).toBe(
      '2026-01-03T00:00:00.000Z,user.enable,ada,ada@example.com,ada,,,,,,grace,grace@example.com,,"{""userId"":""grace"",""email"":""grace@example.com""}"',
    );
    // The summary starts with a quote, so it is no formula; the name inside it keeps its quotes doubled and its line break.
    expect(lines[2]).toContain(`"“=cmd|""/c calc""!A1, and\na second line”, read scope"`);
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("streams JSON lines with the details as objects, every page of a long trail", async () => {
    session.viewer = ada;
    const text = await (await get("format=jsonl&action=skill.download")).text();
    const rows = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(rows).toHaveLength(1200);
    expect(rows[0]).toMatchObject({ action: "skill.download", actor_id: "grace", skill_name: "pdf", detail: {} });
    expect(rows[0].time > rows[1199].time).toBe(true);
  });

  it("puts a formula-looking cell behind an apostrophe", async () => {
    const pages = (async function* () {
      yield [{ id: "e1", createdAt: new Date(0), action: "x.y", actor: null, skill: null, team: null, subject: null, summary: "=1+1", detail: {} }];
    })();
    const text = await new Response(auditExportStream(pages, "csv")).text();
    expect(text.split("\r\n")[1]).toBe("1970-01-01T00:00:00.000Z,x.y,,,,,,,,,,,'=1+1,{}");
  });
});
