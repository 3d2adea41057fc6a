import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { getEnv } from "@/lib/env";
import { db } from "@/lib/db/server";
import { withSessionJoin } from "@/lib/db/session-join";
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from "@/lib/auth/rules";
import { authAfterHook, authBeforeHook } from "@/lib/auth/guard";
import { refuseDisabledSession } from "@/lib/auth/disabled";
import { signUpRefusalFor } from "@/lib/auth/signup-gate";
import { promoteFirstAccount } from "@/lib/auth/first-admin";
import { recordSignIn, recordSignUp, signInMethod } from "@/lib/auth/audit";
import { SSO_PROVIDER_ID, discoveryUrl, ssoDisplayName } from "@/lib/auth/sso";

const env = getEnv();
const origin = new URL(env.authUrl);

// Single sign-on through the organisation's OpenID provider, when OIDC_* are set. Discovery is read
// once, when the server starts: the provider must be reachable then. The authorization code flow
// with PKCE, and ID tokens checked against the provider's published keys (else it is left out).
const sso = env.OIDC_ISSUER
  ? genericOAuth({
      config: [
        {
          providerId: SSO_PROVIDER_ID,
          name: ssoDisplayName(),
          discoveryUrl: discoveryUrl(env.OIDC_ISSUER),
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET,
          scopes: ["openid", "email", "profile"],
          pkce: true,
          requireIdTokenVerification: true,
        },
      ],
    })
  : null;

export const auth = betterAuth({
  appName: "Skillshelf",
  baseURL: env.authUrl,
  secret: env.BETTER_AUTH_SECRET,
  // The same server answers on localhost and 127.0.0.1; both are this origin's port.
  trustedOrigins: [`${origin.protocol}//localhost:${origin.port}`, `${origin.protocol}//127.0.0.1:${origin.port}`],
  // "sqlite" on both databases: it only changes how better-auth asks for case-insensitive matches,
  // and emails are stored lowercased, so both behave as the SQLite default the tests were written on.
  // Its session lookup in one statement instead of two (lib/db/session-join.ts): `joins` hands the adapter
  // the session's user to read with it (without it better-auth reads the user after the session).
  database: prismaAdapter(withSessionJoin(db), { provider: "sqlite" }),
  advanced: { database: { joins: true } },
  // Our own limiter (lib/auth/guard.ts) covers every password check, on HTTP and auth.api calls
  // alike; better-auth's would add a second, forgeable per-header bucket shared by everyone.
  rateLimit: { enabled: false },
  hooks: { before: authBeforeHook, after: authAfterHook },
  emailAndPassword: {
    enabled: true,
    // Off so that signing up with a taken email answers exactly like a new one (better-auth's
    // generic duplicate response); the sign-up form signs in as a separate step.
    autoSignIn: false,
    minPasswordLength: PASSWORD_MIN_LENGTH,
    maxPasswordLength: PASSWORD_MAX_LENGTH,
  },
  account: {
    // Someone who already has an account here is joined to their provider identity when the
    // provider vouches for the email (email_verified); a provider that does not is refused.
    // Local emails are never verified (there is no mail), hence requireLocalEmailVerified off.
    accountLinking: { enabled: true, requireLocalEmailVerified: false },
  },
  user: {
    // A new account through single sign-on meets the sign-up policy too (the password form's
    // check is in guard.ts, where it runs before the endpoint whether or not the email is taken).
    validateUserInfo: async ({ user, source }) => {
      if (source.method !== "oauth" || source.action !== "create-user") return;
      const refusal = await signUpRefusalFor({ email: String(user.email ?? ""), method: "sso" });
      return refusal ? { error: "SIGN_UP_NOT_ALLOWED", errorDescription: refusal } : undefined;
    },
    additionalFields: {
      role: { type: "string", input: false, defaultValue: "USER" },
      // Read with every session, so a session row that outlived its account's disabling is refused (lib/data/core/session.ts).
      disabledAt: { type: "date", required: false, input: false },
    },
  },
  databaseHooks: {
    user: {
      create: {
        // The first account of an instance administers it; everyone after is a plain user.
        after: async (user, context) => {
          await promoteFirstAccount(user.id);
          await recordSignUp(user, signInMethod(context?.path));
        },
      },
    },
    session: {
      create: {
        // A disabled account signs in by no path (lib/auth/disabled.ts).
        before: async (session) => void (await refuseDisabledSession(session)),
        after: async (session, context) => void (await recordSignIn(session, context)),
      },
    },
  },
  plugins: sso ? [sso, nextCookies()] : [nextCookies()],
});

export type AuthSession = typeof auth.$Infer.Session;
