import type { EditorVersion } from "@/lib/types/editor";

/** A version's files with their texts (GET /api/skills/<id>/editor/<n>), or the message to show instead. */
export async function fetchEditorVersion(
  skillId: string,
  version: number,
  unreachable: string,
): Promise<{ ok: true; version: EditorVersion } | { ok: false; message: string }> {
  try {
    const response = await fetch(`/api/skills/${encodeURIComponent(skillId)}/editor/${version}`, { cache: "no-store" });
    const body = (await response.json().catch(() => null)) as (Omit<EditorVersion, "createdAt"> & { createdAt: string; error?: { message?: string } }) | null;
    if (!response.ok || !body) return { ok: false, message: body?.error?.message ?? `Version ${version} is not available.` };
    // JSON carries the date as a string.
    return { ok: true, version: { ...body, createdAt: new Date(body.createdAt) } };
  } catch {
    return { ok: false, message: unreachable };
  }
}
