import "server-only";
import { getEnv } from "@/lib/env";
import { createPrismaClient, type Db } from "./client";

// One client per server process; dev reloads re-evaluate modules, so it hangs off globalThis.
const globalForDb = globalThis as unknown as { skillshelfDb?: Db };

export const db: Db = (globalForDb.skillshelfDb ??= createPrismaClient(getEnv().databasePath));
