import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { AuthNotice, OrDivider, SsoButton } from "@/components/auth/sso-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { signUpAction, ssoSignInAction } from "@/lib/actions/auth";
import { safeNextPath } from "@/lib/auth/rules";
import { awaitingFirstAccount } from "@/lib/auth/signup-gate";
import { signUpNotice } from "@/lib/auth/signup-policy";
import { ssoOption } from "@/lib/auth/sso";
import { getViewer } from "@/lib/data/session";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Create an account" };

type Params = { next?: string | string[]; invite?: string | string[] };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<Params> }) {
  const params = await searchParams;
  // A repeated ?next= arrives as an array: take the first, like a browser form would.
  const next = [params.next].flat()[0];
  if (await getViewer()) redirect(safeNextPath(next));
  const safeNext = next ? safeNextPath(next) : undefined;
  const sso = ssoOption();
  const env = getEnv();
  // The policy is said up front (the same rule refuses the request, lib/auth/guard.ts). A fresh
  // instance takes its first account whatever the policy: it administers the instance.
  const first = env.SIGNUP_POLICY !== "open" && (await awaitingFirstAccount());
  const invited = Boolean([params.invite].flat()[0]);
  const notice = first || invited ? null : signUpNotice(env.SIGNUP_POLICY, env.SIGNUP_ALLOWED_DOMAINS, sso);
  // Under invite-only, a visitor without an invite could only fill the form in vain.
  const passwordForm = !sso?.only && (env.SIGNUP_POLICY !== "invite-only" || first || invited);
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle>Create your account</CardTitle>
        <CardDescription>Keep, review and try your team&apos;s skills.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {first ? <AuthNotice tone="info">This instance has no accounts yet: the first one administers it.</AuthNotice> : null}
        {notice ? <AuthNotice tone="info">{notice}</AuthNotice> : null}
        {sso?.only ? (
          <p className="text-sm text-muted-foreground">Accounts on this instance come from {sso.name}: sign in with it, and yours is made.</p>
        ) : null}
        {sso ? <SsoButton name={sso.name} action={ssoSignInAction} next={safeNext} primary={sso.only} /> : null}
        {sso && passwordForm ? <OrDivider /> : null}
        {passwordForm ? <AuthForm mode="sign-up" action={signUpAction} next={safeNext} /> : null}
        {!passwordForm && !sso?.only ? (
          <p className="text-center text-sm text-muted-foreground">
            Already have an account?{" "}
            <Link
              href={safeNext ? `/sign-in?next=${encodeURIComponent(safeNext)}` : "/sign-in"}
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
