import type { SkillManageInfo } from "@/lib/types/manage";

const UNAVAILABLE = "The skill could not be loaded; try again.";

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends (infer U)[] ? Json<U>[] : T[K] extends object | null ? Json<T[K]> : T[K] };

/** JSON carries dates as strings: the dialog's times are Dates again. */
export function reviveManageInfo(info: Json<SkillManageInfo>): SkillManageInfo {
  return {
    ...info,
    createdAt: new Date(info.createdAt),
    updatedAt: new Date(info.updatedAt),
    versions: info.versions.map((v) => ({ ...v, createdAt: new Date(v.createdAt) })),
    audit: info.audit.map((event) => ({ ...event, createdAt: new Date(event.createdAt) })),
  } as SkillManageInfo;
}

/** The manage dialog's data (GET /api/skills/<id>/manage), or the message to show instead. */
export async function fetchManageInfo(skillId: string): Promise<{ ok: true; info: SkillManageInfo } | { ok: false; message: string }> {
  try {
    const response = await fetch(`/api/skills/${encodeURIComponent(skillId)}/manage`, { cache: "no-store" });
    const body = (await response.json().catch(() => null)) as (Json<SkillManageInfo> & { error?: { message?: string } }) | null;
    if (!response.ok || !body) return { ok: false, message: body?.error?.message ?? UNAVAILABLE };
    return { ok: true, info: reviveManageInfo(body) };
  } catch {
    return { ok: false, message: UNAVAILABLE };
  }
}
