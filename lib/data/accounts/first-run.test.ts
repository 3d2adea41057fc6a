import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const { getFirstRunProgress } = await import("./first-run");
const skills = await import("../skills");
afterAll(cleanup);

const { grace, linus } = await createCast(db);

describe("first-run progress", () => {
  it("starts with nothing done, marks a token and a conversation, and ends with the viewer's first upload", async () => {
    expect(await getFirstRunProgress(grace)).toEqual({ uploaded: false, connected: false, triedPlayground: false });

    await db.accessToken.create({ data: { userId: "grace", name: "laptop", prefix: "sks_abcd", hash: "grace-token-hash", scope: "read" } });
    await db.conversation.create({ data: { ownerId: "grace", title: "first try" } });
    expect(await getFirstRunProgress(grace)).toEqual({ uploaded: false, connected: true, triedPlayground: true });
    // Someone else's steps are not the viewer's.
    expect(await getFirstRunProgress(linus)).toEqual({ uploaded: false, connected: false, triedPlayground: false });

    await skills.createSkill(grace, { skill: makeSkill("notes-helper"), destination: { scope: "PERSONAL" } });
    expect(await getFirstRunProgress(grace)).toBeNull();
  });

  it("counts a delivery link as a connected agent", async () => {
    await db.deliveryFeed.create({ data: { ownerId: "linus", name: "ci", prefix: "sksf_abcd", hash: "linus-feed-hash" } });
    expect(await getFirstRunProgress(linus)).toMatchObject({ connected: true });
  });
});
