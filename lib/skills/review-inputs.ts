import { z } from "zod";
import { MAX_REVIEW_NOTE, MIN_REVIEW_NOTE } from "./scan-policy";

// The security review forms (lib/actions/review.ts): shared so the dialog can reuse the rules.

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
