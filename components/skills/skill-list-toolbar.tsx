import Link from "next/link";
import { ArchiveIcon, CheckIcon, ChevronDownIcon, FileWarningIcon, LayoutGridIcon, MoonIcon, Rows3Icon, UserRoundIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { SkillListParams, SkillListSort } from "@/lib/skills/list/inputs";
import { effectiveSort, skillListHref } from "@/lib/skills/list/url";
import type { SkillAuthor } from "@/lib/types/skills";
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

const chip =
  "inline-flex h-8 items-center gap-1.5 rounded-md border px-2.5 text-[13px] font-medium whitespace-nowrap shadow-xs transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50 [&_svg]:size-3.5 [&_svg]:shrink-0";
const chipIdle = "border-border bg-background text-muted-foreground hover:bg-accent hover:text-foreground";
const chipActive = "border-primary/40 bg-primary/10 text-foreground hover:bg-primary/15";

/** Filters, sort and view of the skill list: every control is a link, so the state stays in the URL and works without JavaScript. */
export function SkillListToolbar({ params, authors }: { params: SkillListParams; authors: SkillAuthor[] }) {
  const sort = effectiveSort(params);
  const author = params.author ? authors.find((a) => a.id === params.author) : undefined;
  const filtered = Boolean(params.author || params.warnings || params.archived || params.unused);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
        <AuthorFilter params={params} authors={authors} current={author} />
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
            <Link href={skillListHref(params, { author: undefined, warnings: undefined, archived: false, unused: undefined })}>Clear filters</Link>
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

/**
 * The author menu is a native popover (light dismiss, Escape, top layer) anchored to its button
 * with CSS anchor positioning: no JavaScript, so the list page ships none for it. The key changes
 * with the URL, so a navigation from one of its links mounts it closed again.
 */
function AuthorFilter({ params, authors, current }: { params: SkillListParams; authors: SkillAuthor[]; current: SkillAuthor | undefined }) {
  const item =
    "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground";
  return (
    <>
      <button
        type="button"
        popoverTarget="author-filter"
        className={cn(chip, "[anchor-name:--author-filter]", params.author ? chipActive : chipIdle)}
        aria-label={current ? `Author: ${current.name}` : params.author ? "Author: unknown" : "Author: anyone"}
      >
        <UserRoundIcon aria-hidden />
        {params.author ? (current?.name ?? "Unknown author") : "Author"}
        <ChevronDownIcon className="opacity-60" aria-hidden />
      </button>
      <div
        key={skillListHref(params, { page: params.page })}
        id="author-filter"
        popover="auto"
        aria-label="Filter by author"
        className="max-h-80 w-64 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-md supports-[anchor-name:--x]:[position-anchor:--author-filter] supports-[anchor-name:--x]:inset-auto supports-[anchor-name:--x]:top-[anchor(bottom)] supports-[anchor-name:--x]:left-[anchor(left)] supports-[anchor-name:--x]:m-0 supports-[anchor-name:--x]:mt-1.5"
      >
        <p className="px-2 py-1.5 text-xs font-medium text-muted-foreground">Author of the current version</p>
        <ul>
          <li>
            <Link href={skillListHref(params, { author: undefined })} className={item} aria-current={params.author ? undefined : "true"}>
              <CheckIcon className={cn(params.author && "invisible")} aria-hidden />
              Anyone
            </Link>
          </li>
          {authors.length ? <li role="separator" className="-mx-1 my-1 h-px bg-border" /> : null}
          {authors.map((a) => (
            <li key={a.id}>
              <Link href={skillListHref(params, { author: a.id })} className={item} aria-current={a.id === params.author ? "true" : undefined}>
                <CheckIcon className={cn(a.id !== params.author && "invisible")} aria-hidden />
                <span className="min-w-0 flex-1 truncate">{a.name}</span>
                <span className="text-xs text-muted-foreground tabular-nums">{a.skillCount}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
