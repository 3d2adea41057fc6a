import "server-only";
import { getEnv } from "@/lib/env";
import { createDatabaseClient, type Db } from "./client";

// One client per server process; dev reloads re-evaluate modules, so it hangs off globalThis.
const globalForDb = globalThis as unknown as { skillshelfDb?: Db };

export const db: Db = (globalForDb.skillshelfDb ??= createDatabaseClient(getEnv().database, { poolSize: getEnv().DATABASE_POOL_SIZE }));
