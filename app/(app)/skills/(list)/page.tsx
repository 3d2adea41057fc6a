import type { Metadata } from "next";
import Link from "next/link";
import { LibraryBigIcon, SearchXIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { SkillCard } from "@/components/skills/skill-card";
import { SkillSearch } from "@/components/skills/skill-search";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { requireViewer } from "@/lib/data/session";
import { countSkillsByScope, listSkills, type ScopeFilter } from "@/lib/data/skills";
import { listMyTeams } from "@/lib/data/teams";
import { skillListParams } from "@/lib/skills/inputs";

export const metadata: Metadata = { title: "Skills" };

export default async function SkillsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireViewer();
  const params = skillListParams.parse(await searchParams);
  const [page, counts, teams] = await Promise.all([
    listSkills(viewer, { scope: params.scope, teamId: params.team, q: params.q, sort: params.sort, page: params.page, pageSize: 24 }),
    countSkillsByScope(viewer),
    listMyTeams(viewer),
  ]);

  const href = (changes: Partial<Record<"scope" | "team" | "q" | "sort" | "page", string | undefined>>) => {
    const next = new URLSearchParams();
    const merged = { scope: params.scope === "all" ? undefined : params.scope, team: params.team, q: params.q, sort: params.sort === "updated" ? undefined : params.sort, page: undefined, ...changes };
    for (const [key, value] of Object.entries(merged)) if (value) next.set(key, String(value));
    const query = next.toString();
    return query ? `/skills?${query}` : "/skills";
  };

  const tabs: { label: string; scope: ScopeFilter; team?: string; count: number }[] = [
    { label: "All", scope: "all", count: counts.all },
    { label: "Personal", scope: "personal", count: counts.personal },
    ...teams.map((team) => ({ label: team.name, scope: "team" as const, team: team.id, count: counts.teams[team.id] ?? 0 })),
    { label: "Public", scope: "public", count: counts.public },
    { label: "Built-in", scope: "builtin", count: counts.builtin },
  ];
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));

  return (
    <>
      <PageHeader title="Skills" description="Every Agent Skill your team keeps: personal, team, public and built-in." />
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <nav aria-label="Scopes" className="-mx-1 flex gap-1 overflow-x-auto px-1">
          {tabs.map((tab) => {
            const active = params.scope === tab.scope && (tab.scope !== "team" || params.team === tab.team);
            return (
              <Link
                key={`${tab.scope}:${tab.team ?? ""}`}
                href={href({ scope: tab.scope === "all" ? undefined : tab.scope, team: tab.team })}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex shrink-0 items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50",
                  active && "bg-accent text-foreground",
                )}
              >
                {tab.label}
                <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums">{tab.count}</span>
              </Link>
            );
          })}
        </nav>
        <div className="flex items-center gap-2">
          <SkillSearch />
          <nav aria-label="Sort" className="hidden items-center gap-1 text-xs text-muted-foreground sm:flex">
            {(["updated", "name", "tokens"] as const).map((sort) => (
              <Link key={sort} href={href({ sort: sort === "updated" ? undefined : sort })} aria-current={params.sort === sort ? "true" : undefined} className={cn("rounded px-2 py-1 hover:text-foreground", params.sort === sort && "bg-muted text-foreground")}>
                {sort === "updated" ? "Recent" : sort === "name" ? "Name" : "Tokens"}
              </Link>
            ))}
          </nav>
        </div>
      </div>

      {page.items.length ? (
        <>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Skills">
            {page.items.map((skill) => (
              <SkillCard key={skill.id} skill={skill} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-2 text-sm">
              <Button asChild variant="outline" size="sm" className={cn(page.page <= 1 && "pointer-events-none opacity-50")}>
                <Link href={href({ page: String(page.page - 1) })} aria-disabled={page.page <= 1}>
                  Previous
                </Link>
              </Button>
              <span className="px-2 text-muted-foreground tabular-nums">
                Page {page.page} of {pages}
              </span>
              <Button asChild variant="outline" size="sm" className={cn(page.page >= pages && "pointer-events-none opacity-50")}>
                <Link href={href({ page: String(page.page + 1) })} aria-disabled={page.page >= pages}>
                  Next
                </Link>
              </Button>
            </nav>
          ) : null}
        </>
      ) : params.q ? (
        <EmptyState icon={SearchXIcon} title={`No skills match “${params.q}”`} action={<Button asChild variant="outline"><Link href={href({ q: undefined })}>Clear the search</Link></Button>}>
          Try fewer or different words; the search looks at names and descriptions.
        </EmptyState>
      ) : (
        <EmptyState icon={LibraryBigIcon} title="No skills here yet">
          A skill is a folder with a <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">SKILL.md</code>: a name, a
          description that tells an agent when to use it, and the instructions it follows. Skills added to this scope will be listed here.
        </EmptyState>
      )}
    </>
  );
}
