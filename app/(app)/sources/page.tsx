import type { Metadata } from "next";
import { GitBranchIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { CreateSourceDialog } from "@/components/sources/create-source-dialog";
import { RefreshWhileRunning } from "@/components/sources/refresh-while-running";
import { SourceList } from "@/components/sources/source-list";
import { requireViewer } from "@/lib/data/core";
import { listSources } from "@/lib/data/sources";
import { listMyTeams } from "@/lib/data/teams";

export const metadata: Metadata = { title: "Sources" };

export default async function SourcesPage() {
  const viewer = await requireViewer();
  const [sources, teams] = await Promise.all([listSources(viewer), listMyTeams(viewer)]);
  const create = (label?: string) => <CreateSourceDialog teams={teams.map(({ id, name }) => ({ id, name }))} isAdmin={viewer.role === "ADMIN"} label={label} />;
  return (
    <>
      <PageHeader
        title="Sources"
        description="Git repositories whose skills are kept in sync here: on demand, on a schedule, or on every push."
        actions={sources.length ? create("New source") : null}
      />
      <RefreshWhileRunning running={sources.some((source) => source.lastSync?.status === "running")} />
      {sources.length ? (
        <SourceList sources={sources} />
      ) : (
        <EmptyState icon={GitBranchIcon} title="No sources yet" action={create()}>
          A source is a Git repository your team keeps skills in. Every folder with a SKILL.md becomes a skill here, checked and scanned like an upload; each
          sync adds a version for what changed upstream and archives what was removed, recording the commit it came from.
        </EmptyState>
      )}
    </>
  );
}
