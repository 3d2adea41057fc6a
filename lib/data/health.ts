import "server-only";
import { db } from "@/lib/data/db";

export type Health = { ok: boolean; database: "ok" | "unreachable"; error?: string };

export async function checkHealth(): Promise<Health> {
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return { ok: true, database: "ok" };
  } catch (error) {
    return { ok: false, database: "unreachable", error: error instanceof Error ? error.message.split("\n")[0] : "unknown error" };
  }
}
