import "server-only";
import { getEnv } from "@/lib/env";
import { db } from "@/lib/db/server";
import { checkHealthWith, type Health } from "./health-check.mjs";

export type { Health };
export { checkStorageFor } from "./health-check.mjs";

/** The app's own health check (the route; `npm start`'s server answers it before the app, the same way). */
export function checkHealth(): Promise<Health> {
  return checkHealthWith(() => db.$queryRawUnsafe("SELECT 1"), getEnv().databasePath ?? null);
}
