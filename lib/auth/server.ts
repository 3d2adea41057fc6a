import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { getEnv } from "@/lib/env";
import { db } from "@/lib/db/server";
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from "@/lib/auth/rules";
import { authAfterHook, authBeforeHook } from "@/lib/auth/guard";
import { refuseDisabledSession } from "@/lib/auth/disabled";

const env = getEnv();
const origin = new URL(env.authUrl);

export const auth = betterAuth({
  appName: "Skillshelf",
  baseURL: env.authUrl,
  secret: env.BETTER_AUTH_SECRET,
  // The same server answers on localhost and 127.0.0.1; both are this origin's port.
  trustedOrigins: [`${origin.protocol}//localhost:${origin.port}`, `${origin.protocol}//127.0.0.1:${origin.port}`],
  database: prismaAdapter(db, { provider: "sqlite" }),
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
  user: {
    additionalFields: {
      role: { type: "string", input: false, defaultValue: "USER" },
      // Read with every session, so a session row that outlived its account's disabling is refused (lib/data/session.ts).
      disabledAt: { type: "date", required: false, input: false },
    },
  },
  databaseHooks: {
    user: {
      create: {
        // The first account of an instance administers it; everyone after is a plain user.
        before: async (user) => ({ data: { ...user, role: (await db.user.count()) === 0 ? "ADMIN" : "USER" } }),
      },
    },
    // A disabled account signs in by no path (lib/auth/disabled.ts).
    session: { create: { before: async (session) => void (await refuseDisabledSession(session)) } },
  },
  plugins: [nextCookies()],
});

export type AuthSession = typeof auth.$Infer.Session;
