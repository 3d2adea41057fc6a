import "server-only";
import { APIError } from "better-auth/api";
import { db } from "@/lib/db/server";

/** What a disabled account is told on every sign-in path (password, single sign-on) and data call. */
export const ACCOUNT_DISABLED_MESSAGE = "This account is disabled. Ask an instance admin to re-enable it.";
export const ACCOUNT_DISABLED_CODE = "ACCOUNT_DISABLED";

/**
 * better-auth's session.create.before hook: every way of signing in ends in creating a session,
 * so refusing here covers password sign-in, sign-up's sign-in and any OAuth/OIDC callback alike.
 * Only reached after the password was checked, so it tells nobody without it that the account exists.
 */
export async function refuseDisabledSession(session: { userId: string }): Promise<void> {
  const user = await db.user.findUnique({ where: { id: session.userId }, select: { disabledAt: true } });
  if (user?.disabledAt) throw new APIError("FORBIDDEN", { code: ACCOUNT_DISABLED_CODE, message: ACCOUNT_DISABLED_MESSAGE });
}
