"use server";
import { InvalidDraftError, saveSkillDraft } from "@/lib/data/editor";
import { describeSaveDraftProblem, saveDraftInput } from "@/lib/skills/draft/inputs";
import { failure, formAction, success } from "./action";
import { revalidateSkill } from "./revalidate";

const UNREADABLE = "The draft could not be read; reload the editor (your changes are kept in this browser).";

function manifestOf(form: FormData): unknown {
  try {
    return JSON.parse(String(form.get("manifest") ?? ""));
  } catch {
    return undefined;
  }
}

/**
 * Saves the editor's draft as a new version. The form carries skillId, baseVersion, message, the
 * manifest (JSON: stored files by reference, text inline, uploads by index) and `upload-<i>` files.
 * Every refusal comes back as a result the editor shows; the draft in the browser is never touched.
 * A refusal about the draft's content has code INVALID (or INVALID_INPUT) with `details.findings`
 * and `details.field`; a newer version saved meanwhile, code CONFLICT with `details.currentVersion`.
 */
export const saveSkillDraftAction = formAction(
  saveDraftInput,
  async ({ skillId, baseVersion, message, entries, requestId }, viewer, form) => {
    const uploads: Uint8Array[] = [];
    for (const entry of entries) {
      if (!("upload" in entry)) continue;
      const part = form.get(`upload-${entry.upload}`);
      if (!(part instanceof File)) return failure(`The upload for ${entry.path} is missing; add the file again.`, { details: { findings: [] } });
      uploads[entry.upload] = new Uint8Array(await part.arrayBuffer());
    }
    try {
      const result = await saveSkillDraft(viewer, skillId, { baseVersion, message, entries, uploads, requestId });
      revalidateSkill(result.skillId);
      // A proposal (the team's policy, or a pushed revision) is not the current version: the editor goes to its request.
      return success({ skillId: result.skillId, version: result.version, name: result.name, proposal: result.proposal ?? null });
    } catch (error) {
      if (error instanceof InvalidDraftError) return failure(error.message, { details: { findings: error.findings } });
      throw error;
    }
  },
  {
    fields: (form) => ({
      skillId: form.get("skillId"),
      baseVersion: form.get("baseVersion"),
      message: form.get("message") ?? "",
      entries: manifestOf(form),
      requestId: form.get("requestId") ?? undefined,
    }),
    invalid: (error, raw) => {
      const entries = (raw as { entries?: unknown }).entries;
      if (entries === undefined) return UNREADABLE;
      const { message, field } = describeSaveDraftProblem(error.issues, entries);
      return { message, details: { findings: [], ...(field ? { field } : {}) } };
    },
    refusal: (error) => {
      if (error.code === "CONFLICT" && error.details?.reason === "version-moved" && typeof error.details.currentVersion === "number") {
        const currentVersion = error.details.currentVersion;
        return failure(`Someone saved version ${currentVersion} while you were editing, so nothing was saved. Your changes are still here.`, {
          code: "CONFLICT",
          details: { currentVersion },
        });
      }
      if (error.code === "CONFLICT" && error.details?.reason === "name-taken")
        return failure(error.message, { code: "CONFLICT", details: { findings: [], field: "name" } });
      if (error.code === "INVALID") {
        return failure(error.message, {
          details: {
            findings: Array.isArray(error.details?.findings) ? error.details.findings : [],
            ...(error.details?.field === "message" ? { field: "message" } : {}),
          },
        });
      }
      // Anything else the data layer refuses (permissions, a scan gate) is shown as it is worded.
      return failure(error.message, { code: error.code });
    },
  },
);
