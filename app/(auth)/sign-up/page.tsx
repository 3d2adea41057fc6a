import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { ROLE_LABEL } from "@/components/teams/team-form-bits";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { signUpAction } from "@/lib/actions/auth";
import { safeNextPath } from "@/lib/auth/rules";
import { inspectInvitation } from "@/lib/data/invitations";
import { getViewer } from "@/lib/data/session";

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
        <AuthForm mode="sign-up" action={signUpAction} next={joinPath ?? (next ? safeNextPath(next) : undefined)} invite={joining ? invite : undefined} />
      </CardContent>
    </Card>
  );
}
