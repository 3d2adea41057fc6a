import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { signInAction } from "@/lib/actions/auth";
import { safeNextPath } from "@/lib/auth/rules";
import { getViewer } from "@/lib/data/session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  // A repeated ?next= arrives as an array: take the first, like a browser form would.
  const next = [(await searchParams).next].flat()[0];
  if (await getViewer()) redirect(safeNextPath(next));
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle>Sign in to Skillshelf</CardTitle>
        <CardDescription>Your team&apos;s Agent Skills, in one place.</CardDescription>
      </CardHeader>
      <CardContent>
        <AuthForm mode="sign-in" action={signInAction} next={next ? safeNextPath(next) : undefined} />
      </CardContent>
    </Card>
  );
}
