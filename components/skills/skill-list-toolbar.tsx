"use client";
import Link from "next/link";
import { ArchiveIcon, FileWarningIcon, LayoutGridIcon, MoonIcon, Rows3Icon, StarIcon, TagIcon, UserRoundIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { SkillListParams, SkillListSort } from "@/lib/skills/list/inputs";
import { effectiveSort, skillListHref } from "@/lib/skills/list/url";
import type { TagFacet } from "@/lib/types/skill-meta";
import type { SkillAuthor } from "@/lib/types/skills";
import { chip, chipActive, chipIdle, FilterMenu } from "./filter-menu";
import { cn } from "@/lib/utils";

const sorts: { sort: SkillListSort; label: string; title: string }[] = [
  { sort: "relevance", label: "Best match", title: "Name matches first, then description, then SKILL.md body" },
  { sort: "updated", label: "Recent", title: "Most recently updated first" },
  { sort: "name", label: "Name", title: "A to Z" },
  { sort: "tokens", label: "Tokens", title: "Largest SKILL.md body (level 2 tokens) first" },
  { sort: "size", label: "Size", title: "Largest bundle (all files, bytes) first" },
  { sort: "used", label: "Most used", title: "Most loads and installs in the last 30 days first" },
  { sort: "trending", label: "Trending", title: "Loads of the last 7 days against the 7 before, rising first" },
];

/**
 * Filters, sort and view of the skill list: every control is a link, so the state stays in the URL and
 * works without JavaScript. A client component given the list's parameters and facets: its links
 * (a hundred elements with the menus) are rendered once, for the HTML, instead of also encoded into
 * the page's payload and decoded again on every view.
 */
export function SkillListToolbar({ params, authors, tags }: { params: SkillListParams; authors: SkillAuthor[]; tags: TagFacet[] }) {
  const sort = effectiveSort(params);
  const filtered = Boolean(params.author || params.warnings || params.archived || params.unused || params.tag || params.starred);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
        <AuthorFilter params={params} authors={authors} />
        <TagFilter params={params} tags={tags} />
        <Link
          href={skillListHref(params, { starred: !params.starred })}
          className={cn(chip, params.starred ? chipActive : chipIdle)}
          aria-current={params.starred ? "true" : undefined}
          title="Skills you starred"
        >
          <StarIcon className={cn(params.starred && "fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300")} aria-hidden />
          Starred
        </Link>
        <Link
          href={skillListHref(params, { warnings: params.warnings === "with" ? undefined : "with" })}
          className={cn(chip, params.warnings === "with" ? chipActive : chipIdle)}
          aria-current={params.warnings === "with" ? "true" : undefined}
          title="Skills whose current version has format (lint) warnings; security findings show as severity badges on the cards"
        >
          <FileWarningIcon className={cn(params.warnings === "with" && "text-amber-600 dark:text-amber-400")} aria-hidden />
          Lint warnings
        </Link>
        {params.warnings === "without" ? (
          <Link href={skillListHref(params, { warnings: undefined })} className={cn(chip, chipActive)}>
            No lint warnings
            <XIcon aria-hidden />
            <span className="sr-only">(remove filter)</span>
          </Link>
        ) : null}
        <Link
          href={skillListHref(params, { archived: !params.archived })}
          className={cn(chip, params.archived ? chipActive : chipIdle)}
          aria-current={params.archived ? "true" : undefined}
          title="Skills hidden from the list and from agents, kept with every version"
        >
          <ArchiveIcon aria-hidden />
          Archived
        </Link>
        <Link
          href={skillListHref(params, { unused: params.unused ? undefined : "30" })}
          className={cn(chip, params.unused ? chipActive : chipIdle)}
          aria-current={params.unused ? "true" : undefined}
          title="Skills no agent loaded, installed or downloaded in the last 30 days"
        >
          <MoonIcon aria-hidden />
          Unused 30 days
        </Link>
        {filtered ? (
          <Button asChild variant="ghost" size="sm" className="h-8 px-2 text-muted-foreground">
            <Link href={skillListHref(params, { author: undefined, warnings: undefined, archived: false, unused: undefined, tag: undefined, starred: false })}>
              Clear filters
            </Link>
          </Button>
        ) : null}
      </div>
      {/* Wraps on a phone: the sort, the usage filters and the view switch do not fit 390 px in one row. */}
      <div className="flex flex-wrap items-center gap-3">
        <nav aria-label="Sort" className="flex flex-wrap items-center gap-0.5 rounded-lg bg-muted/70 p-0.5 text-[13px]">
          <span className="sr-only">Sort by</span>
          {sorts
            .filter((option) => option.sort !== "relevance" || params.q)
            .map((option) => (
              <Link
                key={option.sort}
                href={skillListHref(params, { sort: option.sort })}
                title={option.title}
                aria-current={sort === option.sort ? "true" : undefined}
                className={cn(
                  "rounded-md px-2.5 py-1 whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50",
                  sort === option.sort && "bg-background font-medium text-foreground shadow-xs",
                )}
              >
                {option.label}
              </Link>
            ))}
        </nav>
        <div role="group" aria-label="View" className="flex items-center gap-0.5 rounded-lg bg-muted/70 p-0.5">
          {(
            [
              { view: "cards", label: "Cards", Icon: LayoutGridIcon },
              { view: "rows", label: "Rows", Icon: Rows3Icon },
            ] as const
          ).map(({ view, label, Icon }) => (
            <Link
              key={view}
              href={skillListHref(params, { view, page: params.page })}
              aria-label={label}
              title={label}
              aria-current={params.view === view ? "true" : undefined}
              className={cn(
                "flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50",
                params.view === view && "bg-background text-foreground shadow-xs",
              )}
            >
              <Icon className="size-4" aria-hidden />
            </Link>
          ))}
        </div>
      </div>
    </div>
  );
}

