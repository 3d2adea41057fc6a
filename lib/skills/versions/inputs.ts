import { z } from "zod";

// The history page's forms (lib/actions/versions.ts).

const skillId = z.string().trim().min(1, "Skill not found.").max(100, "Skill not found.");
const versionNumber = (what: string) => z.coerce.number(`Choose ${what}.`).int(`Choose ${what}.`).min(1, `Choose ${what}.`).max(999_999_999, `Choose ${what}.`);

export const restoreVersionInput = z.object({
  skillId,
  version: versionNumber("the version to restore"),
  /** The current version the user saw when they asked; a newer one means someone saved meanwhile. */
  baseVersion: versionNumber("the current version"),
});
export type RestoreVersionInput = z.infer<typeof restoreVersionInput>;

export const pruneVersionsInput = z.object({
  skillId,
  keep: z.coerce
    .number("Enter how many versions to keep.")
    .int("Enter a whole number of versions to keep.")
    .min(1, "Keep at least 1 version.")
    .max(10_000, "Keep at most 10,000 versions."),
});
export type PruneVersionsInput = z.infer<typeof pruneVersionsInput>;

/** "Point stable at v3" on the history page. */
export const moveLabelInput = z.object({
  skillId,
  label: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, "A label is 1 to 32 lowercase letters, digits and dashes, like stable."),
  version: versionNumber("the version to point it at"),
});
