import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { AuthNotice, OrDivider, SsoButton } from "@/components/auth/sso-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { signInAction, ssoSignInAction } from "@/lib/actions/auth";
import { safeNextPath } from "@/lib/auth/rules";
import { ssoOption } from "@/lib/auth/sso";
import { ssoErrorMessage } from "@/lib/auth/sso-messages";
import { getViewer } from "@/lib/data/core";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Sign in" };

const domainsInForce = () => (getEnv().SIGNUP_POLICY === "domains" ? getEnv().SIGNUP_ALLOWED_DOMAINS : []);

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[]; error?: string | string[] }> }) {
  const params = await searchParams;
  // A repeated ?next= arrives as an array: take the first, like a browser form would.
  const next = [params.next].flat()[0];
  if (await getViewer()) redirect(safeNextPath(next));
  const sso = ssoOption();
  // Single sign-on comes back here with ?error=<code> when it did not complete.
  const error = [params.error].flat()[0];
  const safeNext = next ? safeNextPath(next) : undefined;
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle>Sign in to Skillshelf</CardTitle>
        <CardDescription>Your team&apos;s Agent Skills, in one place.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {error ? <AuthNotice tone="error">{ssoErrorMessage(error, sso?.name ?? "SSO", domainsInForce())}</AuthNotice> : null}
        {sso ? <SsoButton name={sso.name} action={ssoSignInAction} next={safeNext} primary={sso.only} /> : null}
        {sso && !sso.only ? <OrDivider /> : null}
        {sso?.only ? null : <AuthForm mode="sign-in" action={signInAction} next={safeNext} />}
      </CardContent>
    </Card>
  );
}
