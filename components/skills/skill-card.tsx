import Link from "next/link";
import { FileIcon, FileTextIcon } from "lucide-react";
import { hasMatch } from "@/lib/skills/list/search";
import type { SkillSearchMatch, SkillSummary } from "@/lib/types/skills";
import { formatRelative } from "@/lib/display";
import { HighlightedText } from "./highlighted-text";
import { LazySkillRowMenu } from "./lazy-actions";
import { ScopeBadge } from "./scope-badge";
import { SecurityBadges } from "./security-badge";
import { ShadowedMarker, StarCount, TokenCounts, WarningCount } from "./skill-markers";
import { TagLinks } from "./skill-meta-bar";
import { Sparkline } from "@/components/usage/usage-chart";

export function SkillCard({ skill }: { skill: SkillSummary & { match?: SkillSearchMatch | null; loads30?: number[] } }) {
  const { match } = skill;
  // The body excerpt explains a result only when nothing visible above it matched.
  const bodyOnly = match?.body && !hasMatch(match.name) && !hasMatch(match.description) ? match.body : null;
  return (
    <li className="group relative flex flex-col gap-2.5 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:border-primary/40 hover:bg-accent/30">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-mono text-[15px] font-semibold tracking-tight">
          <Link
            href={`/skills/${skill.id}`}
            className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-3 focus-visible:after:ring-ring/50"
          >
            {/* Names wrap (at hyphens, or anywhere in a long unbroken word): a cut name reads as another skill. */}
            <span className="block [overflow-wrap:anywhere]">
              <HighlightedText segments={match?.name} text={skill.name} />
            </span>
          </Link>
        </h2>
        <div className="flex shrink-0 items-center gap-1">
          <ScopeBadge scope={skill.scope} team={skill.team?.name} />
          {/* Above the card-wide link overlay, so the menu gets its own clicks. */}
          <div className="relative z-10 -my-1 -mr-2">
            <LazySkillRowMenu skill={{ id: skill.id, name: skill.name }} />
          </div>
        </div>
      </div>
      <p className="line-clamp-2 text-sm text-muted-foreground">
        <HighlightedText segments={match?.description} text={skill.description} focus />
      </p>
      {bodyOnly ? (
        <div className="rounded-md bg-muted/60 px-2 py-1.5">
          <p className="line-clamp-2 text-xs text-muted-foreground">
            <FileTextIcon className="mr-1 inline size-3 -translate-y-px" aria-hidden />
            <span className="sr-only">In SKILL.md: </span>
            <HighlightedText segments={bodyOnly} text="" />
          </p>
        </div>
      ) : null}
      {skill.tags.length ? (
        // Above the card-wide link overlay, so each tag is its own link (to the list filtered by it).
        <div className="relative z-10 flex flex-wrap gap-1" aria-label="Tags">
          <TagLinks tags={skill.tags.slice(0, 4)} />
          {skill.tags.length > 4 ? <span className="self-center text-xs text-muted-foreground">+{skill.tags.length - 4}</span> : null}
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-1 text-xs text-muted-foreground">
        <div className="flex min-w-0 items-center gap-x-2.5">
          <span className="font-medium text-foreground/80">v{skill.version}</span>
          <span className="truncate">{skill.author ? skill.author.name : "Skillshelf"}</span>
          <span className="shrink-0" title={skill.updatedAt.toISOString()}>
            {formatRelative(skill.updatedAt)}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
          {skill.loads30?.some(Boolean) ? <LoadsSparkline values={skill.loads30} /> : null}
          <StarCount count={skill.starCount} />
          <TokenCounts skill={skill} />
          <span className="inline-flex items-center gap-1">
            <FileIcon className="size-3" aria-hidden />
            {skill.fileCount} {skill.fileCount === 1 ? "file" : "files"}
          </span>
          <WarningCount count={skill.warningCount} />
          <ShadowedMarker shadowedBy={skill.shadowedBy} />
          <SecurityBadges skill={skill} />
        </div>
      </div>
    </li>
  );
}

/** Loads over 30 days: the line for the eye, the total in words. */
function LoadsSparkline({ values }: { values: number[] }) {
  const total = values.reduce((n, v) => n + v, 0);
  return (
    <span className="inline-flex items-center gap-1" title="Loads and installs, last 30 days">
      <Sparkline values={values} className="h-3.5 w-12" />
      {total} {total === 1 ? "load" : "loads"}
    </span>
  );
}
