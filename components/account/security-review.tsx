import Link from "next/link";
import { ShieldCheckIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SeverityBadge } from "@/components/ui/severity-badge";
import { formatRelative } from "@/lib/display";
import type { AwaitingReview } from "@/lib/types/skills";
import { RescanButtons } from "./rescan-button";
import { placeLabel } from "@/lib/labels";

function where(item: AwaitingReview): string {
  return placeLabel(item.scope, item.team?.name);
}

/**
 * The account page's security section: versions waiting for a review this viewer may give, and
 * for instance admins the rescan controls with the current rule set.
 */
export function SecurityReview({ awaiting, admin }: { awaiting: AwaitingReview[]; admin: { ruleset: string; stale: number } | null }) {
  return (
    <section aria-labelledby="security-review-title" className="max-w-3xl">
      <Card>
        <CardHeader>
          <CardTitle id="security-review-title">Security review</CardTitle>
          <CardDescription>Skill versions whose security scan found something a reviewer must look at, among the skills you answer for.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {awaiting.length ? (
            <ul className="divide-y rounded-lg border" aria-label="Awaiting your review">
              {awaiting.map((item) => (
                <li key={`${item.skillId}:${item.version}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                  <Link
                    href={`/skills/${encodeURIComponent(item.skillId)}${item.current ? "" : `/v/${item.version}`}?tab=security`}
                    className="font-mono font-semibold text-primary underline-offset-4 hover:underline"
                  >
                    {item.skillName}
                  </Link>
                  <span className="text-muted-foreground">
                    v{item.version}
                    {item.current ? "" : " (not current)"} · {where(item)}
                  </span>
                  {item.highest ? <SeverityBadge severity={item.highest} /> : null}
                  <span className="ml-auto text-xs text-muted-foreground">
                    {item.author?.name ?? "Skillshelf"},{" "}
                    <time dateTime={item.createdAt.toISOString()} suppressHydrationWarning>
                      {formatRelative(item.createdAt)}
                    </time>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <ShieldCheckIcon aria-hidden className="size-4" /> Nothing is waiting for your review.
            </p>
          )}
          {admin ? (
            <div className="grid gap-2 border-t pt-4">
              <p className="text-sm">
                <span className="font-medium">Rescan stored skills</span>{" "}
                <span className="text-muted-foreground">
                  with rule set <code className="font-mono text-xs">{admin.ruleset}</code>.{" "}
                  {admin.stale
                    ? `${admin.stale} ${admin.stale === 1 ? "version was" : "versions were"} scanned with older rules or never.`
                    : "Every version was scanned with these rules."}
                </span>
              </p>
              <RescanButtons stale={admin.stale} />
            </div>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
