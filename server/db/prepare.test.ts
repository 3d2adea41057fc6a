import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "better-auth/crypto";
import { createPrismaClient } from "@/lib/db/client";
import { DEMO_PASSWORD, demoUsers } from "@/prisma/seed";
import { DataDirectoryError, ensureDataDirectory } from "./data-dir";

const tmp = await mkdtemp(path.join(os.tmpdir(), "skillshelf-prepare-"));
const databasePath = path.join(tmp, "nested", "data", "app.db");
process.env.DATABASE_URL = `file:${databasePath}`;
const { prepareDatabase } = await import("./prepare");
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe("prepareDatabase", () => {
  it("creates the data folder, migrates, ships built-ins and seeds the demo once", async () => {
    const log: string[] = [];
    await prepareDatabase((line) => log.push(line));
    expect(log.some((line) => /^Applied \d+ migration/.test(line))).toBe(true);
    expect(log).toContain("Built-in skills: 4 added, 0 updated, 0 retired");
    expect(log.some((line) => line.startsWith("Seeded demo accounts"))).toBe(true);

    const db = createPrismaClient(databasePath);
    try {
      const users = await db.user.findMany({ orderBy: { email: "asc" }, include: { accounts: true } });
      expect(users.map((user) => [user.email, user.role])).toEqual(demoUsers.map((user) => [user.email, user.role]));
      for (const user of users) expect(await verifyPassword({ hash: user.accounts[0].password!, password: DEMO_PASSWORD })).toBe(true);
      const skills = await db.skill.groupBy({ by: ["scope"], _count: { _all: true }, orderBy: { scope: "asc" } });
      expect(Object.fromEntries(skills.map((g) => [g.scope, g._count._all]))).toEqual({ BUILTIN: 4, PERSONAL: 4, PUBLIC: 4, TEAM: 4 });
      const team = await db.team.findUniqueOrThrow({ where: { name: "Platform" }, include: { memberships: { include: { user: true } } } });
      expect(Object.fromEntries(team.memberships.map((m) => [m.user.email, m.role]))).toEqual({ "ada@example.com": "OWNER", "grace@example.com": "MEMBER" });
      const deploy = await db.skill.findFirstOrThrow({ where: { name: "deploy-checklist" }, include: { versions: true } });
      expect(deploy.versions.map((v) => v.number).sort()).toEqual([1, 2]);
    } finally {
      await db.$disconnect();
    }
  });

  // Migrations need the database to themselves (like any schema change), so each check below
  // closes its connection before preparing again.
  async function withDb<T>(work: (db: ReturnType<typeof createPrismaClient>) => Promise<T>): Promise<T> {
    const db = createPrismaClient(databasePath);
    try {
      return await work(db);
    } finally {
      await db.$disconnect();
    }
  }
  const counts = () => withDb((db) => Promise.all([db.user.count(), db.skill.count(), db.skillVersion.count(), db.blob.count(), db.auditEvent.count()]));

  it("a second run changes nothing", async () => {
    const before = await counts();
    const log: string[] = [];
    await prepareDatabase((line) => log.push(line));
    expect(log).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it("does not re-seed a database whose demo accounts were removed", async () => {
    await withDb((db) => db.user.deleteMany({ where: { email: "grace@example.com" } }));
    await prepareDatabase(() => {});
    expect(await withDb((db) => db.user.count())).toBe(1);
  });

  it("fails with one line naming the path when the data directory cannot be used", async () => {
    const blocker = path.join(tmp, "a-file");
    await writeFile(blocker, "");
    const attempt = ensureDataDirectory(path.join(blocker, "data", "app.db"));
    await expect(attempt).rejects.toBeInstanceOf(DataDirectoryError);
    await expect(attempt).rejects.toThrow(`Cannot use the data directory ${path.join(blocker, "data")}: it could not be created or is not writable.`);
  });
});
