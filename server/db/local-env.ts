import { randomBytes } from "node:crypto";
import { appendFile, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Give a fresh checkout a session-signing secret without a manual step: when BETTER_AUTH_SECRET
 * is set nowhere, write one to the git-ignored .env.local (which `next start` also reads).
 * Production deployments set their own (docs/guides/running.md#production-on-one-machine).
 */
export async function ensureAuthSecret(root: string): Promise<"present" | "generated"> {
  if (process.env.BETTER_AUTH_SECRET?.trim()) return "present";
  const file = path.join(root, ".env.local");
  const existing = await readFile(file, "utf8").catch(() => "");
  const secret = randomBytes(32).toString("base64url");
  const prefix = existing && !existing.endsWith("\n") ? "\n" : "";
  await appendFile(file, `${prefix}# Generated on first start; sessions are signed with it. Keep it secret.\nBETTER_AUTH_SECRET=${secret}\n`);
  process.env.BETTER_AUTH_SECRET = secret;
  return "generated";
}
