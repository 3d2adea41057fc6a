import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { AccessToken } from "@/lib/generated/prisma/client";
import { DEFAULT_TOKEN_EXPIRY_DAYS, TOKEN_EXPIRY_DAYS } from "@/lib/auth/token-inputs";
import { rememberVerified } from "@/lib/auth/verified-credentials.mjs";
import { TOKEN_SCOPES, type AccessTokenInfo, type CreatedAccessToken, type TokenScope } from "@/lib/types/tokens";
import type { ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { DataError } from "../errors";
import type { Viewer } from "../core/session";
import { audit } from "../notifications/audit";
import { checkFollowedLabel } from "../skills/labels";
import { LATEST } from "@/lib/skills/permissions/labels";

export type { AccessTokenInfo, CreatedAccessToken, TokenScope };

/** A viewer authenticated by a personal access token, with what the token allows. */
export type TokenViewer = Viewer & { token: { id: string; scope: TokenScope; label: string } };

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

export function randomBase62(length: number): string {
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

function toInfo(
  row: Pick<AccessToken, "id" | "name" | "prefix" | "scope" | "label" | "createdAt" | "lastUsedAt" | "revokedAt" | "expiresAt">,
): AccessTokenInfo {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope as TokenScope,
    label: row.label,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    expiresAt: row.expiresAt,
  };
}

const infoSelect = {
  id: true,
  name: true,
  prefix: true,
  scope: true,
  label: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  expiresAt: true,
} as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A new token for the viewer. The secret is in the result and nowhere else: only its hash is
 * stored, so it can never be shown again. It expires after `expiresInDays` (90 when left out; null
 * for never), so a forgotten token stops working on its own.
 */
export async function createToken(
  viewer: ViewerRef,
  input: { name: string; scope: TokenScope; expiresInDays?: number | null; label?: string },
): Promise<CreatedAccessToken> {
  const name = input.name.trim();
  if (!name || [...name].length > NAME_MAX) throw new DataError("INVALID", `Give the token a name of 1 to ${NAME_MAX} characters.`, { field: "name" });
  if (!TOKEN_SCOPES.includes(input.scope)) throw new DataError("INVALID", `The scope must be one of ${TOKEN_SCOPES.join(", ")}.`, { field: "scope" });
  const days = input.expiresInDays === undefined ? DEFAULT_TOKEN_EXPIRY_DAYS : input.expiresInDays;
  if (days !== null && !(TOKEN_EXPIRY_DAYS as readonly number[]).includes(days))
    throw new DataError("INVALID", `The expiry must be ${TOKEN_EXPIRY_DAYS.join(", ")} days, or never.`, { field: "expiresInDays" });
  const label = input.label ? checkFollowedLabel(input.label) : LATEST;
  const expiresAt = days === null ? null : new Date(Date.now() + days * DAY_MS);
  const secret = SECRET_PREFIX + randomBase62(SECRET_CHARS);
  const row = await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: viewer.id }, select: { id: true } });
    if (!user) throw new DataError("FORBIDDEN", "Your account no longer exists.");
    const active = await tx.accessToken.count({ where: { userId: viewer.id, revokedAt: null } });
    if (active >= MAX_ACTIVE_TOKENS)
      throw new DataError("INVALID", `You have ${MAX_ACTIVE_TOKENS} active tokens; revoke one you no longer use first.`, { field: "name" });
    const created = await tx.accessToken.create({
      data: { userId: viewer.id, name, prefix: secret.slice(0, DISPLAY_CHARS), hash: hashTokenSecret(secret), scope: input.scope, label, expiresAt },
      select: infoSelect,
    });
    await audit(tx, {
      actorId: viewer.id,
      action: "token.create",
      detail: { tokenId: created.id, name, scope: input.scope, label, prefix: created.prefix, expiresAt: expiresAt?.toISOString() ?? null },
    });
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

/** What a bearer header comes to: a viewer, or why not (an expired token says so; nothing else does). */
export type BearerCheck = { ok: true; viewer: TokenViewer } | { ok: false; reason: "invalid" } | { ok: false; reason: "expired"; expiredAt: Date };

/**
 * The user an `Authorization: Bearer sks_...` header stands for, or why not: no header, another
 * scheme, a malformed, unknown or revoked token are all "invalid"; a token past its expiry is
 * "expired", so its owner learns to make a new one. Notes when a working token was used.
 */
export async function checkBearer(authorization: string | null | undefined): Promise<BearerCheck> {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization ?? "");
  if (!match || !SECRET_SHAPE.test(match[1])) return { ok: false, reason: "invalid" };
  const row = await db.accessToken.findUnique({
    where: { hash: hashTokenSecret(match[1]) },
    select: {
      id: true,
      scope: true,
      label: true,
      revokedAt: true,
      expiresAt: true,
      lastUsedAt: true,
      user: { select: { id: true, name: true, email: true, role: true, disabledAt: true } },
    },
  });
  // A disabled account's tokens stop working at once, and work again if it is re-enabled.
  if (!row || row.revokedAt || row.user.disabledAt) return { ok: false, reason: "invalid" };
  const now = new Date();
  if (row.expiresAt && row.expiresAt <= now) return { ok: false, reason: "expired", expiredAt: row.expiresAt };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.accessToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { lastUsedAt: now } });
  }
  // The production server's admission lets a token it has seen work wait as a client of its own.
  rememberVerified({ authorization });
  const { id, name, email, role } = row.user;
  return {
    ok: true,
    viewer: { id, name, email, role: role === "ADMIN" ? "ADMIN" : "USER", token: { id: row.id, scope: row.scope as TokenScope, label: row.label } },
  };
}

/** The viewer a bearer header stands for, or null when it is not a working token (see checkBearer). */
export async function viewerFromBearer(authorization: string | null | undefined): Promise<TokenViewer | null> {
  const check = await checkBearer(authorization);
  return check.ok ? check.viewer : null;
}

/** Whether a token's scope covers what a request needs: publish includes read. */
export function tokenAllows(scope: TokenScope, needed: TokenScope): boolean {
  return scope === "publish" || needed === "read";
}
