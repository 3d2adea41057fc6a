import { z } from "zod";
import { PROFILES } from "../format/findings";
import { MAX_REVIEW_NOTE } from "../vetting/policy";

// The fields of an upload request (multipart form fields, or the JSON of the uploadthing route),
// shared by the upload routes and the HTTP API.

const message = z.string().trim().max(500, "Keep the message under 500 characters.");
const digest = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "digest is the 64-character hex digest from the preview")
  .optional();
const key = z.string().min(1).max(300);
/** An instance admin's written reason to import skills with a critical security finding (checked again by the data layer). */
const overrideReason = z
  .string()
  .trim()
  .max(MAX_REVIEW_NOTE, `Keep the override reason under ${MAX_REVIEW_NOTE} characters.`)
  .optional()
  .transform((value) => value || undefined);

export const uploadChoiceInput = z.discriminatedUnion("action", [
  z.object({ key, action: z.literal("create"), message: message.optional(), digest, overrideReason }),
  z.object({
    key,
    action: z.literal("version"),
    message: message.min(1, "A new version needs a message saying what changed."),
    baseVersion: z.number().int().min(1).optional(),
    digest,
    overrideReason,
  }),
  z.object({
    key,
    action: z.literal("rename"),
    name: z.string().trim().min(1, "Give the new name.").max(64, "Names have at most 64 characters."),
    message: message.optional(),
    digest,
    overrideReason,
  }),
  z.object({ key, action: z.literal("auto"), message: message.optional(), digest, overrideReason }),
]);
export type UploadChoiceInput = z.infer<typeof uploadChoiceInput>;

const booleanField = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
  .optional()
  .transform((value) => value === "true" || value === "1" || value === "yes" || value === "on");

const choicesField = z
  .string()
  .max(200_000)
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === "") return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "choices must be JSON: an array of {key, action, ...}" });
      return z.NEVER;
    }
  })
  .pipe(z.array(uploadChoiceInput).min(1, "Choose at least one skill.").max(500).nullable());

/** Form fields of the preview, commit and publish requests (the files come separately). */
export const uploadFieldsInput = z
  .object({
    scope: z.enum(["personal", "team", "public"], "scope must be personal, team or public").default("personal"),
    /** A team id or name, with scope "team". */
    team: z.string().trim().min(1).max(100).optional(),
    message: message.optional().transform((value) => value || undefined),
    dryRun: booleanField,
    /** All or nothing: any skill refused refuses the whole upload (default: the others are imported). */
    atomic: booleanField,
    profile: z.enum(PROFILES as ["spec", "anthropic", "claude-code"], "profile must be spec, anthropic or claude-code").default("spec"),
    /** JSON: which skills of the upload, and what to do with each (see UploadChoice). */
    choices: choicesField,
    overrideReason,
  })
  .refine((fields) => fields.scope !== "team" || fields.team, { message: "With scope team, name the team (its id or name).", path: ["team"] });
export type UploadFieldsInput = z.infer<typeof uploadFieldsInput>;

/** The uploadthing route's JSON body: the uploaded file's key instead of its bytes. */
export const remoteUploadInput = z.object({
  key: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/, "key is the uploadthing file key"),
  name: z.string().trim().min(1).max(255),
  commit: z.boolean().default(false),
  atomic: z.boolean().default(false),
  scope: z.enum(["personal", "team", "public"]).default("personal"),
  team: z.string().trim().min(1).max(100).optional(),
  message: message.optional().transform((value) => value || undefined),
  profile: z.enum(PROFILES as ["spec", "anthropic", "claude-code"]).default("spec"),
  choices: z.array(uploadChoiceInput).min(1).max(500).nullable().default(null),
  overrideReason,
});
