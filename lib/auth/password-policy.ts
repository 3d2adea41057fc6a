import { COMMON_PASSWORDS } from "./common-passwords";

/**
 * Refuses passwords a guesser tries first: the most common ones, one character repeated, a run
 * along the alphabet, the digits or the keyboard, and the account's own email or name. Length is
 * checked elsewhere (rules.ts); this only says why an otherwise long enough password is weak.
 */

const common = new Set(COMMON_PASSWORDS);
const RUNS = ["abcdefghijklmnopqrstuvwxyz", "01234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm", "qwertzuiop", "azertyuiop"];

/** Whether every step of `text` moves one place along (or back along) a single keyboard or alphabet run. */
function isRun(text: string): boolean {
  return RUNS.some((run) => {
    const reversed = [...run].reverse().join("");
    return [run, reversed].some((line) => {
      const cycle = line + line;
      for (let i = 0; i + 1 < text.length; i += 1) {
        const at = cycle.indexOf(text[i]);
        if (at < 0 || cycle[at + 1] !== text[i + 1]) return false;
      }
      return true;
    });
  });
}

/** A short pattern repeated: "aaaaaaaa", "abababab", "123123123". */
function isRepetition(text: string): boolean {
  for (let size = 1; size <= Math.floor(text.length / 2); size += 1) {
    if (text.length % size === 0 && text.slice(0, size).repeat(text.length / size) === text) return true;
  }
  return false;
}

/** The word under a trailing decoration such as "1", "123!", "2025". */
function stem(text: string): string {
  return text.replace(/[\d\W_]{1,4}$/u, "");
}

export type PasswordContext = { email?: string | null; name?: string | null };

/** Why `password` is refused, as a message for the person choosing it; null when it is acceptable. */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const lower = password.toLowerCase();
  const stemmed = stem(lower);
  if (common.has(lower) || common.has(stemmed)) return "This password is one of the most common ones; choose something less guessable.";
  if (isRepetition(lower) || isRun(lower) || (stemmed.length >= 4 && (isRepetition(stemmed) || isRun(stemmed)))) {
    return 'Avoid repeated characters and sequences like "aaaaaaaa" or "12345678"; choose something less guessable.';
  }
  const email = context.email?.trim().toLowerCase() ?? "";
  const local = email.split("@")[0] ?? "";
  const nameParts = (context.name ?? "").toLowerCase().split(/\s+/);
  const personal = [email, local, (context.name ?? "").toLowerCase().replace(/\s+/g, ""), ...nameParts].filter((part) => part.length >= 3);
  const squeezed = lower.replace(/[\s\W_]+/gu, "");
  if (personal.some((part) => lower.includes(part) && (lower.length - part.length < 6 || squeezed === part.replace(/[\s\W_]+/gu, "")))) {
    return "Don't build the password from your email or name; choose something less guessable.";
  }
  return null;
}
