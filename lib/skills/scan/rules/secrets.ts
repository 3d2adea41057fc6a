// Secrets committed in the skill: private keys and tokens with a known shape. Placeholders
// (AKIAIOSFODNN7EXAMPLE, ghp_xxxx…, sk-ant-api03-...) are told apart by their low entropy and
// give-away words. Isomorphic.

import { lineOf, lineText, type TextFile } from "../context";
import { patternRule, type RuleDef } from "../rule";

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

const PLACEHOLDER =
  /x{5,}|\*{3,}|\.{3}|0{8,}|1234567|abcdefg|example|your|dummy|fake|sample|placeholder|redacted|changeme|replace|insert|token_?here|key_?here|secret_?here/i;

export function looksLikePlaceholder(token: string): boolean {
  return PLACEHOLDER.test(token) || entropy(token) < 3.2 || hasCountingRun(token);
}

/**
 * Whether the token counts up for a stretch, one character at a time ("ABCDEF", "123456") or
 * interleaved ("A1B2C3D4"): how documentation fakes a key of the right shape. Random tokens
 * practically never do it for six steps.
 */
export function hasCountingRun(token: string, steps = 6): boolean {
  for (const stride of [1, 2]) {
    let run = 0;
    for (let i = 0; i + stride < token.length; i++) {
      run = token.charCodeAt(i + stride) === token.charCodeAt(i) + 1 ? run + 1 : 0;
      if (run >= steps * stride) return true;
    }
  }
  return false;
}

/** Masks all but the start of a secret: the excerpt must not republish it. */
export function maskSecret(token: string, keep = 8): string {
  return token.length <= keep ? token : `${token.slice(0, keep)}${"•".repeat(Math.min(12, token.length - keep))} (${token.length} characters)`;
}

/** The line of a match with the secret in it masked. */
function maskedLine(file: TextFile, offset: number, secret: string, keep: number): string {
  const line = lineText(file, lineOf(file, offset)).trim();
  const masked = line.replace(secret, maskSecret(secret, keep));
  return masked.length > 200 ? `${masked.slice(0, 200)}…` : masked;
}

const TOKENS: readonly RegExp[] = [
  /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g,
  /\baws_secret_access_key\s*["']?\s*[=:]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
  /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{60,}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}\b/g,
  /\bxox[abposre]-[0-9A-Za-z-]{10,}\b/g,
  /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,}T3BlbkFJ[A-Za-z0-9_-]{16,}\b/g,
  /\bsk-proj-[A-Za-z0-9_-]{40,}/g,
  /\bsk-ant-(?:api|admin|oat|ort|sid)\d{2}-[A-Za-z0-9_-]{40,}/g,
  /\b(?:sk|rk)_live_[0-9a-zA-Z]{20,}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g,
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\bhf_[A-Za-z]{30,}\b/g,
  /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g,
  /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/g,
  /\bdop_v1_[a-f0-9]{64}\b/g,
  /\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b/g,
];

export const secretRules: RuleDef[] = [
  patternRule(
    {
      id: "secrets/private-key",
      category: "secrets",
      severity: "critical",
      appliesTo: "any",
      message: "A private key is committed in the skill: anyone who can read the skill can use it. Revoke it and remove it from the files.",
    },
    {
      pattern:
        /-----BEGIN (?:(?:RSA|DSA|EC|OPENSSH|ENCRYPTED|PGP|SSH2)\s+)?PRIVATE KEY(?: BLOCK)?-----[ \t]*\r?\n(?:[A-Za-z-]+:[^\n]*\r?\n)*\s*[A-Za-z0-9+/=]{40,}/g,
      quick: ["private key"],
      multiline: true,
      excerpt: (m) => `${m[0].split("\n")[0].trim()} (key material follows; not shown)`,
    },
  ),
  patternRule(
    {
      id: "secrets/api-token",
      category: "secrets",
      severity: "high",
      appliesTo: "any",
      message:
        "An access token in a known format (AWS, GitHub, GitLab, Slack, OpenAI, Anthropic, Stripe, Google, npm, Hugging Face...) is committed in the skill. Revoke it and load it from the environment instead.",
    },
    {
      pattern: TOKENS,
      quick: [
        "akia",
        "asia",
        "abia",
        "acca",
        "aws_secret",
        "ghp_",
        "gho_",
        "ghu_",
        "ghs_",
        "ghr_",
        "github_pat_",
        "glpat-",
        "xox",
        "sk-",
        "sk_live_",
        "rk_live_",
        "aiza",
        "npm_",
        "hf_",
        "sg.",
        "pypi-",
        "dop_v1_",
        "shpat_",
        "shpss_",
        "shpca_",
        "shppa_",
      ],
      accept: (m) => !looksLikePlaceholder(m[1] ?? m[0].replace(/^[a-z]+[_-](?:[a-z]+[_-])?/i, "")),
      excerpt: (m, file) => maskedLine(file, m.index, m[1] ?? m[0], m[1] ? 4 : 10),
    },
  ),
  patternRule(
    {
      id: "secrets/hardcoded-secret",
      category: "secrets",
      severity: "medium",
      appliesTo: "code",
      message: "A password, key or token appears to be written into the code as a literal value. If it is real, anyone reading the skill has it.",
    },
    {
      pattern: [
        /\b(?:password|passwd|pwd|secret|api[_-]?key|apikey|access[_-]?key|auth[_-]?token|access[_-]?token|client[_-]?secret|private[_-]?key|bearer)["']?\s*[:=]\s*["']([^"'\s$<>{}()%]{16,})["']/gi,
        /\bAuthorization["']?\s*[:=]\s*["']Bearer\s+([A-Za-z0-9._~+/-]{24,})["']/gi,
        /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}/g,
      ],
      quick: ["pass", "pwd", "secret", "key", "token", "bearer", "eyj"],
      where: "code",
      accept: (m) => {
        const value = m[1] ?? m[0];
        return !looksLikePlaceholder(value) && entropy(value) >= 3.5 && /\d/.test(value) && /[A-Za-z]/.test(value);
      },
      excerpt: (m, file) => maskedLine(file, m.index, m[1] ?? m[0], 4),
    },
  ),
];
