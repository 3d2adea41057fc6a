import Link from "next/link";
import { ArchiveIcon, FilterXIcon, LibraryBigIcon, SearchXIcon, StarIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { Button } from "@/components/ui/button";
import type { SkillListParams } from "@/lib/skills/list/inputs";
import { skillListHref } from "@/lib/skills/list/url";
import type { SkillListPage } from "@/lib/types/skills";
import { formatNumber } from "@/lib/display";
import { SkillCards } from "./skill-card";
import { skillCardView } from "./skill-card-view";
import { SkillPagination } from "./skill-pagination";
import { SkillTable } from "./skill-table";

export interface ResultsContext {
  params: SkillListParams;
  /** What the active tab is called ("All", "Personal", a team's name...). */
  scopeLabel: string;
  /** For the import command an empty state offers, ready to paste. */
  viewerEmail: string;
  /** How many skills the same search and filters find across all scopes (the All tab's count). */
  allCount: number;
  /** The upload button, offered by the empty states that invite adding a skill. */
  upload?: React.ReactNode;
}

/** One page of the list (awaited here, so the tabs and search render before it), or an empty state that says what to do next. */
export async function SkillResults({ data, ...context }: ResultsContext & { data: Promise<SkillListPage> }) {
  const { params, scopeLabel } = context;
  const result = await data;
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const first = (result.page - 1) * result.pageSize + 1;
  const last = first + result.items.length - 1;
  const now = new Date();

  if (!result.items.length) return <EmptyResults {...context} total={result.total} pages={pages} />;
  return (
    <>
      <p role="status" className="mb-3 text-[13px] text-muted-foreground">
        {result.total > result.items.length ? (
          <>
            Showing <span className="font-medium text-foreground tabular-nums">{formatNumber(first)}</span>–
            <span className="font-medium text-foreground tabular-nums">{formatNumber(last)}</span> of{" "}
          </>
        ) : null}
        <span className="font-medium text-foreground tabular-nums">{formatNumber(result.total)}</span> {params.archived ? "archived " : null}
        {result.total === 1 ? "skill" : "skills"}
        {params.q ? (
          <>
            {" "}
            matching <span className="font-medium text-foreground">“{params.q}”</span>
          </>
        ) : null}
        {params.scope !== "all" ? <> in {scopeLabel}</> : null}
      </p>
      {params.view === "rows" ? <SkillTable skills={result.items} /> : <SkillCards cards={result.items.map((skill) => skillCardView(skill, now))} />}
      <SkillPagination params={params} page={result.page} pages={pages} />
    </>
  );
}

const code = "rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground";

function EmptyResults({ params, scopeLabel, viewerEmail, allCount, total, pages, upload }: ResultsContext & { total: number; pages: number }) {
  const filtered = Boolean(params.author || params.warnings || params.archived || params.tag || params.starred);
  const clearFilters = skillListHref(params, { author: undefined, warnings: undefined, archived: false, tag: undefined, starred: false });
  if (total > 0) {
    return (
      <EmptyState
        icon={LibraryBigIcon}
        title={`There is no page ${params.page}`}
        action={
          <Button asChild variant="outline">
            <Link href={skillListHref(params, { page: pages })}>Go to the last page ({pages})</Link>
          </Button>
        }
      >
        This list has {formatNumber(total)} {total === 1 ? "skill" : "skills"} on {pages} {pages === 1 ? "page" : "pages"}.
      </EmptyState>
    );
  }
  if (params.q) {
    return (
      <EmptyState
        icon={SearchXIcon}
        title={`No skills match “${params.q}”`}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild variant="outline">
              <Link href={skillListHref(params, { q: undefined })}>Clear the search</Link>
            </Button>
            {params.scope !== "all" && allCount > 0 ? (
              <Button asChild variant="outline">
                <Link href={skillListHref(params, { scope: "all" })}>
                  Search all scopes ({formatNumber(allCount)} {allCount === 1 ? "match" : "matches"})
                </Link>
              </Button>
            ) : null}
            {filtered ? (
              <Button asChild variant="ghost">
                <Link href={clearFilters}>Clear filters</Link>
              </Button>
            ) : null}
          </div>
        }
      >
        The search looks at names, descriptions and SKILL.md instructions{params.scope !== "all" ? <> in {scopeLabel}</> : null}
        {filtered ? ", within the filters you chose" : null}. Try fewer words, or the start of a word: <code className={code}>deplo</code> finds “deploy” and
        “deployment”.
      </EmptyState>
    );
  }
  if (params.archived) {
    return (
      <EmptyState
        icon={ArchiveIcon}
        title={params.scope === "all" ? "No archived skills" : `No archived skills in ${scopeLabel}`}
        action={
          <Button asChild variant="outline">
            <Link href={skillListHref(params, { archived: false })}>Show active skills</Link>
          </Button>
        }
      >
        Archiving hides a skill from this list, from search and from agents, and keeps every version. Archive a skill from its Manage dialog; an archived
        skill&apos;s page offers Restore.{params.author || params.warnings ? " None of the archived skills matches the author or warning filter." : null}
      </EmptyState>
    );
  }
  if (params.starred && !params.author && !params.warnings && !params.tag) {
    return (
      <EmptyState
        icon={StarIcon}
        title={params.scope === "all" ? "No starred skills yet" : `No starred skills in ${scopeLabel}`}
        action={
          <Button asChild variant="outline">
            <Link href={skillListHref(params, { starred: false })}>Show all skills</Link>
          </Button>
        }
      >
        Star a skill on its page (the Star button under its description) to find it here in one click. Stars are yours alone; each card shows how many people
        starred it.
      </EmptyState>
    );
  }
  if (filtered) {
    return (
      <EmptyState
        icon={FilterXIcon}
        title="No skills match these filters"
        action={
          <Button asChild variant="outline">
            <Link href={clearFilters}>Clear filters</Link>
          </Button>
        }
      >
        Nothing {params.scope !== "all" ? <>in {scopeLabel} </> : null}has that author, tag, star or warning state.
      </EmptyState>
    );
  }
  const browseAllLink =
    params.scope !== "all" ? (
      <Button asChild variant="outline">
        <Link href={skillListHref(params, { scope: "all" })}>Browse all skills</Link>
      </Button>
    ) : null;
  const browseAll = (
    <div className="flex flex-wrap items-center justify-center gap-2">
      {params.scope !== "builtin" ? upload : null}
      {browseAllLink}
    </div>
  );
  const importHint = (scope: string) => (
    <>
      {" "}
      Upload a ZIP, a folder or a pasted SKILL.md, or import skill folders from the command line:{" "}
      <code className={code}>
        npm run skills -- import ./my-skill --scope {scope} --as {viewerEmail}
      </code>
    </>
  );
  switch (params.scope) {
    case "personal":
      return (
        <EmptyState icon={LibraryBigIcon} title="No personal skills yet" action={browseAll}>
          Personal skills are yours alone: a place for drafts and your own habits. A personal skill beats a team, public or built-in one of the same name.
          {importHint("personal")}
        </EmptyState>
      );
    case "team":
      return (
        <EmptyState icon={LibraryBigIcon} title={`${scopeLabel} has no skills yet`} action={browseAll}>
          Skills shared with a team are visible to all of its members, and any member can add versions.{importHint(`team --team "${scopeLabel}"`)}
        </EmptyState>
      );
    case "public":
      return (
        <EmptyState icon={LibraryBigIcon} title="Nothing published yet" action={browseAll}>
          Public skills are visible to everyone on this Skillshelf. Instance admins publish them, often from a personal or team skill that proved useful.
        </EmptyState>
      );
    case "builtin":
      return (
        <EmptyState icon={LibraryBigIcon} title="No built-in skills" action={browseAll}>
          Built-in skills ship with Skillshelf (in <code className={code}>prisma/skills/builtin</code>) and are synced at every start.
        </EmptyState>
      );
    default:
      return (
        <EmptyState icon={LibraryBigIcon} title="Your shelf is empty" action={upload}>
          A skill is a folder with a <code className={code}>SKILL.md</code>: a name, a description that tells an agent when to use it, and the instructions it
          follows.
          {importHint("personal")}
        </EmptyState>
      );
  }
}
