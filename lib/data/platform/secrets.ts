import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "@/lib/env";

// A source's deploy token and webhook secret at rest: AES-256-GCM with a random 96-bit IV per
// value, stored as "v1.<iv>.<tag>.<ciphertext>" (base64url). The key is SOURCE_CREDENTIALS_KEY, or
// HKDF-SHA256 of BETTER_AUTH_SECRET when that is unset. The purpose ("credential", "webhook") is
// the associated data, so a stored token cannot be replayed as a webhook secret or the reverse.

export type SecretPurpose = "credential" | "webhook" | "team-webhook";

/** A stored secret that this server cannot read back: its key changed, or the value was altered. */
export class UnreadableSecretError extends Error {
  name = "UnreadableSecretError";
}

function key(): Buffer {
  const env = getEnv();
  if (env.SOURCE_CREDENTIALS_KEY) return Buffer.from(env.SOURCE_CREDENTIALS_KEY, "base64");
  if (!env.BETTER_AUTH_SECRET) {
    throw new Error("Skill sources need SOURCE_CREDENTIALS_KEY or BETTER_AUTH_SECRET to encrypt their secrets; set one of them.");
  }
  return Buffer.from(hkdfSync("sha256", env.BETTER_AUTH_SECRET, "skillshelf", "skill source credentials v1", 32));
}

export function encryptSecret(plain: string, purpose: SecretPurpose): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(purpose));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

export function decryptSecret(stored: string, purpose: SecretPurpose): string {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !tag || sealed === undefined) throw new UnreadableSecretError("The stored secret is not in a known format.");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new UnreadableSecretError("The stored secret cannot be decrypted with this server's key.");
  }
}

/** A new webhook secret: 32 random bytes, as GitHub's and GitLab's settings take them. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}
