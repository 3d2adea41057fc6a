import { z } from "zod";

// The manage dialog's forms (lib/actions/skills.ts): shared so the dialog can reuse the rules.

const skillId = z.string().trim().min(1, "Skill not found.").max(100, "Skill not found.");

export const skillIdInput = z.object({ skillId });

export const moveSkillInput = z.object({
  skillId,
  destination: z.string().regex(/^(personal|public|team:[^\s]{1,100})$/, "Choose where to move the skill."),
});
export type MoveSkillInput = z.infer<typeof moveSkillInput>;

export const deleteSkillInput = z.object({
  skillId,
  /** The name typed to confirm; required unless references are being removed (that dialog is its own confirmation). */
  confirmName: z.string().optional(),
  removeReferences: z
    .enum(["true", "false", ""])
    .optional()
    .transform((value) => value === "true"),
});
export type DeleteSkillInput = z.infer<typeof deleteSkillInput>;

export const archiveSkillInput = z.object({
  skillId,
  archived: z.enum(["true", "false"], "Say whether to archive or restore.").transform((value) => value === "true"),
});
export type ArchiveSkillInput = z.infer<typeof archiveSkillInput>;

export const renameSkillInput = z.object({
  skillId,
  // The spec's name rules are checked by the data layer (one message for every way in).
  name: z.string().trim().min(1, "Give the new name.").max(200, "Names have at most 64 characters."),
  /** The version the dialog showed: a rename after someone else's save is refused, not applied over it. */
  baseVersion: z.coerce.number().int().min(1).optional(),
});
export type RenameSkillInput = z.infer<typeof renameSkillInput>;
