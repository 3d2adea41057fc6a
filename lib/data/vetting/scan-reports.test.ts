import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";
import { refusal } from "@/lib/test/support";

// "Report a false positive": who may report, what is recorded, who reads and resolves reports.

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const reports = await import("./scan-reports");
afterAll(cleanup);

await createUser(db, "ada", { role: "ADMIN" });
await createUser(db, "grace");
await createUser(db, "mallory");
const team = await db.team.create({ data: { name: "Platform", memberships: { create: [{ userId: "grace", role: "MEMBER" }] } } });
const ada = { id: "ada" };
const grace = { id: "grace" };
const mallory = { id: "mallory" };

// a credential file named in prose: a low finding the reader may think is wrong
const body = "# Packer\n\nPacker looks for AWS credentials in `~/.aws/credentials`.\n";
const created = await skills.createSkill(grace, { skill: makeSkill("packer-notes", { body }), destination: { scope: "TEAM", teamId: team.id } });
const skillId = created.skillId;
const version = await db.skillVersion.findFirstOrThrow({ where: { skillId }, select: { scanFindings: true } });
const finding = (JSON.parse(version.scanFindings) as { rule: string; file: string; line: number | null; severity: string }[]).find(
  (f) => f.rule === "credentials/cloud-credentials",
)!;

describe("false-positive reports", () => {
  it("stores a reader's note on a stored finding, once per reader and finding, and audits it", async () => {
    expect(finding).toMatchObject({ severity: "low", file: "SKILL.md" });
    const first = await reports.reportFalsePositive(grace, skillId, 1, finding, "Names the file as documentation, reads nothing.");
    const again = await reports.reportFalsePositive(grace, skillId, 1, finding, "Packer's own docs: the path is only named here.");
    expect(again).toEqual({ id: first.id, replaced: true });
    const rows = await db.scanReport.findMany({ where: { reporterId: "grace" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rule: "credentials/cloud-credentials",
      file: "SKILL.md",
      line: finding.line,
      note: "Packer's own docs: the path is only named here.",
      status: "open",
    });
    expect(await db.auditEvent.count({ where: { action: "scan.report", skillId } })).toBe(2);
  });

  it("refuses a finding the version does not have, a short note, and a reader who cannot see the skill", async () => {
    expect((await refusal(reports.reportFalsePositive(grace, skillId, 1, { ...finding, line: 999 }, "No such finding anywhere."))).code).toBe("NOT_FOUND");
    expect((await refusal(reports.reportFalsePositive(grace, skillId, 1, finding, "wrong"))).code).toBe("INVALID");
    // a skill mallory cannot see answers as if it did not exist
    const hidden = await refusal(reports.reportFalsePositive(mallory, skillId, 1, finding, "I should not even know this skill."));
    expect(hidden.code).toBe("NOT_FOUND");
    expect(hidden.message).toBe("Skill not found.");
  });

  it("lists open reports, with the finding as stored, to instance admins only, who resolve them", async () => {
    expect((await refusal(reports.listOpenScanReports(grace))).code).toBe("FORBIDDEN");
    const open = await reports.listOpenScanReports(ada);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      skillName: "packer-notes",
      version: 1,
      rule: "credentials/cloud-credentials",
      severity: "low",
      reporter: { name: expect.any(String) },
      context: { kind: "mention" },
    });
    expect(open[0].excerpt).toContain("~/.aws/credentials");
    expect((await refusal(reports.resolveScanReport(grace, open[0].id))).code).toBe("FORBIDDEN");
    await reports.resolveScanReport(ada, open[0].id);
    expect(await reports.listOpenScanReports(ada)).toEqual([]);
    expect((await refusal(reports.resolveScanReport(ada, open[0].id))).code).toBe("CONFLICT");
  });
});
