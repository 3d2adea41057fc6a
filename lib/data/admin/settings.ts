import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/server";
import type { Tx } from "@/lib/db/client";
import { describeEnvSettings } from "@/lib/env-overview";
import { getEnv, setEnvKeys } from "@/lib/env";
import type { EnvSettingGroup } from "@/lib/types/admin";
import type { ViewerRef } from "../core/actor";
import { requireInstanceAdmin } from "./users";
import { DataError } from "../errors";
import { audit } from "../notifications/audit";

/**
 * Settings an instance admin changes at run time, kept in the database (InstanceSetting). The
 * rest of the configuration comes from the environment and is only shown, never edited, here.
 * Each setting has a schema and a default: a missing or unreadable row reads as the default.
 */
export const INSTANCE_SETTINGS = {
  // Who may create teams: every signed-in user, or instance admins only.
  teamCreation: { schema: z.enum(["anyone", "admins"]), fallback: "anyone" as const },
  // Whether the playground's skill_run may run skill scripts (in the sandbox, where the host supports it).
  scriptExecution: { schema: z.enum(["on", "off"]), fallback: "on" as const },
  // Whether usage events keep who caused them (user and token); off, they keep no actor at all.
  usageAttribution: { schema: z.enum(["on", "off"]), fallback: "on" as const },
} as const;

export type InstanceSettingKey = keyof typeof INSTANCE_SETTINGS;
export type InstanceSettings = { [K in InstanceSettingKey]: z.infer<(typeof INSTANCE_SETTINGS)[K]["schema"]> };

export async function readInstanceSettings(tx: Pick<Tx, "instanceSetting"> = db): Promise<InstanceSettings> {
  const rows = await tx.instanceSetting.findMany({ where: { key: { in: Object.keys(INSTANCE_SETTINGS) } } });
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

/** Change one instance setting (instance admins only), audited with its old and new value. Writing the value it has changes nothing. */
export async function writeInstanceSetting<K extends InstanceSettingKey>(viewer: ViewerRef, key: K, value: unknown): Promise<{ changed: boolean }> {
  const setting = INSTANCE_SETTINGS[key];
  if (!setting) throw new DataError("INVALID", `There is no instance setting named "${String(key)}".`);
  const parsed = setting.schema.safeParse(value);
  if (!parsed.success) throw new DataError("INVALID", `${String(key)} must be one of ${setting.schema.options.join(", ")}.`, { field: key });
  return db.$transaction(async (tx) => {
    const actor = await requireInstanceAdmin(tx, viewer);
    const from = (await readInstanceSettings(tx))[key];
    if (from === parsed.data) return { changed: false };
    const stored = JSON.stringify(parsed.data);
    await tx.instanceSetting.upsert({
      where: { key },
      create: { key, value: stored, updatedById: actor.id },
      update: { value: stored, updatedById: actor.id },
    });
    await audit(tx, { actorId: actor.id, action: "instance.setting", detail: { key, from, to: parsed.data } });
    return { changed: true };
  });
}

/** The settings that come from the environment, read-only, for the admin console. */
export async function listEnvironmentSettings(viewer: ViewerRef): Promise<EnvSettingGroup[]> {
  await requireInstanceAdmin(db, viewer);
  return describeEnvSettings(getEnv(), setEnvKeys());
}
