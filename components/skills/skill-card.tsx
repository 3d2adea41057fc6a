"use client";
import Link from "next/link";
import { FileIcon, FileTextIcon } from "lucide-react";
import { Sparkline } from "@/components/usage/sparkline";
import { HighlightedText } from "./highlighted-text";
import { LazySkillRowMenu } from "./lazy-actions";
import { ScopeBadge } from "./scope-badge";
import { SecurityBadges } from "./security-badge";
import type { SkillCardView } from "./skill-card-view";
import { ShadowedMarker, StarCount, TokenCounts, WarningCount } from "./skill-markers";
import { TagLinks } from "./tag-links";

/**
 * The list's cards. A client component given only what the cards show (see SkillCardView): the
 * server sends that data once instead of rendering every card's tree into the page's payload and
 * decoding it again for the HTML, which was the larger part of the list's cost per view.
 */
export function SkillCards({ cards }: { cards: SkillCardView[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Skills">
      {cards.map((card) => (
        <SkillCard key={card.id} card={card} />
      ))}
    </ul>
  );
}

function SkillCard({ card }: { card: SkillCardView }) {
  return (
    <li className="group relative flex flex-col gap-2.5 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:border-primary/40 hover:bg-accent/30">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-mono text-[15px] font-semibold tracking-tight">
          <Link
            href={`/skills/${card.id}`}
            className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-3 focus-visible:after:ring-ring/50"
          >
            {/* Names wrap (at hyphens, or anywhere in a long unbroken word): a cut name reads as another skill. */}
            <span className="block [overflow-wrap:anywhere]">
              <HighlightedText segments={card.nameMatch} text={card.name} />
            </span>
          </Link>
        </h2>
        <div className="flex shrink-0 items-center gap-1">
          <ScopeBadge scope={card.scope} team={card.teamName} />
          {/* Above the card-wide link overlay, so the menu gets its own clicks. */}
          <div className="relative z-10 -my-1 -mr-2">
            <LazySkillRowMenu skill={{ id: card.id, name: card.name }} />
          </div>
        </div>
      </div>
      <p className="line-clamp-2 text-sm text-muted-foreground">
        <HighlightedText segments={card.descriptionMatch} text={card.description} />
      </p>
      {card.bodyMatch ? (
        <div className="rounded-md bg-muted/60 px-2 py-1.5">
          <p className="line-clamp-2 text-xs text-muted-foreground">
            <FileTextIcon className="mr-1 inline size-3 -translate-y-px" aria-hidden />
            <span className="sr-only">In SKILL.md: </span>
            <HighlightedText segments={card.bodyMatch} text="" />
          </p>
        </div>
      ) : null}
      {card.tags.length ? (
        // Above the card-wide link overlay, so each tag is its own link (to the list filtered by it).
        <div className="relative z-10 flex flex-wrap gap-1" aria-label="Tags">
          <TagLinks tags={card.tags} />
          {card.moreTags ? <span className="self-center text-xs text-muted-foreground">+{card.moreTags}</span> : null}
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-1 text-xs text-muted-foreground">
        <div className="flex min-w-0 items-center gap-x-2.5">
          <span className="font-medium text-foreground/80">v{card.version}</span>
          <span className="truncate">{card.authorName}</span>
          <span className="shrink-0" title={card.updatedAt}>
            {card.updatedLabel}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
          {card.loads30 ? <LoadsSparkline values={card.loads30} /> : null}
          <StarCount count={card.starCount} />
          <TokenCounts skill={card} />
          <span className="inline-flex items-center gap-1">
            <FileIcon className="size-3" aria-hidden />
            {card.fileCount} {card.fileCount === 1 ? "file" : "files"}
          </span>
          <WarningCount count={card.warningCount} />
          <ShadowedMarker shadowedBy={card.shadowedBy} />
          <SecurityBadges skill={card} />
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
