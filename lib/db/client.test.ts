import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser } from "@/lib/test/database";

const { db, cleanup } = await createTestDatabase();
afterAll(cleanup);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the shared SQLite connection", () => {
  it("does not let a concurrent query run inside an open transaction", async () => {
    let midway!: () => void;
    const reachedMidway = new Promise<void>((resolve) => (midway = resolve));
    const transaction = db.$transaction(async (tx) => {
      await tx.team.create({ data: { name: "first" } });
      midway();
      await pause(30);
      await tx.team.create({ data: { name: "second" } });
      throw new Error("rolled back on purpose");
    });
    await reachedMidway;
    // Without the gate this count would run inside the transaction and see its uncommitted row.
    const seen = await db.team.count();
    await expect(transaction).rejects.toThrow("rolled back on purpose");
    expect(seen).toBe(0);
    expect(await db.team.count()).toBe(0);
  });

  it("keeps a concurrent write out of a transaction that rolls back", async () => {
    let midway!: () => void;
    const reachedMidway = new Promise<void>((resolve) => (midway = resolve));
    const transaction = db.$transaction(async (tx) => {
      await tx.team.create({ data: { name: "doomed" } });
      midway();
      await pause(30);
      throw new Error("rolled back on purpose");
    });
    await reachedMidway;
    const survivor = createUser(db, "survivor");
    await expect(transaction).rejects.toThrow();
    await survivor;
    expect(await db.user.count({ where: { id: "survivor" } })).toBe(1);
    expect(await db.team.count({ where: { name: "doomed" } })).toBe(0);
  });
});
