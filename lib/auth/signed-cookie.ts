import { createHmac, timingSafeEqual } from "node:crypto";

// Reading better-auth's signed cookies (better-call's format: the value, a dot, and the base64 of
// the value's HMAC-SHA256 under the auth secret, URL-encoded), synchronously: node:crypto's HMAC
// instead of WebCrypto's promise for the few microseconds it takes.

/** A signature of better-auth's signed cookies: base64 of an HMAC-SHA256, 32 bytes. */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/** The first cookie of this name in a Cookie header, URL-decoded, or null (the first wins, as better-auth reads them). */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length > 1) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The value a signed cookie carries when its signature is this secret's, else null. */
export function verifiedCookieValue(signed: string | null, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac("sha256", secret).update(value).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "base64")) ? value : null;
}
