"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { DataError } from "@/lib/data/errors";
import { markVersionReviewed, rescanAsAdmin } from "@/lib/data/review";
import { reportFalsePositive, resolveScanReport } from "@/lib/data/scan-reports";
import { requireViewer } from "@/lib/data/session";
import { markReviewedInput, reportFalsePositiveInput, rescanInput, resolveReportInput } from "@/lib/skills/review/inputs";

export type ReviewActionState = { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Record<string, string[] | undefined> } | null;

/** "Mark reviewed" on the Security tab: the note is required; the data layer checks who may review. */
export async function markReviewedAction(_: ReviewActionState, formData: FormData): Promise<ReviewActionState> {
  const viewer = await requireViewer();
  const input = markReviewedInput.safeParse({ skillId: formData.get("skillId"), version: formData.get("version"), note: formData.get("note") ?? "" });
  if (!input.success) {
    const fieldErrors = z.flattenError(input.error).fieldErrors;
    return { ok: false, message: fieldErrors.note?.[0] ?? input.error.issues[0]?.message ?? "Check the form.", fieldErrors };
  }
  try {
    await markVersionReviewed(viewer, input.data.skillId, input.data.version, input.data.note);
  } catch (error) {
    if (error instanceof DataError) return { ok: false, message: error.message };
    throw error;
  }
  revalidatePath("/skills");
  revalidatePath(`/skills/${encodeURIComponent(input.data.skillId)}`, "layout");
  revalidatePath("/account");
  return { ok: true, message: `Version ${input.data.version} marked reviewed.` };
}

/** The admin button: rescan stored versions with the current rules (stale ones, or all). */
export async function rescanAction(_: ReviewActionState, formData: FormData): Promise<ReviewActionState> {
  const viewer = await requireViewer();
  const input = rescanInput.safeParse({ all: formData.get("all") ?? undefined });
  if (!input.success) return { ok: false, message: "Say what to rescan." };
  try {
    const report = await rescanAsAdmin(viewer, { all: input.data.all });
    revalidatePath("/skills", "layout");
    revalidatePath("/account");
    if (!report.scanned) return { ok: true, message: `Nothing to rescan: every version was scanned with rule set ${report.ruleset}.` };
    return {
      ok: true,
      message: `Rescanned ${report.scanned} ${report.scanned === 1 ? "version" : "versions"} with rule set ${report.ruleset}: ${report.changed} changed, ${report.needsReview} now need review, ${report.cleared} no longer do.`,
    };
  } catch (error) {
    if (error instanceof DataError) return { ok: false, message: error.message };
    throw error;
  }
}

/** "Report a false positive" on one finding of the Security tab: a note for instance admins. */
export async function reportFalsePositiveAction(_: ReviewActionState, formData: FormData): Promise<ReviewActionState> {
  const viewer = await requireViewer();
  const input = reportFalsePositiveInput.safeParse({
    skillId: formData.get("skillId"),
    version: formData.get("version"),
    rule: formData.get("rule"),
    file: formData.get("file"),
    line: formData.get("line"),
    note: formData.get("note") ?? "",
  });
  if (!input.success) {
    const fieldErrors = z.flattenError(input.error).fieldErrors;
    return { ok: false, message: fieldErrors.note?.[0] ?? input.error.issues[0]?.message ?? "Check the form.", fieldErrors };
  }
  const { skillId, version, rule, file, line, note } = input.data;
  try {
    const report = await reportFalsePositive(viewer, skillId, version, { rule, file, line }, note);
    revalidatePath("/account");
    return { ok: true, message: report.replaced ? "Your report was updated. Instance admins will see the new note." : "Reported. Instance admins will see your note." };
  } catch (error) {
    if (error instanceof DataError) return { ok: false, message: error.message };
    throw error;
  }
}

/** An admin closes a false-positive report on the account page. */
export async function resolveReportAction(_: ReviewActionState, formData: FormData): Promise<ReviewActionState> {
  const viewer = await requireViewer();
  const input = resolveReportInput.safeParse({ id: formData.get("id") });
  if (!input.success) return { ok: false, message: input.error.issues[0]?.message ?? "Report not found." };
  try {
    await resolveScanReport(viewer, input.data.id);
    revalidatePath("/account");
    return { ok: true, message: "Report resolved." };
  } catch (error) {
    if (error instanceof DataError) return { ok: false, message: error.message };
    throw error;
  }
}
