import { z } from "zod";
import { DEFAULT_LIMITS } from "../format/limits";

// The editor's save request (lib/actions/editor.ts), checked before anything is read: the draft
// travels as JSON with the typed text inline and uploads as separate form parts.

// A ceiling on the request's shape only: the configured per-skill limits (SKILL_MAX_FILES...) are
// applied when the draft is read as a bundle, with a message naming the limit.
const DRAFT_MAX_FILES = DEFAULT_LIMITS.maxEntries;

const path = z.string().min(1, "A file has no path.").max(1000, "A file path is too long.");

export const manifestEntryInput = z.union([
  z.object({ path, stored: z.object({ version: z.number().int().positive(), path }) }).strict(),
  z.object({ path, text: z.string().max(DEFAULT_LIMITS.maxFileBytes, "A text file is larger than the per-file limit."), origin: path.optional() }).strict(),
  z.object({ path, upload: z.number().int().min(0).max(DRAFT_MAX_FILES), origin: path.optional() }).strict(),
]);

export const saveDraftInput = z.object({
  skillId: z.string().trim().min(1, "Skill not found.").max(100, "Skill not found."),
  baseVersion: z.coerce.number().int().positive("The draft has no base version."),
  message: z.string().trim().min(1, "Describe the change in a short message.").max(200, "Keep the message under 200 characters."),
  /** Push the draft as the next revision of this review request (the editor opened with ?request=). */
  requestId: z.string().trim().min(1).max(100).optional(),
  entries: z
    .array(manifestEntryInput)
    .min(1, "The draft has no files.")
    .max(DRAFT_MAX_FILES, `A draft holds at most ${DRAFT_MAX_FILES.toLocaleString("en-US")} files.`),
});
export type SaveDraftInput = z.infer<typeof saveDraftInput>;

/**
 * The first problem of a refused save request, worded for the editor: a problem with one file
 * names that file (a draft can hold hundreds), and a missing message points at the message field.
 */
export function describeSaveDraftProblem(
  issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[],
  entries: unknown,
): { message: string; field?: "message" } {
  const issue = issues[0];
  if (!issue) return { message: "The draft is not valid." };
  if (issue.path[0] === "message") return { message: issue.message, field: "message" };
  const index = issue.path[0] === "entries" ? issue.path[1] : undefined;
  if (typeof index !== "number") return { message: issue.message };
  const raw: unknown = Array.isArray(entries) ? entries[index] : undefined;
  const given = raw && typeof raw === "object" ? (raw as { path?: unknown }).path : undefined;
  const name = typeof given === "string" && given ? (given.length > 80 ? `${given.slice(0, 79)}…` : given) : `File ${index + 1}`;
  // A union failure lists every shape the entry is not; what matters is that the editor sent something it cannot have made.
  const message =
    issue.code === "invalid_union" ? "the draft's record of this file is damaged; reload the editor (your changes are kept in this browser)." : issue.message;
  return { message: `${name}: ${message}` };
}

export const previewInput = z.object({
  skillId: z.string().trim().min(1).max(100),
  baseVersion: z.number().int().positive(),
  path: path,
  text: z.string().max(DEFAULT_LIMITS.maxFileBytes),
  files: z.array(z.object({ path, mediaType: z.string().max(200) })).max(DRAFT_MAX_FILES),
});
export type PreviewInput = z.infer<typeof previewInput>;
