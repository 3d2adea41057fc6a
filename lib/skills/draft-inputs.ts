import { z } from "zod";
import { DEFAULT_LIMITS } from "./limits";

// The editor's save request (lib/actions/editor.ts), checked before anything is read: the draft
// travels as JSON with the typed text inline and uploads as separate form parts.

const path = z.string().min(1, "A file has no path.").max(1000, "A file path is too long.");

export const manifestEntryInput = z.union([
  z.object({ path, stored: z.object({ version: z.number().int().positive(), path }) }).strict(),
  z.object({ path, text: z.string().max(DEFAULT_LIMITS.maxFileBytes, "A text file is larger than the per-file limit.") }).strict(),
  z.object({ path, upload: z.number().int().min(0).max(DEFAULT_LIMITS.maxEntries) }).strict(),
]);

export const saveDraftInput = z.object({
  skillId: z.string().trim().min(1, "Skill not found.").max(100, "Skill not found."),
  baseVersion: z.coerce.number().int().positive("The draft has no base version."),
  message: z.string().trim().min(1, "Describe the change in a short message.").max(200, "Keep the message under 200 characters."),
  entries: z.array(manifestEntryInput).min(1, "The draft has no files.").max(DEFAULT_LIMITS.maxEntries, `A skill holds at most ${DEFAULT_LIMITS.maxEntries} files.`),
});
export type SaveDraftInput = z.infer<typeof saveDraftInput>;

export const previewInput = z.object({
  skillId: z.string().trim().min(1).max(100),
  baseVersion: z.number().int().positive(),
  path: path,
  text: z.string().max(DEFAULT_LIMITS.maxFileBytes),
  files: z.array(z.object({ path, mediaType: z.string().max(200) })).max(DEFAULT_LIMITS.maxEntries),
});
export type PreviewInput = z.infer<typeof previewInput>;
