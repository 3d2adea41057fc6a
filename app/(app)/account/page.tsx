import type { Metadata } from "next";
import { LogOutIcon } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { signOutAction } from "@/lib/actions/auth";
import { AccessTokens } from "@/components/account/access-tokens";
import { requireViewer } from "@/lib/data/session";
import { listTokens } from "@/lib/data/tokens";
import { SecurityReview } from "@/components/account/security-review";
import { countStaleVersions, listVersionsAwaitingReview } from "@/lib/data/review";
import { RULESET_VERSION } from "@/lib/skills/scan";
import { ScanReports } from "@/components/account/scan-reports";
import { listOpenScanReports } from "@/lib/data/scan-reports";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  const viewer = await requireViewer();
  const admin = viewer.role === "ADMIN";
  const [tokens, awaiting, stale, reports] = await Promise.all([
    listTokens(viewer),
    listVersionsAwaitingReview(viewer),
    admin ? countStaleVersions() : Promise.resolve(0),
    admin ? listOpenScanReports(viewer) : Promise.resolve(null),
  ]);
  return (
    <div className="grid gap-6">
      <PageHeader title="Your account" />
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>How your teammates see you on Skillshelf.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-medium">{viewer.name}</dd>
            <dt className="text-muted-foreground">Email</dt>
            <dd className="font-medium">{viewer.email}</dd>
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
      <AccessTokens tokens={tokens} />
      <SecurityReview awaiting={awaiting} admin={admin ? { ruleset: RULESET_VERSION, stale } : null} />
      {reports ? <ScanReports reports={reports} /> : null}
    </div>
  );
}
