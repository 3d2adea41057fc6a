import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/server";

/**
 * Settings an instance admin changes at run time, kept in the database (InstanceSetting). The
 * rest of the configuration comes from the environment and is only shown, never edited, here.
 * Each setting has a schema and a default: a missing or unreadable row reads as the default.
 */
export const INSTANCE_SETTINGS = {
  // Who may create teams: every signed-in user, or instance admins only.
  teamCreation: { schema: z.enum(["anyone", "admins"]), fallback: "anyone" as const },
} as const;

export type InstanceSettingKey = keyof typeof INSTANCE_SETTINGS;
export type InstanceSettings = { [K in InstanceSettingKey]: z.infer<(typeof INSTANCE_SETTINGS)[K]["schema"]> };

export async function readInstanceSettings(): Promise<InstanceSettings> {
  const rows = await db.instanceSetting.findMany({ where: { key: { in: Object.keys(INSTANCE_SETTINGS) } } });
  const values = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const out: Record<string, unknown> = {};
  for (const [key, { schema, fallback }] of Object.entries(INSTANCE_SETTINGS)) {
    let parsed: unknown;
    try {
      parsed = values[key] === undefined ? undefined : JSON.parse(values[key]);
    } catch {
      parsed = undefined;
    }
    const result = schema.safeParse(parsed);
    out[key] = result.success ? result.data : fallback;
  }
  return out as InstanceSettings;
}
