// The credentials (bearer tokens, session cookies) this process has seen work, so that the
// production server's admission (server/admission.mjs), which runs before Next.js and
// cannot afford a database lookup per request, can tell a real user's credential from a made-up
// one: only a credential the app has verified counts as a client of its own; any other waits as
// its address. The app records a credential where it checks one (lib/data/core/session.ts for
// sessions, lib/data/accounts/tokens.ts for tokens).
//
// Only SHA-256 digests are kept, on globalThis under a registered symbol: the app's bundle carries
// its own copy of this module, and every copy must share the one set. Bounded in size and time: a
// credential not seen working for an hour (revoked, signed out) is forgotten, and past MAX_ENTRIES
// the least recently verified goes first. Plain JavaScript for serve.mjs. Types: verified-credentials.d.mts.
import { createHash } from "node:crypto";

const KEY = Symbol.for("skillshelf.verified-credentials");
const MAX_ENTRIES = 50_000;
const TTL_MS = 60 * 60_000;

/** @returns {Map<string, number>} digest → when it stops counting (Map order: least recently verified first) */
function verified() {
  const scope = /** @type {Record<symbol, any>} */ (globalThis);
  return (scope[KEY] ??= new Map());
}

/**
 * The value of the better-auth session cookie (plain, or __Secure- on HTTPS), if the header has one.
 * @param {string | null | undefined} cookie
 */
export function sessionTokenOf(cookie) {
  return typeof cookie === "string" ? /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie)?.[1] : undefined;
}

/**
 * The credentials a request carries, as digests: its Authorization header, then its session cookie.
 * @param {{ authorization?: string | null, cookie?: string | null }} headers
 * @returns {string[]}
 */
function credentialDigests({ authorization, cookie }) {
  const digests = [];
  const bearer = typeof authorization === "string" ? authorization.trim() : "";
  if (bearer) digests.push(digest(`authorization ${bearer}`));
  const session = sessionTokenOf(cookie);
  if (session) digests.push(digest(`session ${session}`));
  return digests;
}

/** @param {string} text */
const digest = (text) => createHash("sha256").update(text).digest("base64url");

/**
 * Records that a request with this Authorization header, or with this cookie's session, was
 * signed in by it.
 * @param {{ authorization?: string | null } | { cookie?: string | null }} credential
 * @param {number} [now]
 */
export function rememberVerified(credential, now = Date.now()) {
  const map = verified();
  for (const key of credentialDigests(credential)) {
    map.delete(key);
    map.set(key, now + TTL_MS);
  }
  while (map.size > MAX_ENTRIES) map.delete(/** @type {string} */ (map.keys().next().value));
}

/**
 * The digest of the first of a request's credentials the app has verified lately, or null.
 * @param {{ authorization?: string | null, cookie?: string | null }} headers
 * @param {number} [now]
 */
export function verifiedCredential(headers, now = Date.now()) {
  const map = verified();
  for (const key of credentialDigests(headers)) {
    const until = map.get(key);
    if (until === undefined) continue;
    if (until > now) return key;
    map.delete(key);
  }
  return null;
}
