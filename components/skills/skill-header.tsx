import Link from "next/link";
import { ChevronRightIcon, EyeOffIcon, HistoryIcon, PencilIcon, UnlinkIcon } from "lucide-react";
import { CopyButton } from "@/components/skills/copy-button";
import { VersionProvenanceText } from "@/components/sources/synced-from";
import { ScopeBadge } from "@/components/skills/scope-badge";
import { InvocationMarkers } from "@/components/skills/skill-markers";
import { VersionPicker, type VersionOption } from "@/components/skills/version-picker";
import { LabelChips } from "@/components/skills/label-chips";
import { Button } from "@/components/ui/button";
import { formatBytes, formatRelative } from "@/lib/display";
import type { SkillDetail, SkillVersionDetail } from "@/lib/types/skills";

/**
 * `actions` is the slot for what the viewer may do with the skill (manage, download, edit);
 * `origin`, the line saying which source keeps the skill in sync (components/sources/synced-from.tsx);
 * `meta`, its tags, star and owners.
 */
export function SkillHeader({
  skill,
  version,
  versions,
  actions,
  origin,
  meta,
  synced = false,
}: {
  skill: SkillDetail;
  version: SkillVersionDetail;
  versions: VersionOption[];
  actions?: React.ReactNode;
  origin?: React.ReactNode;
  /** Tags, star and owners (components/skills/skill-meta-bar.tsx). */
  meta?: React.ReactNode;
  /** Kept by a source: the editor only offers to detach it, so the button says that before the click. */
  synced?: boolean;
}) {
  const mention = `$${skill.name}`;
  return (
    <header className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-muted-foreground">
        <Link href="/skills" className="rounded-sm outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50">
          Skills
        </Link>
        <ChevronRightIcon aria-hidden className="size-3.5" />
        <span aria-current="page" className="min-w-0 truncate text-foreground">
          {skill.name}
        </span>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="grid min-w-0 gap-2.5">
          <div className="flex flex-wrap items-center gap-2.5">
            <h1 className="font-mono text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-[1.75rem]">{version.name}</h1>
            <ScopeBadge scope={skill.scope} team={skill.team?.name} />
            <VersionPicker versions={versions} shown={version.number} latest={skill.version} />
            <LabelChips labels={skill.versions.find((v) => v.number === version.number)?.labels ?? []} />
            <InvocationMarkers invocation={version.invocation} name={skill.name} />
          </div>
          <p className="max-w-3xl text-[15px] leading-relaxed text-muted-foreground">{version.description}</p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            {version.author ? <span className="font-medium text-foreground">{version.author.name}</span> : null}
            {version.author ? <span aria-hidden>·</span> : null}
            <span>
              {version.number === skill.version ? "updated" : `v${version.number} created`}{" "}
              <time dateTime={version.createdAt.toISOString()}>{formatRelative(version.createdAt)}</time>
            </span>
            <span aria-hidden>·</span>
            <Link
              href={`/skills/${encodeURIComponent(skill.id)}/versions`}
              className="rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
            >
              {skill.versions.length} {skill.versions.length === 1 ? "version" : "versions"}
            </Link>
            <span aria-hidden>·</span>
            <span>
              {version.fileCount} {version.fileCount === 1 ? "file" : "files"}, {formatBytes(version.totalBytes)}
            </span>
            {/* The current version of a synced skill says it in the origin line below. */}
            {version.provenance && !(origin && version.number === skill.version) ? (
              <>
                <span aria-hidden>·</span>
                <VersionProvenanceText provenance={version.provenance} />
              </>
            ) : null}
          </p>
          {origin}
          {meta}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* A long name wraps rather than widening the page on a phone. */}
          <CopyButton
            text={mention}
            label={`Copy the mention ${mention}`}
            className="min-h-8 max-w-full border px-2.5 py-1 text-left font-mono text-[13px] [overflow-wrap:anywhere] text-foreground shadow-xs"
          >
            {mention}
          </CopyButton>
          <Button asChild variant="outline" size="sm">
            <Link
              href={`/skills/${encodeURIComponent(skill.id)}/versions`}
              aria-label={`History, ${skill.versions.length} ${skill.versions.length === 1 ? "version" : "versions"}`}
            >
              <HistoryIcon aria-hidden /> History
              <span aria-hidden className="rounded bg-muted px-1.5 font-mono text-xs text-muted-foreground tabular-nums">
                {skill.versions.length}
              </span>
            </Link>
          </Button>
          {actions}
          {skill.can.addVersion ? (
            <Button asChild size="sm">
              <Link
                href={`/skills/${encodeURIComponent(skill.id)}/edit`}
                title={synced ? "Synced from a source: edit it there, or detach it to edit it here" : undefined}
              >
                {synced ? (
                  <>
                    <UnlinkIcon aria-hidden /> Detach to edit
                  </>
                ) : (
                  <>
                    <PencilIcon aria-hidden /> Edit
                  </>
                )}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      {skill.shadowedBy ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm">
          <EyeOffIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
          <span>
            <span className="font-medium">Shadowed:</span> {skill.shadowedBy.reason}{" "}
            <Link href={`/skills/${encodeURIComponent(skill.shadowedBy.id)}`} className="font-medium underline underline-offset-2">
              Open the one agents see
            </Link>
          </span>
        </p>
      ) : null}
    </header>
  );
}
