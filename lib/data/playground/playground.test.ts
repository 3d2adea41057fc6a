import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, createUser, makeSkill, refusal } from "@/lib/test/support";
import type { TurnLedger } from "@/lib/playground/domain";
import type { PlaygroundSetup } from "@/lib/types/playground";

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const playground = await import("./playground");
const profiles = await import("../profiles/profiles");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db);

const teamPdf = await skills.createSkill(ada, {
  skill: makeSkill("pdf-tools", { description: "Team PDF tools. Use for PDFs.", files: { "references/api.md": "# API\n\nCall it.\n" } }),
  destination: { scope: "TEAM", teamId: team.id },
});
const personalPdf = await skills.createSkill(grace, {
  skill: makeSkill("pdf-tools", { description: "Grace's own PDF tools." }),
  destination: { scope: "PERSONAL" },
});
const notes = await skills.createSkill(grace, { skill: makeSkill("meeting-notes"), destination: { scope: "PERSONAL" } });
await skills.addSkillVersion(grace, notes.skillId, { skill: makeSkill("meeting-notes", { body: "# Notes v2\n\nSecond version.\n" }), message: "v2" });

describe("the playground catalog", () => {
  it("offers one skill per name and shows what shadowing hid", async () => {
    const catalog = await playground.getPlaygroundCatalog(grace);
    expect(catalog.entries.map((e) => [e.name, e.place])).toEqual([
      ["meeting-notes", "Personal"],
      ["pdf-tools", "Personal"],
    ]);
    expect(catalog.shadowed).toEqual([expect.objectContaining({ skillId: teamPdf.skillId, place: "Team Platform", winnerId: personalPdf.skillId })]);
    expect(catalog.entries[0]).toMatchObject({ version: 2, reviewStatus: "none" });
  });

  it("builds a source whose bodies and resources read through the store", async () => {
    const { source, notices } = await playground.loadSkillSource(ada, { kind: "all" });
    expect(notices).toEqual([]);
    const pdf = source.skills.find((s) => s.name === "pdf-tools")!;
    expect(pdf).toMatchObject({ skillId: teamPdf.skillId, scope: "TEAM", version: 1, frontmatter: { name: "pdf-tools" } });
    expect(pdf.files).toEqual([expect.objectContaining({ path: "references/api.md", mediaType: "text/markdown" })]);
    expect(await source.body(pdf)).toContain("# pdf-tools");
    expect(await source.resource(pdf, "references/api.md")).toMatchObject({ kind: "text", text: "# API\n\nCall it.\n" });
    expect(await source.resource(pdf, "references/missing.md")).toBeNull();
    expect(await source.resource(pdf, "SKILL.md")).toBeNull();
  });

  it("keeps a hand-picked set to visible skills and says what it left out", async () => {
    const { source, notices } = await playground.loadSkillSource(grace, { kind: "picked", skillIds: [notes.skillId, teamPdf.skillId, "nope"] });
    expect(source.skills.map((s) => s.name)).toEqual(["meeting-notes"]);
    expect(notices).toHaveLength(2);
    expect(notices[0]).toContain("hidden by a same-named skill");
  });

  it("serves a profile's pinned version", async () => {
    const profile = await profiles.createProfile(grace, {
      name: "Notes bot",
      instructions: "Take notes.",
      skills: [{ skillId: notes.skillId, pinnedVersion: 1 }],
    });
    const loaded = await playground.loadSkillSource(grace, { kind: "profile", profileId: profile.id });
    expect(loaded.profileInstructions).toBe("Take notes.");
    const skill = loaded.source.skills[0]!;
    expect(skill.version).toBe(1);
    expect(await loaded.source.body(skill)).not.toContain("Second version");
    await expect(playground.loadSkillSource(ada, { kind: "profile", profileId: profile.id })).rejects.toThrow("Agent profile not found.");
    await profiles.deleteProfile(grace, profile.id);
  });
});

