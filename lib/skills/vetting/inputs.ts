import { z } from "zod";
import { MAX_REVIEW_NOTE, MIN_REVIEW_NOTE } from "./policy";

// The security review forms (lib/actions/vetting.ts): shared so the dialog can reuse the rules.

export const markReviewedInput = z.object({
  skillId: z.string().trim().min(1, "Skill not found.").max(100, "Skill not found."),
  version: z.coerce.number().int().min(1, "Version not found."),
  note: z
    .string()
    .trim()
    .min(MIN_REVIEW_NOTE, `Write at least ${MIN_REVIEW_NOTE} characters: what you checked and why it is acceptable.`)
    .max(MAX_REVIEW_NOTE, `Keep the note under ${MAX_REVIEW_NOTE} characters.`),
});
export type MarkReviewedInput = z.infer<typeof markReviewedInput>;

export const rescanInput = z.object({
  all: z
    .enum(["true", "false", ""])
    .optional()
    .transform((value) => value === "true"),
});

export const MIN_REPORT_NOTE = 10;
export const MAX_REPORT_NOTE = 2000;

/** "Report a false positive" on one finding of a stored version (lib/actions/vetting.ts). */
export const reportFalsePositiveInput = z.object({
  skillId: z.string().trim().min(1, "Skill not found.").max(100, "Skill not found."),
  version: z.coerce.number().int().min(1, "Version not found."),
  rule: z.string().trim().min(1, "Say which finding.").max(100, "Say which finding."),
  file: z.string().min(1, "Say which finding.").max(1000, "Say which finding."),
  line: z.preprocess((value) => (value === "" || value === null || value === undefined ? null : value), z.coerce.number().int().min(1).nullable()),
  note: z
    .string()
    .trim()
    .min(MIN_REPORT_NOTE, `Write at least ${MIN_REPORT_NOTE} characters: why this finding is wrong here.`)
    .max(MAX_REPORT_NOTE, `Keep the note under ${MAX_REPORT_NOTE} characters.`),
});
export type ReportFalsePositiveInput = z.infer<typeof reportFalsePositiveInput>;

export const resolveReportInput = z.object({ id: z.string().trim().min(1, "Report not found.").max(100, "Report not found.") });
