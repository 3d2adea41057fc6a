"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getEditorVersion, InvalidDraftError, saveSkillDraft } from "@/lib/data/editor";
import { DataError } from "@/lib/data/errors";
import { requireViewer } from "@/lib/data/session";
import { describeSaveDraftProblem, saveDraftInput } from "@/lib/skills/draft/inputs";
import type { EditorVersion, SaveDraftResult } from "@/lib/types/editor";

/**
 * Saves the editor's draft as a new version. The form carries skillId, baseVersion, message, the
 * manifest (JSON: stored files by reference, text inline, uploads by index) and `upload-<i>` files.
 * Every refusal comes back as a result the editor shows; the draft in the browser is never touched.
 */
export async function saveSkillDraftAction(formData: FormData): Promise<SaveDraftResult> {
  const viewer = await requireViewer();
  let entries: unknown;
  try {
    entries = JSON.parse(String(formData.get("manifest") ?? ""));
  } catch {
    return { ok: false, kind: "error", message: "The draft could not be read; reload the editor (your changes are kept in this browser)." };
  }
  const input = saveDraftInput.safeParse({ skillId: formData.get("skillId"), baseVersion: formData.get("baseVersion"), message: formData.get("message") ?? "", entries });
  if (!input.success) return { ok: false, kind: "invalid", findings: [], ...describeSaveDraftProblem(input.error.issues, entries) };
  const uploads: Uint8Array[] = [];
  for (const entry of input.data.entries) {
    if (!("upload" in entry)) continue;
    const part = formData.get(`upload-${entry.upload}`);
    if (!(part instanceof File)) return { ok: false, kind: "invalid", message: `The upload for ${entry.path} is missing; add the file again.`, findings: [] };
    uploads[entry.upload] = new Uint8Array(await part.arrayBuffer());
  }

  try {
    const result = await saveSkillDraft(viewer, input.data.skillId, { baseVersion: input.data.baseVersion, message: input.data.message, entries: input.data.entries, uploads });
    revalidatePath("/skills");
    revalidatePath(`/skills/${encodeURIComponent(result.skillId)}`, "layout");
    return { ok: true, skillId: result.skillId, version: result.version, name: result.name };
  } catch (error) {
    if (error instanceof InvalidDraftError) return { ok: false, kind: "invalid", message: error.message, findings: error.findings };
    if (error instanceof DataError) {
      if (error.code === "CONFLICT" && error.details?.reason === "version-moved" && typeof error.details.currentVersion === "number") {
        return { ok: false, kind: "conflict", message: `Someone saved version ${error.details.currentVersion} while you were editing, so nothing was saved. Your changes are still here.`, currentVersion: error.details.currentVersion };
      }
      if (error.code === "CONFLICT" && error.details?.reason === "name-taken") return { ok: false, kind: "invalid", message: error.message, findings: [], field: "name" };
      if (error.code === "INVALID") return { ok: false, kind: "invalid", message: error.message, findings: Array.isArray(error.details?.findings) ? (error.details.findings as never) : [], field: error.details?.field === "message" ? "message" : undefined };
      // Anything else the data layer refuses (permissions, a scan gate) is shown as it is worded.
      return { ok: false, kind: "error", message: error.message };
    }
    throw error;
  }
}

const versionInput = z.object({ skillId: z.string().trim().min(1).max(100), version: z.number().int().positive() });

/** A version's files with their texts, for the conflict diff and for rebasing a draft onto it. */
export async function loadEditorVersionAction(skillId: string, version: number): Promise<{ ok: true; version: EditorVersion } | { ok: false; message: string }> {
  const viewer = await requireViewer();
  const input = versionInput.safeParse({ skillId, version });
  if (!input.success) return { ok: false, message: "Version not found." };
  const loaded = await getEditorVersion(viewer, input.data.skillId, input.data.version);
  return loaded ? { ok: true, version: loaded } : { ok: false, message: `Version ${version} is not available.` };
}
