import { z } from "zod";

// Shared by the account page's form (server action) and POST /api/v1/tokens.
export const createTokenInput = z.object({
  name: z.string().trim().min(1, "Give the token a name, such as “CI publish”.").max(64, "Keep the name under 64 characters."),
  scope: z.enum(["read", "publish"], "Choose read or publish."),
});
export type CreateTokenInput = z.infer<typeof createTokenInput>;

export const revokeTokenInput = z.object({ tokenId: z.string().trim().min(1).max(64) });
