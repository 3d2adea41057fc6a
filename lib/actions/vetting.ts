"use server";
import { revalidatePath } from "next/cache";
import { markVersionReviewed, rescanAsAdmin } from "@/lib/data/vetting";
import { reportFalsePositive, resolveScanReport } from "@/lib/data/vetting";
import { markReviewedInput, reportFalsePositiveInput, rescanInput, resolveReportInput } from "@/lib/skills/vetting/inputs";
import { formAction, success } from "./action";
import { revalidateSkill } from "./revalidate";

// A note's own error comes first: it is the one field the reviewer types.
const noteFirst = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  (error.issues.find((issue) => issue.path[0] === "note") ?? error.issues[0])?.message ?? "Check the form.";

/** "Mark reviewed" on the Security tab: the note is required; the data layer checks who may review. */
export const markReviewedAction = formAction(
  markReviewedInput,
  async ({ skillId, version, note }, viewer) => {
    await markVersionReviewed(viewer, skillId, version, note);
    revalidateSkill(skillId);
    revalidatePath("/account");
    return success(null, `Version ${version} marked reviewed.`);
  },
  { fields: (form) => ({ skillId: form.get("skillId"), version: form.get("version"), note: form.get("note") ?? "" }), invalid: noteFirst },
);

/** The admin button: rescan stored versions with the current rules (stale ones, or all). */
export const rescanAction = formAction(
  rescanInput,
  async ({ all }, viewer) => {
    const report = await rescanAsAdmin(viewer, { all });
    revalidatePath("/skills", "layout");
    revalidatePath("/account");
    if (!report.scanned) return success(report, `Nothing to rescan: every version was scanned with rule set ${report.ruleset}.`);
    return success(
      report,
      `Rescanned ${report.scanned} ${report.scanned === 1 ? "version" : "versions"} with rule set ${report.ruleset}: ${report.changed} changed, ${report.needsReview} now need review, ${report.cleared} no longer do.`,
    );
  },
  { fields: (form) => ({ all: form.get("all") ?? undefined }), invalid: "Say what to rescan." },
);

/** "Report a false positive" on one finding of the Security tab: a note for instance admins. */
export const reportFalsePositiveAction = formAction(
  reportFalsePositiveInput,
  async ({ skillId, version, rule, file, line, note }, viewer) => {
    const report = await reportFalsePositive(viewer, skillId, version, { rule, file, line }, note);
    revalidatePath("/account");
    return success(null, report.replaced ? "Your report was updated. Instance admins will see the new note." : "Reported. Instance admins will see your note.");
  },
  {
    fields: (form) => ({
      skillId: form.get("skillId"),
      version: form.get("version"),
      rule: form.get("rule"),
      file: form.get("file"),
      line: form.get("line"),
      note: form.get("note") ?? "",
    }),
    invalid: noteFirst,
  },
);

/** An admin closes a false-positive report on the account page. */
export const resolveReportAction = formAction(
  resolveReportInput,
  async ({ id }, viewer) => {
    await resolveScanReport(viewer, id);
    revalidatePath("/account");
    return success(null, "Report resolved.");
  },
  { fields: (form) => ({ id: form.get("id") }), invalid: (error) => error.issues[0]?.message ?? "Report not found." },
);
