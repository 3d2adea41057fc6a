import type { Metadata } from "next";
import Link from "next/link";
import { CircleAlertIcon, UsersIcon } from "lucide-react";
import { JoinTeamButton } from "@/components/teams/join-team-button";
import { ROLE_HINT, ROLE_LABEL } from "@/components/teams/team-roles";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { INVITE_MESSAGES, inspectInvitation } from "@/lib/data/teams";
import { getViewer } from "@/lib/data/core";
import { getTeam } from "@/lib/data/teams";

export const metadata: Metadata = { title: "Join a team", referrer: "no-referrer" };

const CLOSED = {
  unknown: { title: "This invite link doesn't work", message: INVITE_MESSAGES.unknown },
  expired: { title: "This invite link has expired", message: INVITE_MESSAGES.expired },
  revoked: { title: "This invite link was revoked", message: INVITE_MESSAGES.revoked },
  used: { title: "This invite link was already used", message: INVITE_MESSAGES.used },
} as const;

// Reachable signed out: the link's secret is the permission to see the team's name and the role.
export default async function JoinPage({ params }: { params: Promise<{ secret: string }> }) {
  const { secret } = await params;
  const [view, viewer] = await Promise.all([inspectInvitation(secret), getViewer()]);
  const invitation = view.invitation;

  if (view.status !== "valid" || !invitation) {
    const closed = CLOSED[view.status === "valid" ? "unknown" : view.status];
    return (
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CircleAlertIcon aria-hidden className="size-5 text-destructive" /> {closed.title}
          </CardTitle>
          {/* An unknown link names no team; a closed one names the team it was for. */}
          <CardDescription>
            {invitation && view.status !== "unknown" ? `It was an invite to ${invitation.teamName}. ${closed.message}` : closed.message}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" className="w-full">
            <Link href={viewer ? "/teams" : "/sign-in"}>{viewer ? "Go to your teams" : "Sign in"}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const member = viewer ? await getTeam(viewer, invitation.teamId) : null;
  const wrongEmail = viewer && invitation.email && invitation.email.toLowerCase() !== viewer.email.toLowerCase();
  const joinPath = `/join/${secret}`;
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <span className="mb-2 flex size-11 items-center justify-center rounded-full bg-accent text-primary">
          <UsersIcon aria-hidden className="size-5" />
        </span>
        <CardDescription>You&apos;re invited to join</CardDescription>
        <CardTitle className="text-xl break-words">{invitation.teamName}</CardTitle>
        {invitation.teamDescription ? <p className="text-sm whitespace-pre-line">{invitation.teamDescription}</p> : null}
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
          <p>
            Role: <span className="font-medium">{ROLE_LABEL[invitation.role]}</span>. {ROLE_HINT[invitation.role]}
          </p>
          {invitation.email ? <p className="mt-1 text-muted-foreground">This link is for {invitation.email}.</p> : null}
        </div>
        {member ? (
          <>
            <p className="text-sm">
              You&apos;re already in {invitation.teamName}, as {ROLE_LABEL[member.role].toLowerCase()}. Nothing to do.
            </p>
            <Button asChild size="lg" className="w-full">
              <Link href={`/teams/${invitation.teamId}`}>Open {invitation.teamName}</Link>
            </Button>
          </>
        ) : wrongEmail ? (
          <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            You&apos;re signed in as {viewer.email}. {INVITE_MESSAGES.wrongEmail}
          </p>
        ) : viewer ? (
          <>
            <p className="text-sm text-muted-foreground">Signed in as {viewer.email}.</p>
            <JoinTeamButton secret={secret} teamName={invitation.teamName} />
          </>
        ) : (
          <div className="grid gap-3">
            <Button asChild size="lg" className="w-full">
              <Link href={`/sign-up?invite=${encodeURIComponent(secret)}`}>Create an account</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full">
              <Link href={`/sign-in?next=${encodeURIComponent(joinPath)}`}>Sign in</Link>
            </Button>
            <p className="text-center text-xs text-muted-foreground">Already have an account? Sign in, then you come back here to join.</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