describe("agent profiles", () => {
  it("are owner-only, unique by name, and block deleting their skills", async () => {
    const created = await profiles.createProfile(ada, { name: "Docs agent", instructions: "", skills: [{ skillId: teamPdf.skillId, pinnedVersion: null }] });
    expect(created.skills).toEqual([{ skillId: teamPdf.skillId, name: "pdf-tools", pinnedVersion: null, currentVersion: 1, archived: false }]);
    expect(
      (await refusal(profiles.createProfile(ada, { name: "Docs agent", instructions: "", skills: [{ skillId: teamPdf.skillId, pinnedVersion: null }] }))).code,
    ).toBe("CONFLICT");
    // Another user may reuse the name: names are unique per owner.
    await profiles.createProfile(grace, { name: "Docs agent", instructions: "", skills: [{ skillId: notes.skillId, pinnedVersion: null }] });

    expect(await profiles.getProfile(grace, created.id)).toBeNull();
    expect((await refusal(profiles.deleteProfile(grace, created.id))).code).toBe("NOT_FOUND");
    expect(
      (await refusal(profiles.updateProfile(linus, created.id, { name: "x", instructions: "", skills: [{ skillId: teamPdf.skillId, pinnedVersion: null }] })))
        .code,
    ).toBe("NOT_FOUND");

    expect(await skills.listSkillReferences(ada, teamPdf.skillId)).toEqual({
      mine: [{ profileId: created.id, profileName: "Docs agent" }],
      others: 0,
      holding: 1,
    });
    const blocked = await refusal(skills.deleteSkill(ada, teamPdf.skillId));
    expect(blocked.code).toBe("REFERENCED");
    expect(blocked.message).toContain("Docs agent");

    const renamed = await profiles.updateProfile(ada, created.id, {
      name: "Docs agent 2",
      instructions: "Be brief.",
      skills: [{ skillId: teamPdf.skillId, pinnedVersion: 1 }],
    });
    expect(renamed).toMatchObject({ name: "Docs agent 2", instructions: "Be brief.", skills: [expect.objectContaining({ pinnedVersion: 1 })] });
    expect((await profiles.listProfiles(ada)).map((p) => p.name)).toEqual(["Docs agent 2"]);
    await profiles.deleteProfile(ada, created.id);
    expect(await skills.listSkillReferences(ada, teamPdf.skillId)).toEqual({ mine: [], others: 0, holding: 0 });
  });

  it("refuses skills the owner cannot see, duplicate names, missing versions and empty sets", async () => {
    const invisible = await refusal(
      profiles.createProfile(linus, { name: "Spy", instructions: "", skills: [{ skillId: notes.skillId, pinnedVersion: null }] }),
    );
    expect(invisible.message).toContain("not visible");
    const twice = await refusal(
      profiles.createProfile(grace, {
        name: "Twice",
        instructions: "",
        skills: [
          { skillId: teamPdf.skillId, pinnedVersion: null },
          { skillId: personalPdf.skillId, pinnedVersion: null },
        ],
      }),
    );
    expect(twice.message).toContain('Two skills named "pdf-tools"');
    expect(
      (await refusal(profiles.createProfile(grace, { name: "Old", instructions: "", skills: [{ skillId: notes.skillId, pinnedVersion: 9 }] }))).message,
    ).toContain("no version 9");
    expect((await refusal(profiles.createProfile(grace, { name: "Empty", instructions: "", skills: [] }))).message).toBe(
      "Pick at least one skill for the profile.",
    );
    expect(
      (await refusal(profiles.createProfile(grace, { name: " ", instructions: "", skills: [{ skillId: notes.skillId, pinnedVersion: null }] }))).message,
    ).toBe("Give the profile a name.");
  });
});

describe("a profile after its skills moved out of reach", () => {
  it("names no skill its owner can no longer see, and serves none of it", async () => {
    await createUser(db, "hopper");
    const hopper = { id: "hopper" };
    await db.membership.create({ data: { userId: "hopper", teamId: team.id, role: "MEMBER" } });
    const secret = await skills.createSkill(ada, {
      skill: makeSkill("release-plan", { body: "# Release plan\n\nShip on Friday.\n" }),
      destination: { scope: "TEAM", teamId: team.id },
    });
    const profile = await profiles.createProfile(hopper, { name: "Releases", instructions: "", skills: [{ skillId: secret.skillId, pinnedVersion: 1 }] });
    expect(profile.skills).toEqual([{ skillId: secret.skillId, name: "release-plan", pinnedVersion: 1, currentVersion: 1, archived: false }]);

    // Hopper leaves the team; the team renames the plan in a new version.
    await db.membership.deleteMany({ where: { userId: "hopper" } });
    await skills.addSkillVersion(ada, secret.skillId, { skill: makeSkill("release-plan", { body: "# Release plan\n\nShip on Monday.\n" }), message: "v2" });

    const [listed] = await profiles.listProfiles(hopper);
    expect(listed.skills).toEqual([{ skillId: secret.skillId, name: null, pinnedVersion: 1, currentVersion: null, archived: false }]);
    expect(JSON.stringify(await profiles.getProfile(hopper, profile.id))).not.toContain("release-plan");

    const loaded = await playground.loadSkillSource(hopper, { kind: "profile", profileId: profile.id });
    expect(loaded.source.skills).toEqual([]);
    expect(loaded.notices.join(" ")).not.toContain("release-plan");
    // Saving the profile unchanged is refused (the skill is out of reach); taking it out is the way on.
    expect(
      (
        await refusal(
          profiles.updateProfile(hopper, profile.id, { name: "Releases", instructions: "", skills: [{ skillId: secret.skillId, pinnedVersion: 1 }] }),
        )
      ).code,
    ).toBe("INVALID");
    await profiles.deleteProfile(hopper, profile.id);
  });

  it("leaves an archived skill out of the agent, as the full catalog does", async () => {
    const old = await skills.createSkill(grace, { skill: makeSkill("old-habits"), destination: { scope: "PERSONAL" } });
    const profile = await profiles.createProfile(grace, {
      name: "Habits",
      instructions: "",
      skills: [
        { skillId: old.skillId, pinnedVersion: null },
        { skillId: notes.skillId, pinnedVersion: null },
      ],
    });
    await skills.setSkillArchived(grace, old.skillId, true);

    expect((await profiles.getProfile(grace, profile.id))?.skills.find((s) => s.skillId === old.skillId)).toMatchObject({ name: "old-habits", archived: true });
    const loaded = await playground.loadSkillSource(grace, { kind: "profile", profileId: profile.id });
    expect(loaded.source.skills.map((s) => s.name)).toEqual(["meeting-notes"]);
    expect(loaded.notices).toEqual(['"old-habits" is archived, so agents do not see it; it was left out of profile "Habits".']);
    await profiles.deleteProfile(grace, profile.id);
    await skills.setSkillArchived(grace, old.skillId, false);
  });
});

