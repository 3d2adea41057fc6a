"use server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { APIError } from "better-auth/api";
import { auth } from "@/lib/auth/server";
import { ACCOUNT_DISABLED_CODE, ACCOUNT_DISABLED_MESSAGE } from "@/lib/auth/disabled";
import { safeNextPath, signInInput, signUpInput } from "@/lib/auth/rules";
import { SSO_PROVIDER_ID } from "@/lib/auth/sso";

export type AuthFormState = {
  message?: string;
  fieldErrors?: Partial<Record<"name" | "email" | "password", string[]>>;
  values?: { name?: string; email?: string };
};

// better-auth's codes, said as a person would; anything else falls back to its own message.
const authMessages: Record<string, { field?: "email" | "password"; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { message: "That email and password don't match an account." },
  INVALID_EMAIL: { field: "email", message: "Enter a valid email address, like ada@example.com." },
  PASSWORD_TOO_SHORT: { field: "password", message: "Use at least 8 characters." },
  PASSWORD_TOO_LONG: { field: "password", message: "Use at most 128 characters." },
  [ACCOUNT_DISABLED_CODE]: { message: ACCOUNT_DISABLED_MESSAGE },
};

const INVITE_SECRET = /^[0-9A-Za-z_-]{20,100}$/;

const SIGN_UP_REFUSED = "We couldn't create an account with these details. If you already have one, sign in instead.";

function fromApiError(error: unknown, values: AuthFormState["values"]): AuthFormState {
  if (!(error instanceof APIError)) throw error;
  const code = typeof error.body?.code === "string" ? error.body.code : "";
  const known = authMessages[code];
  // The policy's and the limiter's messages are written for people already (lib/auth/guard.ts).
  if (code === "PASSWORD_TOO_WEAK") return { fieldErrors: { password: [String(error.body?.message)] }, values };
  if (known?.field) return { fieldErrors: { [known.field]: [known.message] }, values };
  return { message: known?.message ?? error.body?.message ?? "Something went wrong. Try again.", values };
}

export async function signInAction(_: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const values = { email: String(formData.get("email") ?? "") };
  const input = signInInput.safeParse(Object.fromEntries(formData));
  if (!input.success) return { fieldErrors: z.flattenError(input.error).fieldErrors, values };
  try {
    await auth.api.signInEmail({ body: input.data, headers: await headers() });
  } catch (error) {
    return fromApiError(error, values);
  }
  redirect(safeNextPath(formData.get("next")?.toString()));
}

export async function signUpAction(_: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const values = { name: String(formData.get("name") ?? ""), email: String(formData.get("email") ?? "") };
  const input = signUpInput.safeParse(Object.fromEntries(formData));
  if (!input.success) return { fieldErrors: z.flattenError(input.error).fieldErrors, values };
  const requestHeaders = await headers();
  // An invite link's secret travels in the body as `invite`: the sign-up policy (lib/auth/guard.ts) reads it there.
  const sent = formData.get("invite")?.toString() ?? "";
  const invite = INVITE_SECRET.test(sent) ? sent : null;
  const body = invite ? { ...input.data, invite } : input.data;
  try {
    // Answers alike for a new and a taken email (autoSignIn is off), so it confirms no account.
    await auth.api.signUpEmail({ body, headers: requestHeaders });
  } catch (error) {
    return fromApiError(error, values);
  }
  try {
    await auth.api.signInEmail({ body: { email: input.data.email, password: input.data.password }, headers: requestHeaders });
  } catch (error) {
    // The email was taken and this is not its password. Said without confirming either: the same
    // words would fit any refusal, and guesses here count against the sign-in limits.
    if (error instanceof APIError && error.body?.code === "INVALID_EMAIL_OR_PASSWORD") return { message: SIGN_UP_REFUSED, values };
    return fromApiError(error, values);
  }
  // After a sign-up through an invite link the new account lands on the link's page to join.
  redirect(invite ? `/join/${invite}` : safeNextPath(formData.get("next")?.toString()));
}

/** Off to the OpenID provider; it comes back to /api/auth/callback/oidc, then to `next` (or /sign-in with an error). */
export async function ssoSignInAction(formData: FormData): Promise<void> {
  const next = safeNextPath(formData.get("next")?.toString());
  let url: string | undefined;
  try {
    ({ url } = await auth.api.signInSocial({ body: { provider: SSO_PROVIDER_ID, callbackURL: next, errorCallbackURL: "/sign-in" }, headers: await headers() }));
  } catch (error) {
    // The provider was unreachable when the server started (discovery), or refused the request.
    if (!(error instanceof APIError)) throw error;
  }
  redirect(url ?? "/sign-in?error=sso_unavailable");
}

export async function signOutAction(): Promise<void> {
  await auth.api.signOut({ headers: await headers() });
  redirect("/sign-in");
}
