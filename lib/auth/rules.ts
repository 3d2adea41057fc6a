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

// Any origin works: it only has to be one we can recognise after parsing. `.invalid` can never resolve.
const PROBE_ORIGIN = "http://next.invalid";
// The URL parser drops tabs and newlines and treats "\\" as "/", so "/\t/evil" becomes "//evil"
// in the browser; whitespace and control characters never belong in a path we hand out anyway.
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\\]/u;

/**
 * Only same-origin paths survive as a post-sign-in destination (no open redirect). The result is
 * what a browser would resolve, percent-encoded, so a redirect header can always carry it.
 */
export function safeNextPath(next: string | null | undefined, fallback = "/skills"): string {
  if (typeof next !== "string" || next.length > 2048 || !next.startsWith("/") || UNSAFE_CHARACTERS.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  // "/.//evil" parses to the path "//evil", which a browser reads as another host.
  if (path.startsWith("//")) return fallback;
  return path;
}
