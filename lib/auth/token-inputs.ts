import { z } from "zod";

/** The lifetimes a new token may have, in days; null means it never expires. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const DEFAULT_TOKEN_EXPIRY_DAYS = 90;
const EXPIRY_MESSAGE = `Choose an expiry of ${TOKEN_EXPIRY_DAYS.join(", ")} days, or "never".`;

// A form sends "30" or "never"; JSON may send 30, "never" or null. Left out: the default.
const expiresInDays = z.preprocess(
  (value) =>
    value === undefined || value === ""
      ? DEFAULT_TOKEN_EXPIRY_DAYS
      : value === "never" || value === null
        ? null
        : typeof value === "string"
          ? Number(value)
          : value,
  z
    .number({ error: EXPIRY_MESSAGE })
    .nullable()
    .refine((days) => days === null || (TOKEN_EXPIRY_DAYS as readonly number[]).includes(days), EXPIRY_MESSAGE),
);

// Shared by the account page's form (server action) and POST /api/v1/tokens.
export const createTokenInput = z.object({
  name: z.string().trim().min(1, "Give the token a name, such as “CI publish”.").max(64, "Keep the name under 64 characters."),
  scope: z.enum(["read", "publish"], "Choose read or publish."),
  expiresInDays,
  // The release label what the token reads follows (lib/skills/permissions/labels.ts); a request's ?label= wins.
  label: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, "A label is 1 to 32 lowercase letters, digits and dashes, like stable.")
    .optional(),
});
export type CreateTokenInput = z.infer<typeof createTokenInput>;

export const revokeTokenInput = z.object({ tokenId: z.string().trim().min(1).max(64) });
