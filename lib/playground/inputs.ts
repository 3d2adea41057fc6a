import { z } from "zod";

// The playground's inputs (chat route, profile and conversation actions): shared so forms and the
// route apply the same rules, and every refusal names the field and the limit.

/** The longest user message the chat accepts, in characters. */
export const MAX_MESSAGE_CHARS = 8_000;
export const MAX_INSTRUCTIONS_CHARS = 4_000;

const id = (what: string) => z.string().trim().min(1, `${what} not found.`).max(100, `${what} not found.`);

/** The id a conversation or profile action receives from the client. */
export const conversationIdInput = id("Conversation");
export const profileIdInput = id("Agent profile");

export const conversationTitleInput = z
  .string()
  .transform((title) => title.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, "Give the conversation a title.").max(120, "Conversation titles are limited to 120 characters."));

export const catalogSourceInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("all") }),
  z.object({ kind: z.literal("picked"), skillIds: z.array(id("Skill")).max(1000, "Pick at most 1000 skills.") }),
  z.object({ kind: z.literal("profile"), profileId: id("Agent profile") }),
]);

export const playgroundSetupInput = z.object({
  source: catalogSourceInput,
  mode: z.enum(["full", "search"], "Catalog mode must be full or search."),
  exposeMetadata: z.boolean(),
  instructions: z.string().max(MAX_INSTRUCTIONS_CHARS, `The instruction header is limited to ${MAX_INSTRUCTIONS_CHARS.toLocaleString("en-US")} characters.`),
  modelId: z.string().trim().min(1, "Choose a model.").max(200, "Unknown model."),
});

/** Files a user may attach to one message, and how big each may be (scripts see them under inputs/). */
export const MAX_ATTACHMENTS = 4;
export const MAX_ATTACHMENT_BYTES = 2 * 1024 * 1024;

/** Why a file name cannot be an attachment's name (scripts see it as inputs/<name>), or null. */
export function attachmentNameProblem(name: string): string | null {
  if (name.trim() === "") return "has no name";
  if (name.length > 120) return "has a name longer than 120 characters";
  if (/[/\\]/.test(name)) return "has a slash in its name";
  if (name === "." || name === "..") return `cannot be called "${name}"`;
  if (/[\u0000-\u001f\u007f]/.test(name)) return "has a control character in its name";
  return null;
}

const attachmentInput = z
  .object({
    name: z.string(),
    mediaType: z.string().max(200).default("application/octet-stream"),
    // base64 grows bytes by 4/3; the decoded size is checked again where the bytes are decoded.
    data: z.string().max(Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 4, `Attachments are limited to ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB each.`),
  })
  .superRefine((file, ctx) => {
    const problem = attachmentNameProblem(file.name);
    if (problem) ctx.addIssue({ code: "custom", path: ["name"], message: `The attachment "${file.name.slice(0, 60)}" ${problem}.` });
  });

/**
 * The user's answer to a tool call that waited for approval (the AI SDK's approval id): approve
 * once, approve this tool of this skill for the rest of the conversation, or deny.
 */
export const approvalDecisionInput = z.object({
  approvalId: z.string().trim().min(1, "Approval not found.").max(200, "Approval not found."),
  decision: z.enum(["once", "conversation", "deny"], "An approval is once, conversation or deny."),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionInput>;

/**
 * A new turn (text, with attachments), or the continuation of the conversation's last turn once
 * the user answered the approvals it waits for (approvals, no text).
 */
export const chatRequestInput = z
  .object({
    conversationId: id("Conversation").nullable(),
    text: z
      .string()
      .trim()
      .max(MAX_MESSAGE_CHARS, `Messages are limited to ${MAX_MESSAGE_CHARS.toLocaleString("en-US")} characters; shorten yours and send it again.`)
      .default(""),
    setup: playgroundSetupInput,
    attachments: z.array(attachmentInput).max(MAX_ATTACHMENTS, `Attach at most ${MAX_ATTACHMENTS} files to one message.`).default([]),
    approvals: z.array(approvalDecisionInput).max(20, "Answer at most 20 approvals at once.").default([]),
  })
  .superRefine((request, ctx) => {
    if (request.approvals.length === 0 && request.text === "") ctx.addIssue({ code: "custom", path: ["text"], message: "Type a message first." });
    if (request.approvals.length > 0 && request.conversationId === null)
      ctx.addIssue({ code: "custom", path: ["conversationId"], message: "Approvals answer a tool call of a saved conversation; it is missing." });
    if (request.approvals.length > 0 && request.attachments.length > 0)
      ctx.addIssue({ code: "custom", path: ["attachments"], message: "Attach files to a new message, not to an approval." });
  });
export type ChatRequestInput = z.infer<typeof chatRequestInput>;

export const profileInput = z.object({
  name: z.string().trim().min(1, "Give the profile a name.").max(80, "Profile names are limited to 80 characters."),
  instructions: z.string().max(MAX_INSTRUCTIONS_CHARS, `Instructions are limited to ${MAX_INSTRUCTIONS_CHARS.toLocaleString("en-US")} characters.`),
  skills: z
    .array(z.object({ skillId: id("Skill"), pinnedVersion: z.number().int().min(1).nullable() }))
    .min(1, "Pick at least one skill for the profile.")
    .max(500, "A profile holds at most 500 skills."),
  // The release channel its skills follow (lib/skills/permissions/labels.ts); pins win over it.
  label: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, "A channel is a label name: 1 to 32 lowercase letters, digits and dashes, like stable.")
    .default("latest"),
});
export type ProfileInput = z.input<typeof profileInput>;

/** The first problem of a failed parse as one sentence, for routes and actions that answer with one message. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is invalid.";
  return issue.message;
}
