import { describe, expect, it } from "vitest";
import { INVITE_ONLY_MESSAGE, emailDomain, signUpNotice, signUpRefusal, type SignUpAttempt } from "./signup-policy";
import { ssoErrorMessage } from "./sso-messages";

const attempt = (over: Partial<SignUpAttempt>): SignUpAttempt => ({
  policy: "open",
  allowedDomains: [],
  email: "new@elsewhere.net",
  method: "password",
  invite: null,
  firstAccount: false,
  ...over,
});
const valid = { status: "valid" as const, email: null };

describe("signUpRefusal", () => {
  it("lets anyone in on an open instance", () => {
    expect(signUpRefusal(attempt({}))).toBeNull();
    expect(signUpRefusal(attempt({ method: "sso" }))).toBeNull();
  });

  it("always lets the first account in: nobody could invite it, and it administers the instance", () => {
    expect(signUpRefusal(attempt({ policy: "invite-only", firstAccount: true }))).toBeNull();
    expect(signUpRefusal(attempt({ policy: "domains", allowedDomains: ["example.com"], firstAccount: true }))).toBeNull();
  });

  describe("invite-only", () => {
    const inviteOnly = (over: Partial<SignUpAttempt>) => signUpRefusal(attempt({ policy: "invite-only", ...over }));
    it("refuses a sign-up without an invite, saying how to get one", () => {
      expect(inviteOnly({})).toBe(INVITE_ONLY_MESSAGE);
    });
    it("admits a valid invite, with or without an email, matched case-insensitively", () => {
      expect(inviteOnly({ invite: valid })).toBeNull();
      expect(inviteOnly({ invite: { status: "valid", email: "New@Elsewhere.NET" } })).toBeNull();
    });
    it("refuses a valid invite made for another email", () => {
      expect(inviteOnly({ invite: { status: "valid", email: "someone@elsewhere.net" } })).toMatch(/for a different email address/);
    });
    it.each([
      ["expired", /has expired/],
      ["revoked", /was revoked/],
      ["used", /already been used/],
      ["unknown", /not valid/],
    ] as const)("refuses a %s invite, saying so", (status, message) => {
      expect(inviteOnly({ invite: { status, email: null } })).toMatch(message);
    });
    it("lets single sign-on users in: the organisation's provider is the gate", () => {
      expect(inviteOnly({ method: "sso" })).toBeNull();
    });
  });

  describe("domains", () => {
    const domains = (over: Partial<SignUpAttempt>) =>
      signUpRefusal(attempt({ policy: "domains", allowedDomains: ["example.com", "corp.example.org"], ...over }));
    it("admits an allowed domain, in any case, by password or single sign-on", () => {
      expect(domains({ email: "ann@Example.COM" })).toBeNull();
      expect(domains({ email: "bob@corp.example.org", method: "sso" })).toBeNull();
    });
    it("refuses another domain (a subdomain too), naming the allowed ones", () => {
      const message = "Sign-up is open to addresses at example.com, corp.example.org.";
      expect(domains({})).toBe(message);
      expect(domains({ email: "eve@evil.example.com" })).toBe(message);
      expect(domains({ email: "eve@example.com.evil.net", method: "sso" })).toBe(message);
    });
    it("admits another domain with a valid invite, and says what is wrong with a bad one", () => {
      expect(domains({ invite: valid })).toBeNull();
      expect(domains({ invite: { status: "expired", email: null } })).toMatch(/has expired/);
    });
  });
});

describe("emailDomain", () => {
  it("takes what follows the last @", () => {
    expect(emailDomain("a@b@Example.com")).toBe("example.com");
    expect(emailDomain("nobody")).toBe("");
  });
});

describe("signUpNotice", () => {
  it("says the policy up front, and nothing on an open instance", () => {
    expect(signUpNotice("open", [])).toBeNull();
    expect(signUpNotice("invite-only", [])).toMatch(/^By invitation only/);
    expect(signUpNotice("domains", ["example.com"])).toMatch(/^Sign-up is open to addresses at example\.com\./);
  });
  it("fits single sign-on: its users need no invite, and SSO_ONLY has no form to bring one to", () => {
    expect(signUpNotice("invite-only", [], { name: "Acme ID", only: false })).toMatch(/or sign in with Acme ID\.$/);
    expect(signUpNotice("invite-only", [], { name: "Acme ID", only: true })).toBeNull();
    expect(signUpNotice("domains", ["example.com"], { name: "Acme ID", only: true })).toBe("Sign-up is open to addresses at example.com.");
  });
});

describe("ssoErrorMessage", () => {
  it("explains the known codes and never echoes arbitrary text", () => {
    expect(ssoErrorMessage("SIGN_UP_NOT_ALLOWED", "Acme ID", ["example.com"])).toBe("Sign-up is open to addresses at example.com.");
    expect(ssoErrorMessage("account_not_linked", "Acme ID", [])).toMatch(/Acme ID did not confirm/);
    expect(ssoErrorMessage("invalid_code", "Acme ID", [])).toBe("Signing in with Acme ID did not complete (invalid_code). Try again.");
    expect(ssoErrorMessage("<script>alert(1)</script>", "Acme ID", [])).toBe("Signing in with Acme ID did not complete. Try again.");
  });
});
