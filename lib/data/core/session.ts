import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/lib/auth/server";
import { sessionUserFromCookie } from "@/lib/auth/session-cookie";
import { rememberVerified } from "@/lib/auth/verified-credentials.mjs";
import { rememberSessionUser } from "./actor";

export type Viewer = {
  id: string;
  name: string;
  email: string;
  role: "ADMIN" | "USER";
  /** The access token the request came with (usage attribution); absent for a browser session. */
  tokenId?: string;
};

/** The user a request's session cookie signs in, or null (route handlers pass their Request's headers). */
export async function viewerFromHeaders(requestHeaders: Headers): Promise<Viewer | null> {
  // The common case (a current session, nothing to write) without better-auth's endpoint pipeline;
  // better-auth decides every other case.
  const quick = await sessionUserFromCookie(requestHeaders);
  const user = quick === undefined ? ((await auth.api.getSession({ headers: requestHeaders }))?.user ?? null) : quick;
  // Disabling an account deletes its sessions; a row that survived (written while it was being
  // disabled) still signs nobody in.
  if (!user || user.disabledAt) return null;
  // The production server's admission lets a session it has seen work wait as a client of its own.
  rememberVerified({ cookie: requestHeaders.get("cookie") });
  const { id, name, email, role } = user;
  rememberSessionUser({ id, role: role === "ADMIN" ? "ADMIN" : "USER", disabledAt: null });
  return { id, name, email, role: role === "ADMIN" ? "ADMIN" : "USER" };
}

/** The signed-in user of this request, or null; one session lookup per request. */
export const getViewer = cache(async (): Promise<Viewer | null> => viewerFromHeaders(await headers()));

/** The signed-in user, or a redirect to sign-in. The proxy's redirect is only optimistic. */
export async function requireViewer(): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect("/sign-in");
  return viewer;
}
