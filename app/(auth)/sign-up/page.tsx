import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { AuthNotice, OrDivider, SsoButton } from "@/components/auth/sso-button";
import { ROLE_LABEL } from "@/components/teams/team-roles";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { signUpAction, ssoSignInAction } from "@/lib/actions/auth";
import { safeNextPath } from "@/lib/auth/rules";
import { awaitingFirstAccount } from "@/lib/auth/signup-gate";
import { signUpNotice } from "@/lib/auth/signup-policy";
import { ssoOption } from "@/lib/auth/sso";
import { inspectInvitation } from "@/lib/data/teams";
import { getViewer } from "@/lib/data/core";
import { getEnv } from "@/lib/env";

const JOIN_PATH = /^\/join\/([0-9A-Za-z_-]{20,100})$/;

export const metadata: Metadata = { title: "Create an account", referrer: "no-referrer" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ next?: string | string[]; invite?: string | string[] }> }) {
  const query = await searchParams;
  // A repeated ?next= arrives as an array: take the first, like a browser form would.
  const next = [query.next].flat()[0];
  // From the join page directly (?invite=), or by way of sign-in's "Create an account" (?next=/join/<secret>).
  const invite = [query.invite].flat()[0] ?? JOIN_PATH.exec(next ?? "")?.[1];
  // Through an invite link: the new account comes back to the link's page to join.
  const joinPath = invite ? `/join/${encodeURIComponent(invite)}` : null;
  if (await getViewer()) redirect(joinPath ?? safeNextPath(next));
  const view = invite ? await inspectInvitation(invite) : null;
  const joining = view?.status === "valid" ? view.invitation : undefined;
  const then = joinPath ?? (next ? safeNextPath(next) : undefined);

  const sso = ssoOption();
  const env = getEnv();
  // The policy is said up front (the same rule refuses the request, lib/auth/guard.ts). A fresh
  // instance takes its first account whatever the policy: it administers the instance.
  const first = env.SIGNUP_POLICY !== "open" && (await awaitingFirstAccount());
  const notice = first || joining ? null : signUpNotice(env.SIGNUP_POLICY, env.SIGNUP_ALLOWED_DOMAINS, sso);
  // Under invite-only, a visitor without a valid invite could only fill the form in vain.
  const passwordForm = !sso?.only && (env.SIGNUP_POLICY !== "invite-only" || first || Boolean(joining));
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle>Create your account</CardTitle>
        <CardDescription>Keep, review and try your team&apos;s skills.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {joining ? (
          <p role="status" className="rounded-md border border-primary/30 bg-accent px-3 py-2 text-sm">
            You&apos;re joining <span className="font-medium">{joining.teamName}</span> as {ROLE_LABEL[joining.role].toLowerCase()}.
          </p>
        ) : view ? (
          <p role="status" className="rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200">
            This invite link no longer works ({view.status}); you can still create an account if this instance allows it.
          </p>
        ) : null}
        {first ? <AuthNotice tone="info">This instance has no accounts yet: the first one administers it.</AuthNotice> : null}
        {notice ? <AuthNotice tone="info">{notice}</AuthNotice> : null}
        {sso?.only ? (
          <p className="text-sm text-muted-foreground">Accounts on this instance come from {sso.name}: sign in with it, and yours is made.</p>
        ) : null}
        {sso ? <SsoButton name={sso.name} action={ssoSignInAction} next={then} primary={sso.only} /> : null}
        {sso && passwordForm ? <OrDivider /> : null}
        {passwordForm ? <AuthForm mode="sign-up" action={signUpAction} next={then} invite={joining ? invite : undefined} /> : null}
        {!passwordForm && !sso?.only ? (
          <p className="text-center text-sm text-muted-foreground">
            Already have an account?{" "}
            <Link
              href={then ? `/sign-in?next=${encodeURIComponent(then)}` : "/sign-in"}
              className="font-medium text-foreground underline-offset-4 hover:underline"
            >
              Sign in
            </Link>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
