import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "./client";
import { db } from "./server";

// Transactions that read, decide, then write ("is the name free?", "is anyone admin yet?", "is a
// sync running?") were written against SQLite, where a write transaction holds the whole
// database from BEGIN to COMMIT (the gate in lib/db/client.ts within a process, BEGIN IMMEDIATE
// across processes), so what it read stays true. PostgreSQL runs them side by side under READ
// COMMITTED: each takes the lock below first, and since every statement after it reads the
// latest committed rows, the reads that follow see what the transaction before it wrote. On
// SQLite both are no-ops.

/** Tables whose rows decisions queue on (names as in the migrations). */
type LockableTable = "Skill" | "SkillSource" | "ReviewRequest" | "Team";

/** Waits for, then holds until commit, the row `id` of `table`; false when there is no such row. */
export async function lockRow(tx: Tx, table: LockableTable, id: string): Promise<boolean> {
  if (db.$dialect !== "postgres") return true;
  const rows = await tx.$queryRaw<unknown[]>`SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE "id" = ${id} FOR UPDATE`;
  return rows.length > 0;
}

/** Waits for, then holds until commit, a lock on a name that no row stands for (a PostgreSQL advisory lock). */
export async function lockName(tx: Tx, name: string): Promise<void> {
  if (db.$dialect !== "postgres") return;
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))::text`;
}

/** A unique index refused the write: on PostgreSQL, what a concurrent transaction's insert of the same key looks like. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
