import Link from "next/link";
import { TagIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { TeamTags } from "@/lib/types/skill-meta";
import { AddTeamTagForm, RemoveTeamTagButton } from "./team-tag-forms";

/** The team's tag list: every member sees it (and how many skills carry each tag); owners and admins change it. */
export function TeamTagsCard({ teamId, tags }: { teamId: string; tags: TeamTags }) {
  return (
    <Card id="tags">
      <CardHeader>
        <CardTitle>Tags</CardTitle>
        <CardDescription>
          The labels members choose from when they tag the team&apos;s skills; the skill list filters and counts by them. A new skill starts with the listed
          tags its SKILL.md names in <code className="font-mono text-xs">metadata.tags</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {tags.tags.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="The team's tags">
            {tags.tags.map((tag) => (
              <li key={tag.name} className="inline-flex items-center gap-1.5 rounded-full border bg-muted/50 py-0.5 pr-2 pl-2.5 text-sm">
                <TagIcon aria-hidden className="size-3.5 text-muted-foreground" />
                <Link
                  href={`/skills?tag=${encodeURIComponent(tag.name)}`}
                  className="rounded-sm font-medium outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
                >
                  {tag.name}
                </Link>
                <span className="text-xs text-muted-foreground tabular-nums" title={`${tag.skillCount} of the team's skills`}>
                  {tag.skillCount}
                </span>
                {tags.canManage ? <RemoveTeamTagButton teamId={teamId} name={tag.name} /> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No tags yet.{tags.canManage ? " Add the first below." : " The team's owners and admins add them."}</p>
        )}
        {tags.canManage ? <AddTeamTagForm teamId={teamId} /> : null}
      </CardContent>
    </Card>
  );
}
