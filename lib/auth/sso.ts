import "server-only";
import { getEnv } from "@/lib/env";

/** The provider's id in better-auth: its callback is /api/auth/callback/oidc (register that with the IdP). */
export const SSO_PROVIDER_ID = "oidc";

/** How the sign-in page and the account page name the OpenID provider. */
export function ssoDisplayName(): string {
  return getEnv().OIDC_DISPLAY_NAME ?? "SSO";
}

/** What the auth screens need to know about single sign-on: null when it is not configured. */
export function ssoOption(): { name: string; only: boolean } | null {
  const env = getEnv();
  return env.OIDC_ISSUER ? { name: ssoDisplayName(), only: env.SSO_ONLY } : null;
}

/** The issuer's discovery document (OpenID Connect Discovery 1.0, section 4). */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
}
