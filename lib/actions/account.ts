"use server";
import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { APIError } from "better-auth/api";
import { auth } from "@/lib/auth/server";
import { changePasswordInput, renameSelfInput, revokeSessionInput } from "@/lib/auth/account-inputs";
import { currentSessionId, renameSelf, revokeOtherOwnSessions, revokeOwnSession } from "@/lib/data/accounts";
import { action, failure, formAction, success } from "./action";

// The account page: one's name, password and sessions.

export const renameSelfAction = formAction(renameSelfInput, async ({ name }, viewer) => {
  const saved = await renameSelf(viewer, name);
  revalidatePath("/", "layout");
  return success({ name: saved }, "Name saved.");
});

/**
 * better-auth checks the current password (through our limiter and password policy, guard.ts),
 * sets the new one and ends every other session (guard.ts forces revokeOtherSessions), then gives
 * this browser a fresh session cookie.
 */
export const changePasswordAction = formAction(changePasswordInput, async ({ currentPassword, newPassword }) => {
  try {
    await auth.api.changePassword({ body: { currentPassword, newPassword, revokeOtherSessions: true }, headers: await headers() });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const code = String(error.body?.code ?? "");
    if (code === "INVALID_PASSWORD")
      return failure("That is not your current password.", { fieldErrors: { currentPassword: ["That is not your current password."] } });
    if (code === "PASSWORD_TOO_WEAK") return failure(String(error.body?.message), { fieldErrors: { newPassword: [String(error.body?.message)] } });
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return failure("This account has no password: you sign in through single sign-on.");
    return failure(String(error.body?.message ?? "The password could not be changed. Try again."));
  }
  revalidatePath("/account");
  return success(null, "Password changed. Every other session is signed out.");
});

export const revokeSessionAction = formAction(revokeSessionInput, async ({ sessionId }, viewer) => {
  const device = await revokeOwnSession(viewer, sessionId, await currentSessionId());
  revalidatePath("/account");
  return success(null, `Signed out the session on ${device}.`);
});

export const revokeOtherSessionsAction = action(z.object({}), async (_input, viewer) => {
  const count = await revokeOtherOwnSessions(viewer, await currentSessionId());
  revalidatePath("/account");
  return success(null, count === 1 ? "Signed out 1 other session." : `Signed out ${count} other sessions.`);
});
