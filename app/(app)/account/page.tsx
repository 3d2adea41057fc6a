import type { Metadata } from "next";
import { LogOutIcon } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { signOutAction } from "@/lib/actions/auth";
import { AccessTokens } from "@/components/account/access-tokens";
import { ConnectMcp } from "@/components/account/connect-mcp";
import { listProfiles } from "@/lib/data/profiles";
import { requireViewer } from "@/lib/data/core";
import { listTokens } from "@/lib/data/accounts";
import { SecurityReview } from "@/components/account/security-review";
import { countStaleVersions, listVersionsAwaitingReview } from "@/lib/data/vetting";
import { RULESET_VERSION } from "@/lib/skills/scan";
import { ScanReports } from "@/components/account/scan-reports";
import { listOpenScanReports } from "@/lib/data/vetting";
import { currentSessionId, listOwnSessions, signInMethods } from "@/lib/data/accounts";
import { ssoOption } from "@/lib/auth/sso";
import { ProfileNameForm } from "@/components/account/profile-name-form";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { Sessions } from "@/components/account/sessions";
import { DeliveryLinks } from "@/components/account/delivery-links";
import { listFeeds } from "@/lib/data/distribution";
import { listMyTeams } from "@/lib/data/teams";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  const viewer = await requireViewer();
  const admin = viewer.role === "ADMIN";
  const sso = ssoOption();
  const [tokens, awaiting, stale, reports, methods, sessions] = await Promise.all([
    listTokens(viewer),
    listVersionsAwaitingReview(viewer),
    admin ? countStaleVersions() : Promise.resolve(0),
    admin ? listOpenScanReports(viewer) : Promise.resolve(null),
    signInMethods(viewer),
    currentSessionId().then((current) => listOwnSessions(viewer, current)),
  ]);
  const [profiles, feeds, teams] = await Promise.all([listProfiles(viewer), listFeeds(viewer), listMyTeams(viewer)]);
  // What a new delivery link may deliver: the same choices lib/skills/permissions/feeds.ts allows.
  const feedTargets = [
    { value: "", label: "Everything your agents get" },
    ...profiles.map((p) => ({ value: `profile:${p.id}`, label: `Agent profile: ${p.name}` })),
    ...teams.filter((t) => t.role === "OWNER" || t.role === "ADMIN").map((t) => ({ value: `team:${t.id}`, label: `Team: ${t.name}` })),
  ];
  // No password to change: an account made through single sign-on, or passwords off (SSO_ONLY).
  const passwordless = !methods.password || sso?.only;
  return (
    <div className="grid gap-6">
      <PageHeader title="Your account" />
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>How your teammates see you on Skillshelf.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <ProfileNameForm name={viewer.name} />
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="font-medium break-all">{viewer.email}</dd>
            <dt className="text-muted-foreground">Instance role</dt>
            <dd>
              <Badge variant={viewer.role === "ADMIN" ? "default" : "secondary"}>{viewer.role === "ADMIN" ? "Admin" : "Member"}</Badge>
            </dd>
          </dl>
        </CardContent>
        <CardFooter className="justify-end">
          <form action={signOutAction}>
            <Button type="submit" variant="outline">
              <LogOutIcon /> Sign out
            </Button>
          </form>
        </CardFooter>
      </Card>
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>
            {passwordless
              ? `You sign in with ${sso?.name ?? "single sign-on"}, so there is no password to change here.`
              : methods.providers.length && sso
                ? `You can also sign in with ${sso.name}.`
                : "Changing it signs you out everywhere else."}
          </CardDescription>
        </CardHeader>
        {passwordless ? null : (
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        )}
      </Card>
      <Sessions sessions={sessions} />
      <AccessTokens tokens={tokens} />
      <DeliveryLinks feeds={feeds} targets={feedTargets} />
      {/* The skill list's first-run panel links here ("Connect an agent"). */}
      <div id="connect-agent" className="scroll-mt-20">
        <ConnectMcp profiles={profiles.map(({ id, name }) => ({ id, name }))} />
      </div>
      <SecurityReview awaiting={awaiting} admin={admin ? { ruleset: RULESET_VERSION, stale } : null} />
      {reports ? <ScanReports reports={reports} /> : null}
    </div>
  );
}
