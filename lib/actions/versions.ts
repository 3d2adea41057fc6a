"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { DataError } from "@/lib/data/errors";
import { requireViewer } from "@/lib/data/session";
import { pruneSkillVersions, restoreSkillVersion } from "@/lib/data/skills";
import { pruneVersionsInput, restoreVersionInput } from "@/lib/skills/versions/inputs";

export type VersionActionState =
  | { ok: true; message: string; version?: number; deleted?: number[] }
  | { ok: false; message: string; conflict?: { currentVersion: number }; fieldErrors?: Record<string, string[] | undefined> }
  | null;

function revalidateSkill(skillId: string) {
  revalidatePath("/skills");
  revalidatePath(`/skills/${encodeURIComponent(skillId)}`, "layout");
}

function refusal(error: unknown): VersionActionState {
  if (!(error instanceof DataError)) throw error;
  if (error.code === "CONFLICT" && error.details?.reason === "version-moved" && typeof error.details.currentVersion === "number") {
    return {
      ok: false,
      message: `Someone saved version ${error.details.currentVersion} since you opened this page, so nothing was restored. Review the newest version, then try again.`,
      conflict: { currentVersion: error.details.currentVersion },
    };
  }
  return { ok: false, message: error.message };
}

/** Makes an old version current by adding a new version "Restore vN" with its content. */
export async function restoreVersionAction(_: VersionActionState, formData: FormData): Promise<VersionActionState> {
  const viewer = await requireViewer();
  const input = restoreVersionInput.safeParse(Object.fromEntries(formData));
  if (!input.success) return { ok: false, message: input.error.issues[0]?.message ?? "Choose a version.", fieldErrors: z.flattenError(input.error).fieldErrors };
  const { skillId, version, baseVersion } = input.data;
  try {
    const result = await restoreSkillVersion(viewer, skillId, version, { baseVersion });
    revalidateSkill(skillId);
    return { ok: true, message: `Restored v${version} as v${result.version}.`, version: result.version };
  } catch (error) {
    return refusal(error);
  }
}

/** Deletes old versions, keeping the newest N (never the current one or a profile-pinned one). */
export async function pruneVersionsAction(_: VersionActionState, formData: FormData): Promise<VersionActionState> {
  const viewer = await requireViewer();
  const input = pruneVersionsInput.safeParse(Object.fromEntries(formData));
  if (!input.success) return { ok: false, message: input.error.issues[0]?.message ?? "Enter how many versions to keep.", fieldErrors: z.flattenError(input.error).fieldErrors };
  try {
    const deleted = await pruneSkillVersions(viewer, input.data.skillId, input.data.keep);
    revalidateSkill(input.data.skillId);
    return {
      ok: true,
      deleted,
      message: deleted.length ? `Deleted ${deleted.length === 1 ? "version" : "versions"} ${deleted.map((n) => `v${n}`).join(", ")}.` : "Nothing to delete: every older version is current or pinned.",
    };
  } catch (error) {
    return refusal(error);
  }
}
