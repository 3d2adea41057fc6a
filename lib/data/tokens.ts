import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { AccessToken } from "@/lib/generated/prisma/client";
import { TOKEN_SCOPES, type AccessTokenInfo, type CreatedAccessToken, type TokenScope } from "@/lib/types/tokens";
import type { ViewerRef } from "./actor";
import { db } from "./db";
import { DataError } from "./errors";
import type { Viewer } from "./session";
import { audit } from "./version-writer";

export type { AccessTokenInfo, CreatedAccessToken, TokenScope };

/** A viewer authenticated by a personal access token, with what the token allows. */
export type TokenViewer = Viewer & { token: { id: string; scope: TokenScope } };

const SECRET_PREFIX = "sks_";
// 40 base62 characters carry 238 bits: far past guessing, and short enough to paste.
const SECRET_CHARS = 40;
const SECRET_SHAPE = /^sks_[0-9A-Za-z]{40}$/;
const DISPLAY_CHARS = SECRET_PREFIX.length + 8;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const MAX_ACTIVE_TOKENS = 50;
const NAME_MAX = 64;
// Writing lastUsedAt on every request would turn each API read into a database write; a minute
// is precise enough for "last used".
const LAST_USED_RESOLUTION_MS = 60_000;

function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting the rest keeps every character equally likely
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** The form a secret is stored in. SHA-256 suffices: the secret is random, not a password. */
export function hashTokenSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

function toInfo(row: Pick<AccessToken, "id" | "name" | "prefix" | "scope" | "createdAt" | "lastUsedAt" | "revokedAt">): AccessTokenInfo {
  return { id: row.id, name: row.name, prefix: row.prefix, scope: row.scope as TokenScope, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, revokedAt: row.revokedAt };
}

const infoSelect = { id: true, name: true, prefix: true, scope: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

/**
 * A new token for the viewer. The secret is in the result and nowhere else: only its hash is
 * stored, so it can never be shown again.
 */
export async function createToken(viewer: ViewerRef, input: { name: string; scope: TokenScope }): Promise<CreatedAccessToken> {
  const name = input.name.trim();
  if (!name || [...name].length > NAME_MAX) throw new DataError("INVALID", `Give the token a name of 1 to ${NAME_MAX} characters.`, { field: "name" });
  if (!TOKEN_SCOPES.includes(input.scope)) throw new DataError("INVALID", `The scope must be one of ${TOKEN_SCOPES.join(", ")}.`, { field: "scope" });
  const secret = SECRET_PREFIX + randomBase62(SECRET_CHARS);
  const row = await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: viewer.id }, select: { id: true } });
    if (!user) throw new DataError("FORBIDDEN", "Your account no longer exists.");
    const active = await tx.accessToken.count({ where: { userId: viewer.id, revokedAt: null } });
    if (active >= MAX_ACTIVE_TOKENS) throw new DataError("INVALID", `You have ${MAX_ACTIVE_TOKENS} active tokens; revoke one you no longer use first.`, { field: "name" });
    const created = await tx.accessToken.create({
      data: { userId: viewer.id, name, prefix: secret.slice(0, DISPLAY_CHARS), hash: hashTokenSecret(secret), scope: input.scope },
      select: infoSelect,
    });
    await audit(tx, { actorId: viewer.id, action: "token.create", detail: { tokenId: created.id, name, scope: input.scope, prefix: created.prefix } });
    return created;
  });
  return { token: toInfo(row), secret };
}

/** The viewer's tokens, newest first; revoked ones only when asked for. */
export async function listTokens(viewer: ViewerRef, options: { includeRevoked?: boolean } = {}): Promise<AccessTokenInfo[]> {
  const rows = await db.accessToken.findMany({
    where: { userId: viewer.id, ...(options.includeRevoked ? {} : { revokedAt: null }) },
    select: infoSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toInfo);
}

/**
 * Revoke one of the viewer's tokens; it stops working at once. Null when the viewer has no such
 * token (someone else's looks the same as a missing one). Revoking twice is harmless.
 */
export async function revokeToken(viewer: ViewerRef, tokenId: string): Promise<AccessTokenInfo | null> {
  return db.$transaction(async (tx) => {
    const token = await tx.accessToken.findFirst({ where: { id: tokenId, userId: viewer.id }, select: infoSelect });
    if (!token) return null;
    if (token.revokedAt) return toInfo(token);
    const revoked = await tx.accessToken.update({ where: { id: tokenId }, data: { revokedAt: new Date() }, select: infoSelect });
    await audit(tx, { actorId: viewer.id, action: "token.revoke", detail: { tokenId, name: token.name, prefix: token.prefix } });
    return toInfo(revoked);
  });
}

/**
 * The user an `Authorization: Bearer sks_...` header stands for, or null for anything else:
 * no header, another scheme, a malformed, unknown or revoked token. Notes when it was used.
 */
export async function viewerFromBearer(authorization: string | null | undefined): Promise<TokenViewer | null> {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization ?? "");
  if (!match || !SECRET_SHAPE.test(match[1])) return null;
  const row = await db.accessToken.findUnique({
    where: { hash: hashTokenSecret(match[1]) },
    select: { id: true, scope: true, revokedAt: true, lastUsedAt: true, user: { select: { id: true, name: true, email: true, role: true } } },
  });
  if (!row || row.revokedAt) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.accessToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { lastUsedAt: now } });
  }
  const { id, name, email, role } = row.user;
  return { id, name, email, role: role === "ADMIN" ? "ADMIN" : "USER", token: { id: row.id, scope: row.scope as TokenScope } };
}

/** Whether a token's scope covers what a request needs: publish includes read. */
export function tokenAllows(scope: TokenScope, needed: TokenScope): boolean {
  return scope === "publish" || needed === "read";
}
