import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { signUpAction } from "@/lib/actions/auth";
import { safeNextPath } from "@/lib/auth/rules";
import { getViewer } from "@/lib/data/session";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  // A repeated ?next= arrives as an array: take the first, like a browser form would.
  const next = [(await searchParams).next].flat()[0];
  if (await getViewer()) redirect(safeNextPath(next));
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle>Create your account</CardTitle>
        <CardDescription>Keep, review and try your team&apos;s skills.</CardDescription>
      </CardHeader>
      <CardContent>
        <AuthForm mode="sign-up" action={signUpAction} next={next ? safeNextPath(next) : undefined} />
      </CardContent>
    </Card>
  );
}
