import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * A Prisma client over one SQLite file. WAL lets readers go on while a write commits, and the
 * busy timeout makes concurrent writers queue instead of failing with SQLITE_BUSY.
 */
export function createPrismaClient(databasePath: string): PrismaClient {
  const adapter = new PrismaBetterSqlite3({ url: databasePath, timeout: 10_000 });
  return new PrismaClient({ adapter });
}

export async function configureSqlite(db: PrismaClient): Promise<void> {
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await db.$executeRawUnsafe("PRAGMA foreign_keys = ON");
}

export type { PrismaClient };
