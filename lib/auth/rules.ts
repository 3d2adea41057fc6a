import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const signInInput = z.object({
  email: z.email("Enter a valid email address, like ada@example.com."),
  password: z.string().min(1, "Enter your password."),
});
export type SignInInput = z.infer<typeof signInInput>;

export const signUpInput = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(80, "Keep your name under 80 characters."),
  email: z.email("Enter a valid email address, like ada@example.com."),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
});
export type SignUpInput = z.infer<typeof signUpInput>;

/** Only same-site paths survive as a post-sign-in destination (no open redirect). */
export function safeNextPath(next: string | null | undefined, fallback = "/skills"): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  return next;
}