describe("conversations", () => {
  const setup: PlaygroundSetup = { source: { kind: "all" }, mode: "full", exposeMetadata: false, instructions: "", modelId: "offline-router" };
  const ledger: TurnLedger = {
    turn: 1,
    modelId: "offline-router",
    events: [{ level: 2, kind: "load", skill: "meeting-notes", skillId: notes.skillId, version: 2, by: "model", tokens: 12, needsReview: false }],
    totals: { newlyDisclosed: 40, resident: 40, catalogTokens: 28, inputTokens: null, outputTokens: null, eagerTokens: 80, savingPercent: 50 },
    router: null,
  };

  it("stores both messages of a turn with the ledger, owner-only", async () => {
    const first = await playground.saveTurn(grace, {
      conversationId: null,
      setup,
      userText: "Summarise my meeting notes please",
      assistantMessageId: "msg-a1",
      afterMessages: 0,
      assistantParts: [
        { type: "text", text: "Here you go." },
        { type: "data-ledger", data: ledger },
      ],
      ledger,
    });
    expect(first.title).toBe("Summarise my meeting notes please");
    await playground.saveTurn(grace, {
      conversationId: first.id,
      setup: { ...setup, mode: "search" },
      userText: "And again",
      assistantMessageId: "msg-a2",
      afterMessages: 2,
      assistantParts: [{ type: "text", text: "Again." }],
      ledger: { ...ledger, turn: 2 },
    });

    const detail = await playground.getConversation(grace, first.id);
    expect(detail?.setup.mode).toBe("search");
    expect(detail?.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(detail?.messages[1]).toMatchObject({
      id: "msg-a1",
      parts: [
        { type: "text", text: "Here you go." },
        { type: "data-ledger", data: ledger },
      ],
    });
    const history = await playground.getConversationHistory(grace, first.id);
    expect(history?.history[3]).toMatchObject({ role: "assistant", ledger: { turn: 2 } });
    expect((await playground.listConversations(grace))[0]).toMatchObject({ id: first.id, turns: 2 });

    expect(await playground.getConversation(ada, first.id)).toBeNull();
    expect(
      (
        await refusal(
          playground.saveTurn(ada, { conversationId: first.id, setup, userText: "hi", assistantMessageId: "x", afterMessages: 4, assistantParts: [], ledger }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    expect((await refusal(playground.deleteConversation(ada, first.id))).code).toBe("NOT_FOUND");
    // A turn stored from a stale history (another tab stored one meanwhile) is refused, not interleaved.
    const stale = await refusal(
      playground.saveTurn(grace, {
        conversationId: first.id,
        setup,
        userText: "late",
        assistantMessageId: "msg-late",
        afterMessages: 2,
        assistantParts: [],
        ledger,
      }),
    );
    expect(stale.code).toBe("CONFLICT");
    expect(await db.conversationMessage.count({ where: { conversationId: first.id } })).toBe(4);
    await playground.renameConversation(grace, first.id, "Notes");
    await playground.deleteConversation(grace, first.id);
    expect(await db.conversationMessage.count({ where: { conversationId: first.id } })).toBe(0);
  });

  it("writes nothing when the turn cannot be stored", async () => {
    const before = await db.conversation.count();
    await refusal(
      playground.saveTurn(grace, { conversationId: "missing", setup, userText: "hi", assistantMessageId: "y", afterMessages: 0, assistantParts: [], ledger }),
    );
    expect(await db.conversation.count()).toBe(before);
  });
});
