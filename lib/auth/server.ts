import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { getEnv } from "@/lib/env";
import { db } from "@/lib/data/db";
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from "@/lib/auth/rules";

const env = getEnv();
const origin = new URL(env.authUrl);

export const auth = betterAuth({
  appName: "Skillshelf",
  baseURL: env.authUrl,
  secret: env.BETTER_AUTH_SECRET,
  // The same server answers on localhost and 127.0.0.1; both are this origin's port.
  trustedOrigins: [`${origin.protocol}//localhost:${origin.port}`, `${origin.protocol}//127.0.0.1:${origin.port}`],
  database: prismaAdapter(db, { provider: "sqlite" }),
  emailAndPassword: {
    enabled: true,
    autoSignIn: true,
    minPasswordLength: PASSWORD_MIN_LENGTH,
    maxPasswordLength: PASSWORD_MAX_LENGTH,
  },
  user: {
    additionalFields: {
      role: { type: "string", input: false, defaultValue: "USER" },
    },
  },
  databaseHooks: {
    user: {
      create: {
        // The first account of an instance administers it; everyone after is a plain user.
        before: async (user) => ({ data: { ...user, role: (await db.user.count()) === 0 ? "ADMIN" : "USER" } }),
      },
    },
  },
  plugins: [nextCookies()],
});

export type AuthSession = typeof auth.$Infer.Session;
