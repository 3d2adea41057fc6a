import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * SQLite through one better-sqlite3 connection. That connection is shared by every request, and
 * the adapter only serializes transactions with each other: a plain query issued by another
 * request while an interactive transaction is open would run *inside* it (seeing its uncommitted
 * rows, and rolled back with it). So every operation outside a transaction waits for the
 * transaction in progress, and a transaction waits for the operations in flight. Queries are
 * synchronous and short on SQLite, so this costs little and gives real isolation.
 */
class Gate {
  #tail: Promise<void> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

const insideTransaction = new AsyncLocalStorage<true>();

export function createPrismaClient(databasePath: string) {
  const adapter = new PrismaBetterSqlite3({ url: databasePath, timeout: 10_000 });
  const base = new PrismaClient({ adapter });
  const gate = new Gate();
  const extended = base.$extends({
    query: {
      async $allOperations({ args, query }) {
        if (insideTransaction.getStore()) return query(args);
        return gate.run(() => query(args));
      },
    },
  });
  // Interactive transactions take the gate for their whole duration.
  const $transaction = extended.$transaction.bind(extended) as typeof extended.$transaction;
  return Object.assign(extended, {
    $transaction: ((...args: Parameters<typeof extended.$transaction>) =>
      gate.run(() => insideTransaction.run(true, () => ($transaction as (...a: unknown[]) => Promise<unknown>)(...args)))) as typeof extended.$transaction,
  });
}

export type Db = ReturnType<typeof createPrismaClient>;
export type Tx = Parameters<Extract<Parameters<Db["$transaction"]>[0], (...args: never[]) => unknown>>[0];

export async function configureSqlite(db: Db): Promise<void> {
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await db.$executeRawUnsafe("PRAGMA foreign_keys = ON");
}
