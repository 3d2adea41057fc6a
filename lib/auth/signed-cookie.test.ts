import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cookieValue, verifiedCookieValue } from "./signed-cookie";

const SECRET = "test-only-secret-0123456789-abcdefghij";
const COOKIE = "better-auth.session_token";
const sign = (value: string, secret = SECRET) => `${value}.${createHmac("sha256", secret).update(value).digest("base64")}`;

describe("cookieValue and verifiedCookieValue", () => {
  it("read the first cookie of a name, decoded, and only with this secret's signature", () => {
    const signed = sign("tok123");
    const header = `other=1; ${COOKIE}=${encodeURIComponent(signed)}; ${COOKIE}=${encodeURIComponent(sign("later"))}`;
    expect(cookieValue(header, COOKIE)).toBe(signed);
    expect(cookieValue(`${COOKIE}="${signed}"`, COOKIE)).toBe(signed);
    expect(cookieValue("a=1", COOKIE)).toBeNull();
    expect(cookieValue(null, COOKIE)).toBeNull();
    expect(verifiedCookieValue(signed, SECRET)).toBe("tok123");
    expect(verifiedCookieValue(signed, `${SECRET}-other`)).toBeNull();
    expect(verifiedCookieValue(sign("tok124").replace("tok124", "tok123"), SECRET)).toBeNull();
    expect(verifiedCookieValue("tok123", SECRET)).toBeNull();
    expect(verifiedCookieValue(`tok123.${"A".repeat(43)}`, SECRET)).toBeNull();
    expect(verifiedCookieValue(`tok123.${"*".repeat(43)}=`, SECRET)).toBeNull();
    expect(verifiedCookieValue(null, SECRET)).toBeNull();
  });
});
