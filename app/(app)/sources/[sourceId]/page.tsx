import { cache } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeftIcon } from "lucide-react";
import { CopyTextButton } from "@/components/ui/copy-text-button";
import { DeleteSourceDialog } from "@/components/sources/delete-source-dialog";
import { RefreshWhileRunning } from "@/components/sources/refresh-while-running";
import { RotateSecretDialog } from "@/components/sources/rotate-secret-dialog";
import { SourceSettingsForm } from "@/components/sources/source-settings-form";
import { SourceSkills } from "@/components/sources/source-skills";
import { scheduleLabel, sourceTarget, WEBHOOK_STEPS } from "@/components/sources/source-text";
import { SyncHistory } from "@/components/sources/sync-history";
import { SyncNowButton } from "@/components/sources/sync-now-button";
import { Revision, SyncStatusBadge, SyncTime } from "@/components/sources/sync-status";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { DataError } from "@/lib/data/errors";
import { requireViewer } from "@/lib/data/core";
import { getSource } from "@/lib/data/sources";
import { getEnv } from "@/lib/env";
import { formatRelative } from "@/lib/display";

type Params = { params: Promise<{ sourceId: string }> };

/** A source the viewer may not manage answers like one that does not exist. */
const loadSource = cache(async (sourceId: string) => {
  try {
    return await getSource(await requireViewer(), sourceId);
  } catch (error) {
    if (error instanceof DataError && error.code === "NOT_FOUND") return null;
    throw error;
  }
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const source = await loadSource((await params).sourceId);
  return { title: source ? `Source ${source.url}` : "Source not found" };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default async function SourcePage({ params }: Params) {
  const source = await loadSource((await params).sourceId);
  if (!source) notFound();
  const running = source.lastSync?.status === "running";
  const webhookUrl = `${getEnv().authUrl.replace(/\/+$/, "")}${source.webhookPath}`;
  const last = source.lastSync;
  const archived = source.skills.filter((skill) => skill.archived).length;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <RefreshWhileRunning running={running} />
      <div className="grid gap-4">
        <Link
          href="/sources"
          className="inline-flex w-fit items-center gap-1 rounded-md text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          <ArrowLeftIcon aria-hidden className="size-4" /> All sources
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid min-w-0 gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="outline">{source.kind === "folder" ? "Server folder" : "Git repository"}</Badge>
              <Badge variant="secondary">{source.place}</Badge>
            </div>
            <h1 className="font-mono text-xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-2xl">{source.url}</h1>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Reads</dt>
              <dd className="font-mono text-[13px] [overflow-wrap:anywhere]">{sourceTarget(source)}</dd>
              <dt className="text-muted-foreground">Syncs</dt>
              <dd>
                {scheduleLabel(source.intervalMinutes)}
                {source.nextSyncAt ? <span className="text-muted-foreground"> · next {formatRelative(new Date(source.nextSyncAt))}</span> : null}
              </dd>
              <dt className="text-muted-foreground">Last sync</dt>
              <dd className="flex flex-wrap items-center gap-x-2 gap-y-1">
                {last ? (
                  <>
                    <SyncStatusBadge status={last.status} />
                    {last.revision ? <Revision revision={last.revision} /> : null}
                    <span className="text-muted-foreground">
                      <SyncTime sync={last} />
                    </span>
                  </>
                ) : (
                  "never"
                )}
              </dd>
            </dl>
          </div>
          <SyncNowButton sourceId={source.id} running={running} />
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Skills</CardTitle>
          <CardDescription>
            {plural(source.skills.length, "skill", "skills")} from this source{archived ? `, ${archived} archived (removed upstream)` : ""}. They are edited in
            the repository; detach one on its editor page to edit it here.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SourceSkills skills={source.skills} kind={source.kind} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Sync history</CardTitle>
          <CardDescription>Each sync imports what changed, with the same checks, scan and review rules as an upload.</CardDescription>
        </CardHeader>
        <CardContent>
          <SyncHistory syncs={source.syncs} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Webhook</CardTitle>
            <CardDescription>
              A push to the repository starts a sync. The secret was shown when the source was created; rotate it to see a new one.
            </CardDescription>
          </div>
          {source.canSteer ? <RotateSecretDialog sourceId={source.id} /> : null}
        </CardHeader>
        <CardContent className="grid gap-3">
          <div className="flex gap-2">
            <Input aria-label="Webhook URL" readOnly value={webhookUrl} className="font-mono text-xs" />
            <CopyTextButton text={webhookUrl} label="Copy URL" />
          </div>
          <ul className="grid gap-1.5 text-xs text-muted-foreground">
            <li>{WEBHOOK_STEPS.github}</li>
            <li>{WEBHOOK_STEPS.gitlab}</li>
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Settings</CardTitle>
          <CardDescription>The next sync uses them. Skills the new settings no longer find are archived by it.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <SourceSettingsForm
            key={`${source.ref}:${source.subdir}:${source.intervalMinutes}:${source.hasCredential}`}
            source={source}
            canSteer={source.canSteer}
          />
          <div className="flex flex-wrap items-center justify-between gap-4 rounded-md border border-destructive/30 p-4">
            <div className="grid gap-1 text-sm">
              <span className="font-medium">Delete this source</span>
              <span className="text-muted-foreground">Its skills stay, as normal skills: nothing is deleted from the repository or from here.</span>
            </div>
            <DeleteSourceDialog source={{ id: source.id, url: source.url, skillCount: source.skills.length }} />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
