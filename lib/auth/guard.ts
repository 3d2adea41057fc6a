import "server-only";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { getEnv } from "@/lib/env";
import { recordFailedSignIn } from "./audit";
import { requestAddress } from "./client-address";
import { passwordProblem } from "./password-policy";
import { signUpRefusalFor } from "./signup-gate";
import { ssoDisplayName } from "./sso";
import { createMemoryRateLimitStore, retryAfterSeconds, type RateLimitRule, type RateLimitStore } from "./rate-limit";
import { sharedRateLimitStore } from "./rate-limit-store";

/**
 * Guesses against passwords, throttled in our own code because better-auth's limiter runs only
 * for HTTP requests (never for auth.api calls such as the sign-in form's) and keys on a header
 * any client can forge. Every endpoint that checks a password goes through here.
 *
 * An account is locked first only for the address guessing at it (ACCOUNT_AT_ADDRESS_RULE), so
 * that anyone who knows an email cannot lock its owner out by failing ten times; it is locked for
 * every address only at the much higher ACCOUNT_RULE, which guesses spread over many addresses
 * reach. One address is also limited across accounts (ADDRESS_RULE, per endpoint).
 *
 * Every attempt counts while it runs (so parallel guesses cannot all slip past the check); a
 * success clears its (account, address) count and gives its other slots back, so only failures
 * accumulate. The windows slide: a lock opens again at most windowMs after the last counted
 * failure. The counts live in the process's shared store (rate-limit-store.ts): on PostgreSQL or
 * Redis every instance counts together.
 */
export const ACCOUNT_AT_ADDRESS_RULE: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
export const ACCOUNT_RULE: RateLimitRule = { limit: 100, windowMs: 15 * 60_000 };
export const ADDRESS_RULE: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };
const RULES = { address: ADDRESS_RULE, accountAtAddress: ACCOUNT_AT_ADDRESS_RULE, account: ACCOUNT_RULE };

type Limit = keyof typeof RULES;
type Limits = { rules: Record<Limit, RateLimitRule>; store: RateLimitStore | null };

// A global, because Next may load this module once per route bundle (see rate-limit-store.ts).
const holder = globalThis as typeof globalThis & { __skillshelfAuthLimits?: Limits };
function limits(): { rules: Record<Limit, RateLimitRule>; store: RateLimitStore } {
  const current = (holder.__skillshelfAuthLimits ??= { rules: RULES, store: null });
  return { rules: current.rules, store: current.store ?? sharedRateLimitStore() };
}

// Keys in the shared store, apart from the API's.
const storeKey = (which: Limit, key: string) => `auth ${which} ${key}`;

/**
 * Test hook: smaller rules (each guess costs a scrypt), and a store of the test's (by default a
 * fresh one in memory, so each test starts from nothing).
 */
export function resetAuthLimiters(options: { rules?: Record<Limit, RateLimitRule>; store?: RateLimitStore } = {}): void {
  holder.__skillshelfAuthLimits = {
    rules: options.rules ?? RULES,
    store: options.store ?? createMemoryRateLimitStore(),
  };
}

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

// Paths that verify a password, and where the account they guess at comes from. Sign-up checks
// none, but probes for taken emails: it counts per address only. Keyed by account it would also
// let anyone reset an account's counter, as its answer for a taken email looks like a success.
const BY_EMAIL = new Set(["/sign-in/email"]);
const BY_SESSION = new Set(["/change-password", "/delete-user", "/verify-password"]);
const GUARDED = new Set([...BY_EMAIL, ...BY_SESSION, "/sign-up/email"]);

const bodyText = (ctx: Ctx, key: string): string | undefined => {
  const value = (ctx.body as Record<string, unknown> | undefined)?.[key];
  return typeof value === "string" ? value : undefined;
};

