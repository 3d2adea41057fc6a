import { afterAll, describe, expect, it, vi } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { countStatements, recordStatements } from "@/lib/test/sql-statements";

// listProfiles (the playground page, every view) reads the viewer's profiles with their skills in
// one statement; getProfile, through Prisma's relation loads, is the reference for what each shows.

vi.mock("@/lib/data/core/actor", async (original) => (await import("@/lib/test/sql-statements")).actorReadOncePerViewer(await original()));

recordStatements(); // before the first connection (see the file)
const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const profiles = await import("./profiles");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER" } });
const create = (viewer: { id: string }, name: string, destination: Parameters<typeof skills.createSkill>[1]["destination"]) =>
  skills.createSkill(viewer, { skill: makeSkill(name), destination }).then((made) => made.skillId!);
const deploy = await create(grace, "deploy-checklist", { scope: "TEAM", teamId: team.id });
const notes = await create(ada, "release-notes", { scope: "PUBLIC" });
const old = await create(ada, "old-runbook", { scope: "PUBLIC" });
await skills.addSkillVersion(grace, deploy, { skill: makeSkill("deploy-checklist", { body: "# Deploy\n\nSecond.\n" }), message: "Second" });
await profiles.createProfile(ada, {
  name: "Releases",
  instructions: "Be brief.",
  skills: [
    { skillId: notes, pinnedVersion: null },
    { skillId: deploy, pinnedVersion: 1 },
    { skillId: old, pinnedVersion: null },
  ],
});
await profiles.createProfile(ada, { name: "Deploys", instructions: "", skills: [{ skillId: deploy, pinnedVersion: null }] });
await profiles.createProfile(grace, { name: "Mine", instructions: "Hi.", skills: [{ skillId: deploy, pinnedVersion: 2 }] });
await skills.setSkillArchived(ada, old, true);

describe("listProfiles", () => {
  it("shows each profile as getProfile does, by name, in one statement whatever the viewer has", async () => {
    for (const viewer of [ada, grace, linus]) await profiles.listProfiles(viewer); // the actor, read once per viewer
    for (const [viewer, names] of [
      [ada, ["Deploys", "Releases"]],
      [grace, ["Mine"]],
      [linus, []],
    ] as const) {
      const { result, statements } = await countStatements(() => profiles.listProfiles(viewer));
      expect(statements).toHaveLength(1);
      expect(result.map((p) => p.name)).toEqual(names);
      for (const profile of result) expect(profile).toEqual(await profiles.getProfile(viewer, profile.id));
    }
    const [, releases] = await profiles.listProfiles(ada);
    expect(releases.skills).toEqual([
      { skillId: deploy, name: "deploy-checklist", pinnedVersion: 1, currentVersion: 2, archived: false },
      { skillId: old, name: "old-runbook", pinnedVersion: null, currentVersion: 1, archived: true },
      { skillId: notes, name: "release-notes", pinnedVersion: null, currentVersion: 1, archived: false },
    ]);
  });
});
