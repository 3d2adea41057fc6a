import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";

// The store's write paths with a scanner that throws: whatever breaks inside the scanner, the
// import goes on, the version reads "not fully scanned" with the error named, and a person has to
// look at it (it may have hidden a critical finding).

const broken = vi.hoisted(() => ({ on: false }));
vi.mock("@/lib/skills/scan", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/skills/scan")>();
  const fail = () => {
    throw new Error("rule engine exploded");
  };
  return {
    ...actual,
    scanBundleSkill: (...args: Parameters<typeof actual.scanBundleSkill>) => (broken.on ? fail() : actual.scanBundleSkill(...args)),
    scanFiles: (...args: Parameters<typeof actual.scanFiles>) => (broken.on ? fail() : actual.scanFiles(...args)),
    // The server's imports scan in steps that yield between files (lib/data/intake/scan.ts).
    scanBundleSkillSteps: (...args: Parameters<typeof actual.scanBundleSkillSteps>) => (broken.on ? fail() : actual.scanBundleSkillSteps(...args)),
  };
});

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const review = await import("./vetting");
afterAll(cleanup);
await createUser(db, "linus");
const linus = { id: "linus" };

describe("a scanner that throws", () => {
  it("does not stop an import: the version is stored incomplete, naming the error, and needs review", async () => {
    broken.on = true;
    try {
      const { skillId } = await skills.createSkill(linus, { skill: makeSkill("scanned-badly"), destination: { scope: "PERSONAL" } });
      const detail = await skills.getSkill(linus, skillId);
      expect(detail?.current.scan).toMatchObject({
        complete: false,
        findings: [],
        highest: null,
        skipped: [{ path: "*", reason: "error", detail: "rule engine exploded" }],
      });
      expect(detail?.reviewStatus).toBe("needs_review");
    } finally {
      broken.on = false;
    }
  });

  it("a rescan that fails sends a clean version to review, and the next good rescan clears it", async () => {
    const { skillId } = await skills.createSkill(linus, { skill: makeSkill("rescanned-badly"), destination: { scope: "PERSONAL" } });
    broken.on = true;
    try {
      await review.rescanStoredVersions({ all: true });
    } finally {
      broken.on = false;
    }
    expect(await db.skillVersion.findFirstOrThrow({ where: { skillId } })).toMatchObject({ scanComplete: false, reviewStatus: "needs_review" });
    await review.rescanStoredVersions({ all: true });
    expect(await db.skillVersion.findFirstOrThrow({ where: { skillId } })).toMatchObject({ scanComplete: true, reviewStatus: "none" });
  });
});