// In the order they are taken: a guess refused for its (account, address) takes no slot of the
// account's, so one address cannot spend more than its own share of the account-wide count.
async function limiterKeys(ctx: Ctx): Promise<Array<[Limit, string]>> {
  const address = requestAddress(ctx.headers ?? ctx.request?.headers, getEnv().TRUSTED_PROXIES);
  const keys: Array<[Limit, string]> = [["address", `${ctx.path} ${address}`]];
  let account: string | undefined;
  if (BY_EMAIL.has(ctx.path ?? "")) {
    const email = bodyText(ctx, "email")?.trim().toLowerCase();
    if (email) account = `email ${email}`;
  } else if (BY_SESSION.has(ctx.path ?? "")) {
    const session = await getSessionFromCtx(ctx).catch(() => null);
    if (session) account = `user ${session.user.id}`;
  }
  if (account) keys.push(["accountAtAddress", `${account} at ${address}`], ["account", account]);
  return keys;
}

function refuseWeakPassword(ctx: Ctx, password: string | undefined, owner: { email?: string; name?: string }) {
  const problem = password === undefined ? null : passwordProblem(password, owner);
  if (problem) throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_WEAK", message: problem });
}

// Passwords play no part under SSO_ONLY: refused here, not only hidden in the forms, so that a
// password set before the switch (or by someone else for your email) opens nothing.
const PASSWORD_PATHS = new Set(["/sign-up/email", "/sign-in/email", "/change-password", "/set-password", "/reset-password", "/request-password-reset"]);

export const authBeforeHook = createAuthMiddleware(async (ctx) => {
  const path = ctx.path ?? "";
  if (getEnv().SSO_ONLY && PASSWORD_PATHS.has(path)) {
    throw new APIError("FORBIDDEN", { code: "PASSWORDS_OFF", message: `Passwords are off on this instance: sign in with ${ssoDisplayName()}.` });
  }
  if (path === "/sign-up/email") {
    // Before anything else, whether or not the email is taken: a refusal says nothing about accounts.
    const refusal = await signUpRefusalFor({ email: bodyText(ctx, "email") ?? "", method: "password", invite: bodyText(ctx, "invite") });
    if (refusal) throw new APIError("FORBIDDEN", { code: "SIGN_UP_NOT_ALLOWED", message: refusal });
  }
  if (path === "/sign-up/email") refuseWeakPassword(ctx, bodyText(ctx, "password"), { email: bodyText(ctx, "email"), name: bodyText(ctx, "name") });
  if (path === "/change-password" || path === "/set-password" || path === "/reset-password") {
    const session = path === "/reset-password" ? null : await getSessionFromCtx(ctx).catch(() => null);
    refuseWeakPassword(ctx, bodyText(ctx, "newPassword"), { email: session?.user.email, name: session?.user.name });
  }
  if (GUARDED.has(path)) {
    const { rules, store } = limits();
    const taken: string[] = [];
    for (const [which, key] of await limiterKeys(ctx)) {
      const decision = await store.take(storeKey(which, key), rules[which]);
      if (!decision.allowed) {
        for (const k of taken) await store.release(k);
        const seconds = retryAfterSeconds(decision);
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { code: "TOO_MANY_ATTEMPTS", message: `Too many attempts, try again in ${seconds} s.`, retryAfter: seconds },
          { "Retry-After": String(seconds) },
        );
      }
      taken.push(storeKey(which, key));
    }
  }
  // A new password must end every other session: whoever knew the old one may be signed in.
  if (path === "/change-password") return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
});

export const authAfterHook = createAuthMiddleware(async (ctx) => {
  const path = ctx.path ?? "";
  const returned = ctx.context.returned;
  if (GUARDED.has(path) && !(returned instanceof Error)) {
    const { store } = limits();
    for (const [which, key] of await limiterKeys(ctx)) {
      if (which === "accountAtAddress") await store.clear(storeKey(which, key));
      else await store.release(storeKey(which, key));
    }
  }
  if (path === "/sign-in/email" && returned instanceof APIError) {
    await recordFailedSignIn(bodyText(ctx, "email") ?? "", returned.body?.message ?? returned.message ?? String(returned.status), ctx);
  }
  // Session tokens are bearer credentials; the list of one's sessions needs ids, not tokens.
  if (path === "/list-sessions" && Array.isArray(returned)) {
    return ctx.json(returned.map((session: Record<string, unknown>) => Object.fromEntries(Object.entries(session).filter(([key]) => key !== "token"))));
  }
});
