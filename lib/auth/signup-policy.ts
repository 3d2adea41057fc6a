/**
 * Who may create an account on this instance (SIGNUP_POLICY, SIGNUP_ALLOWED_DOMAINS), decided
 * here without I/O so the rule is testable in one place: the password sign-up (lib/auth/guard.ts)
 * and single sign-on (lib/auth/server.ts) both ask it.
 */

export type SignupPolicy = "open" | "invite-only" | "domains";
export type InviteStatus = "valid" | "expired" | "revoked" | "used" | "unknown";

export interface SignUpAttempt {
  policy: SignupPolicy;
  allowedDomains: readonly string[];
  email: string;
  /** How the account would be made: a password form, or the organisation's OpenID provider. */
  method: "password" | "sso";
  /** The invite the request carried, looked up; null when it carried none. */
  invite: { status: InviteStatus; email: string | null } | null;
  /** No account exists yet: the first one administers the instance, so nobody could invite it. */
  firstAccount: boolean;
}

export const INVITE_ONLY_MESSAGE = "Sign-up on this instance is by invitation: ask a team owner for an invite link.";

const INVITE_PROBLEMS: Record<Exclude<InviteStatus, "valid">, string> = {
  expired: "This invite link has expired: ask a team owner for a new one.",
  revoked: "This invite link was revoked: ask a team owner for a new one.",
  used: "This invite link has already been used: ask a team owner for a new one.",
  unknown: "This invite link is not valid: check that you copied all of it, or ask a team owner for a new one.",
};
const INVITE_FOR_ANOTHER_EMAIL = "This invite link is for a different email address: sign up with the address it was made for.";

export function domainsMessage(domains: readonly string[]): string {
  return `Sign-up is open to addresses at ${domains.join(", ")}.`;
}

/** The part after the last "@", lowercased ("" when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Why an invite does not admit this email, or null when it does. */
function inviteProblem(invite: NonNullable<SignUpAttempt["invite"]>, email: string): string | null {
  if (invite.status !== "valid") return INVITE_PROBLEMS[invite.status];
  if (invite.email && invite.email.trim().toLowerCase() !== email.trim().toLowerCase()) return INVITE_FOR_ANOTHER_EMAIL;
  return null;
}

/** Why this sign-up is refused, said to the person signing up; null when it may go ahead. */
export function signUpRefusal(attempt: SignUpAttempt): string | null {
  if (attempt.policy === "open" || attempt.firstAccount) return null;
  if (attempt.policy === "invite-only") {
    // The organisation's identity provider already decides who belongs: its users are let in on
    // first sign-in (an invite link cannot ride along through the provider's redirect anyway).
    if (attempt.method === "sso") return null;
    return attempt.invite ? inviteProblem(attempt.invite, attempt.email) : INVITE_ONLY_MESSAGE;
  }
  if (attempt.allowedDomains.includes(emailDomain(attempt.email))) return null;
  if (attempt.invite && attempt.method === "password") return inviteProblem(attempt.invite, attempt.email);
  return domainsMessage(attempt.allowedDomains);
}

/**
 * What the sign-up page says up front about who may sign up; null when there is nothing to say.
 * With single sign-on, its users are let in under invite-only (see signUpRefusal); under SSO_ONLY
 * there is no password form, hence no invite to bring.
 */
export function signUpNotice(policy: SignupPolicy, allowedDomains: readonly string[], sso: { name: string; only: boolean } | null = null): string | null {
  if (policy === "invite-only") {
    if (sso?.only) return null;
    return sso
      ? `By invitation only: open the invite link a team owner sent you, or sign in with ${sso.name}.`
      : "By invitation only: open the invite link a team owner sent you.";
  }
  if (policy === "domains") return sso?.only ? domainsMessage(allowedDomains) : `${domainsMessage(allowedDomains)} With an invite link, any address works.`;
  return null;
}
