import { Suspense } from "react";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { UploadIcon } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { FIRST_RUN_COOKIE } from "@/components/skills/first-run-cookie";
import { FirstRunPanel } from "@/components/skills/first-run-panel";
import { LazyUploadSkillsDialog } from "@/components/skills/lazy-actions";
import { ScopeTabs, type ScopeTab } from "@/components/skills/scope-tabs";
import { SkillListSkeleton } from "@/components/skills/skill-list-skeleton";
import { SkillListToolbar } from "@/components/skills/skill-list-toolbar";
import { SkillResults } from "@/components/skills/skill-results";
import { SkillSearch } from "@/components/skills/skill-search";
import { Button } from "@/components/ui/button";
import { getFirstRunProgress } from "@/lib/data/accounts";
import { requireViewer } from "@/lib/data/core";
import { listSkillFacets, listSkills, scopeCount } from "@/lib/data/skills";
import { getEnv } from "@/lib/env";
import { skillListParams } from "@/lib/skills/list/inputs";
import { effectiveSort } from "@/lib/skills/list/url";
import { destinationKey, scopeName } from "@/lib/labels";

export const metadata: Metadata = { title: "Skills" };

const PAGE_SIZE = 24;

export default async function SkillsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireViewer();
  const params = skillListParams.parse(await searchParams);
  const filters = {
    q: params.q,
    authorId: params.author,
    hasWarnings: params.warnings ? params.warnings === "with" : undefined,
    unused30: params.unused === "30",
    onlyArchived: params.archived,
    tag: params.tag,
    starred: params.starred,
  };
  // The tabs' counts and the filters' choices, in one statement; the active tab's count is also the
  // list's total (scopeCount), so the list does not count again.
  const facets = listSkillFacets(viewer, { ...filters, scope: params.scope, teamId: params.team });
  // Started now, awaited inside the Suspense boundary: the tabs and search box do not wait for it.
  const results = listSkills(viewer, {
    ...filters,
    scope: params.scope,
    teamId: params.team,
    sort: effectiveSort(params),
    page: params.page,
    pageSize: PAGE_SIZE,
    loads30: true,
    knownTotal: facets.then(({ counts, near }) => (near ? undefined : scopeCount(counts, params.scope, params.team))),
  });
  results.catch(() => {}); // rethrown where it is awaited; this only stops an "unhandled" report if the page fails first
  const firstRunDismissed = (await cookies()).get(FIRST_RUN_COOKIE)?.value === "dismissed";
  // The first-run panel stays out of a search's results: not read then.
  const [{ counts, teams, authors, tags }, firstRun] = await Promise.all([facets, firstRunDismissed || params.q ? null : getFirstRunProgress(viewer)]);

  const tabs: ScopeTab[] = [
    { label: "All", scope: "all", count: counts.all },
    { label: scopeName("PERSONAL"), scope: "personal", count: counts.personal },
    ...teams.map((team) => ({ label: team.name, scope: "team" as const, team: team.id, count: counts.teams[team.id] ?? 0 })),
    { label: scopeName("PUBLIC"), scope: "public", count: counts.public },
    { label: scopeName("BUILTIN"), scope: "builtin", count: counts.builtin },
  ];
  const activeTab = tabs.find((tab) => tab.scope === params.scope && (tab.scope !== "team" || tab.team === params.team));
  const scopeLabel = activeTab?.label ?? (params.scope === "team" ? "your teams" : "this scope");

  const defaultDestination = destinationKey(
    params.scope === "team" && params.team
      ? { scope: "TEAM", teamId: params.team }
      : params.scope === "public" && viewer.role === "ADMIN"
        ? { scope: "PUBLIC" }
        : { scope: "PERSONAL" },
  );
  const uploadProps = {
    teams: teams.map(({ id, name }) => ({ id, name })),
    isAdmin: viewer.role === "ADMIN",
    defaultDestination,
    remoteUploads: !!getEnv().UPLOADTHING_TOKEN,
  };
  const upload = <LazyUploadSkillsDialog {...uploadProps} />;

  return (
    <>
      <PageHeader title="Skills" description="Every Agent Skill your team keeps: personal, team, public and built-in." actions={upload} />
      {firstRun ? (
        <FirstRunPanel
          progress={firstRun}
          upload={
            <LazyUploadSkillsDialog {...uploadProps}>
              <Button size="sm">
                <UploadIcon aria-hidden /> Upload a skill
              </Button>
            </LazyUploadSkillsDialog>
          }
        />
      ) : null}
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <ScopeTabs tabs={tabs} params={params} />
        <SkillSearch />
      </div>
      <div className="mb-5">
        <SkillListToolbar params={params} authors={authors} tags={tags} />
      </div>
      <Suspense key={`${params.scope}:${params.team ?? ""}:${params.view}:${params.archived}`} fallback={<SkillListSkeleton view={params.view} />}>
        <SkillResults data={results} params={params} scopeLabel={scopeLabel} viewerEmail={viewer.email} allCount={counts.all} upload={upload} />
      </Suspense>
    </>
  );
}
