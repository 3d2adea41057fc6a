import { describe, expect, it } from "vitest";
import { describeEnvSettings } from "./env-overview";
import { parseEnv } from "./env";

const rows = (source: Record<string, string>) => describeEnvSettings(parseEnv(source, "/srv"), new Set(Object.keys(source))).flatMap((group) => group.rows);
const byKey = (source: Record<string, string>) => new Map(rows(source).map((row) => [row.key, row]));

describe("describeEnvSettings", () => {
  it("shows defaults as defaults, with the production advice for open sign-up", () => {
    const settings = byKey({});
    expect(settings.get("SIGNUP_POLICY")).toMatchObject({
      value: "open",
      source: "default",
      warn: true,
      note: expect.stringContaining("SIGNUP_POLICY=invite-only"),
    });
    expect(settings.get("OIDC_ISSUER")).toMatchObject({ value: "not configured", source: "default" });
    expect(settings.get("HOSTNAME")).toMatchObject({ value: "127.0.0.1", source: "default" });
    expect(settings.get("SKILL_MAX_BYTES")).toMatchObject({ value: "25 MB", source: "default" });
    expect(settings.get("UPLOADTHING_TOKEN")?.value).toBe("the database");
    expect(rows({}).every((row) => row.source === "default")).toBe(true);
  });

  it("marks what the environment set, and never shows a secret", () => {
    const source = {
      SIGNUP_POLICY: "domains",
      SIGNUP_ALLOWED_DOMAINS: "example.com, Corp.example.org",
      OIDC_ISSUER: "https://login.example.com",
      OIDC_CLIENT_ID: "skillshelf-client",
      OIDC_CLIENT_SECRET: "oidc-secret-value",
      SSO_ONLY: "true",
      BETTER_AUTH_SECRET: "a-session-secret-that-is-long-enough-0123",
      OPENAI_API_KEY: "sk-openai-secret",
      ANTHROPIC_API_KEY: "sk-ant-secret",
      UPLOADTHING_TOKEN: "ut-secret",
      TRUSTED_PROXIES: "10.0.0.0/8",
      PORT: "8080",
      SKILL_MAX_FILES: "50",
    };
    const settings = byKey(source);
    expect(settings.get("SIGNUP_POLICY")?.warn).toBeUndefined();
    expect(settings.get("SIGNUP_ALLOWED_DOMAINS")).toMatchObject({ value: "example.com, corp.example.org", source: "environment" });
    expect(settings.get("OIDC_ISSUER")?.value).toBe("configured: https://login.example.com");
    expect(settings.get("OIDC_CLIENT_SECRET")).toMatchObject({ value: "set", source: "environment" });
    expect(settings.get("SSO_ONLY")?.value).toMatch(/^yes/);
    expect(settings.get("PORT")).toMatchObject({ value: "8080", source: "environment" });
    expect(settings.get("SKILL_MAX_FILES")).toMatchObject({ value: "50", source: "environment" });
    expect(settings.get("TRUSTED_PROXIES")?.value).toBe("10.0.0.0/8");
    const shown = JSON.stringify(rows(source));
    for (const hidden of ["skillshelf-client", "oidc-secret-value", "a-session-secret", "sk-openai-secret", "sk-ant-secret", "ut-secret"])
      expect(shown).not.toContain(hidden);
  });
});
