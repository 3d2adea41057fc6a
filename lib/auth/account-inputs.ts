import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, signUpInput } from "./rules";

// The account page's forms, shared by the actions and (for limits and messages) the forms.

export const renameSelfInput = z.object({ name: signUpInput.shape.name });

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, "Enter your current password."),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
});

export const revokeSessionInput = z.object({ sessionId: z.string().min(1).max(100) });