function AuthorFilter({ params, authors }: { params: SkillListParams; authors: SkillAuthor[] }) {
  const current = params.author ? authors.find((a) => a.id === params.author) : undefined;
  return (
    <FilterMenu
      id="author-filter"
      icon={<UserRoundIcon aria-hidden />}
      buttonText={params.author ? (current?.name ?? "Unknown author") : "Author"}
      buttonLabel={current ? `Author: ${current.name}` : params.author ? "Author: unknown" : "Author: anyone"}
      active={!!params.author}
      heading="Author of the current version"
      any={{ key: "", label: "Anyone", href: skillListHref(params, { author: undefined }), current: !params.author }}
      items={authors.map((a) => ({
        key: a.id,
        label: a.name,
        count: a.skillCount,
        href: skillListHref(params, { author: a.id }),
        current: a.id === params.author,
      }))}
      resetKey={skillListHref(params, { page: params.page })}
    />
  );
}

/** Tags with how many listed skills carry each (the facet), the chosen one kept even when none do. */
function TagFilter({ params, tags }: { params: SkillListParams; tags: TagFacet[] }) {
  const shown = params.tag && !tags.some((t) => t.name === params.tag) ? [{ name: params.tag, count: 0 }, ...tags] : tags;
  return (
    <FilterMenu
      id="tag-filter"
      icon={<TagIcon aria-hidden />}
      buttonText={params.tag ?? "Tag"}
      buttonLabel={params.tag ? `Tag: ${params.tag}` : "Tag: any"}
      active={!!params.tag}
      heading="Tagged"
      any={{ key: "", label: "Any tag", href: skillListHref(params, { tag: undefined }), current: !params.tag }}
      items={shown.map((t) => ({ key: t.name, label: t.name, count: t.count, href: skillListHref(params, { tag: t.name }), current: t.name === params.tag }))}
      empty="No listed skill has tags yet."
      resetKey={skillListHref(params, { page: params.page })}
    />
  );
}
