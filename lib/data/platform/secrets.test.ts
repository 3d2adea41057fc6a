import { describe, expect, it } from "vitest";

Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij" });
const { decryptSecret, encryptSecret, newWebhookSecret, UnreadableSecretError } = await import("./secrets");

describe("source secrets at rest", () => {
  it("round-trips, with a fresh IV each time and nothing of the plain text in the stored form", () => {
    const a = encryptSecret("glpat-abcdef123456", "credential");
    const b = encryptSecret("glpat-abcdef123456", "credential");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(a).not.toContain("abcdef");
    expect(decryptSecret(a, "credential")).toBe("glpat-abcdef123456");
    expect(decryptSecret(b, "credential")).toBe("glpat-abcdef123456");
  });

  it("refuses a value sealed for the other purpose, an altered one and an unknown format", () => {
    const token = encryptSecret("glpat-abcdef123456", "credential");
    expect(() => decryptSecret(token, "webhook")).toThrow(UnreadableSecretError);
    const [version, iv, tag, sealed] = token.split(".");
    const flipped = `${sealed[0] === "A" ? "B" : "A"}${sealed.slice(1)}`;
    expect(() => decryptSecret([version, iv, tag, flipped].join("."), "credential")).toThrow(UnreadableSecretError);
    expect(() => decryptSecret("plain-text", "credential")).toThrow(UnreadableSecretError);
  });

  it("makes webhook secrets of 32 random bytes", () => {
    const secrets = new Set(Array.from({ length: 20 }, newWebhookSecret));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(Buffer.from(secret.slice("whsec_".length), "base64url")).toHaveLength(32);
  });
});
