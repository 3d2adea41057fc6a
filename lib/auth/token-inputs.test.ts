import { describe, expect, it } from "vitest";
import { createTokenInput } from "./token-inputs";

describe("createTokenInput expiry", () => {
  const parse = (expiresInDays: unknown) => createTokenInput.safeParse({ name: "CI", scope: "read", expiresInDays });

  it("reads the form's choices and JSON's, defaulting to 90 days", () => {
    expect(parse(undefined).data?.expiresInDays).toBe(90);
    expect(parse("").data?.expiresInDays).toBe(90);
    expect(parse("7").data?.expiresInDays).toBe(7);
    expect(parse(365).data?.expiresInDays).toBe(365);
    expect(parse("never").data?.expiresInDays).toBeNull();
    expect(parse(null).data?.expiresInDays).toBeNull();
  });

  it("refuses other lifetimes, naming the ones allowed", () => {
    for (const value of ["3", 1000, "forever", -1, 0]) {
      const result = parse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0].message).toBe('Choose an expiry of 7, 30, 90, 365 days, or "never".');
    }
  });
});
