import { domainsMessage } from "./signup-policy";

/**
 * What the sign-in page says when single sign-on came back with an error (better-auth redirects
 * to /sign-in?error=<code>). Only the code is read, never the description beside it: a link can
 * carry any text, and the page must not say what a stranger wrote.
 */
export function ssoErrorMessage(code: string, provider: string, allowedDomains: readonly string[]): string {
  switch (code) {
    case "SIGN_UP_NOT_ALLOWED":
      return allowedDomains.length ? domainsMessage(allowedDomains) : "This instance does not take new accounts this way.";
    case "account_not_linked":
      return `An account with this email already exists, and ${provider} did not confirm that the email is yours: sign in with your password.`;
    case "access_denied":
      return `Signing in with ${provider} was cancelled.`;
    case "email_not_found":
      return `${provider} did not share an email address, which Skillshelf needs for your account.`;
    case "ACCOUNT_DISABLED":
      return "This account is disabled. Ask an instance admin to re-enable it.";
    case "sso_unavailable":
      return `${provider} cannot be reached right now. Try again later, or ask an instance admin.`;
    default: {
      const shown = /^[A-Za-z0-9_]{1,60}$/.test(code) ? ` (${code})` : "";
      return `Signing in with ${provider} did not complete${shown}. Try again.`;
    }
  }
}
