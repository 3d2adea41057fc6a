import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "better-auth/crypto";
import { createPrismaClient } from "@/lib/db/client";
import { DEMO_PASSWORD, demoUsers } from "@/prisma/seed";
import { DataDirectoryError } from "./data-dir";
import { prepareDatabase } from "./prepare";

const tmp = await mkdtemp(path.join(os.tmpdir(), "skillshelf-prepare-"));
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe("prepareDatabase", () => {
  it("creates the data folder, migrates and seeds once; a second run changes nothing", async () => {
    const databasePath = path.join(tmp, "nested", "data", "app.db");
    const log: string[] = [];
    await prepareDatabase(databasePath, (line) => log.push(line));
    expect(log.some((line) => line.startsWith("Applied 1 migration"))).toBe(true);
    expect(log.some((line) => line.startsWith("Seeded demo accounts"))).toBe(true);

    const second: string[] = [];
    await prepareDatabase(databasePath, (line) => second.push(line));
    expect(second).toEqual([]);

    const db = createPrismaClient(databasePath);
    try {
      const users = await db.user.findMany({ orderBy: { email: "asc" }, include: { accounts: true } });
      expect(users.map((user) => [user.email, user.role])).toEqual(demoUsers.map((user) => [user.email, user.role]));
      for (const user of users) {
        expect(user.accounts).toHaveLength(1);
        expect(await verifyPassword({ hash: user.accounts[0].password!, password: DEMO_PASSWORD })).toBe(true);
      }
      const migrations = await db.$queryRawUnsafe<{ n: bigint | number }[]>("SELECT COUNT(*) AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL");
      expect(Number(migrations[0].n)).toBeGreaterThanOrEqual(1);
    } finally {
      await db.$disconnect();
    }
  });

  it("does not re-seed a database whose demo accounts were removed", async () => {
    const databasePath = path.join(tmp, "removed.db");
    await prepareDatabase(databasePath, () => {});
    const before = createPrismaClient(databasePath);
    await before.user.deleteMany({ where: { email: "grace@example.com" } });
    await before.$disconnect();
    await prepareDatabase(databasePath, () => {});
    const after = createPrismaClient(databasePath);
    try {
      expect(await after.user.count()).toBe(1);
    } finally {
      await after.$disconnect();
    }
  });

  it("fails with one line naming the path when the data directory cannot be used", async () => {
    const blocker = path.join(tmp, "a-file");
    await (await import("node:fs/promises")).writeFile(blocker, "");
    const attempt = prepareDatabase(path.join(blocker, "data", "app.db"), () => {});
    await expect(attempt).rejects.toBeInstanceOf(DataDirectoryError);
    await expect(attempt).rejects.toThrow(`Cannot use the data directory ${path.join(blocker, "data")}: it could not be created or is not writable.`);
  });
});
