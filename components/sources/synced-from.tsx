import Link from "next/link";
import { GitBranchIcon } from "lucide-react";
import { shortRevision } from "@/lib/display";

export interface SkillSourceLine {
  sourceId: string;
  url: string;
  path: string;
  revision: string | null;
  /** The viewer may open the source's page. */
  canManage: boolean;
}

/** The skill page's line for a skill a source keeps: "Synced from <url> · <path> @ <revision>", linking to the source for who may open it. */
export function SyncedFrom({ source }: { source: SkillSourceLine }) {
  const url = <span className="font-mono text-[13px] [overflow-wrap:anywhere]">{source.url}</span>;
  return (
    <p className="flex min-w-0 items-start gap-2 text-sm text-muted-foreground" data-testid="synced-from">
      <GitBranchIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">
        Synced from{" "}
        {source.canManage ? (
          <Link href={`/sources/${encodeURIComponent(source.sourceId)}`} className="text-foreground underline-offset-4 hover:underline">
            {url}
          </Link>
        ) : (
          <span className="text-foreground">{url}</span>
        )}
        {source.path ? (
          <>
            {" · "}
            <span className="font-mono text-[13px] [overflow-wrap:anywhere]">{source.path}</span>
          </>
        ) : null}
        {source.revision ? (
          <>
            {" @ "}
            <code className="font-mono text-[13px]" title={source.revision}>
              {shortRevision(source.revision)}
            </code>
          </>
        ) : null}
      </span>
    </p>
  );
}

/** Where a version came from, for the history and a version's page: "from <url> @ <revision>", and the commit's first line and author. */
export function VersionProvenanceText({
  provenance,
}: {
  provenance: { url: string; revision: string; path: string; commit?: { author: string; message: string } | null };
}) {
  const { commit } = provenance;
  return (
    <span
      className="min-w-0 [overflow-wrap:anywhere]"
      title={provenance.path ? `${provenance.path} in ${provenance.url} at ${provenance.revision}` : undefined}
    >
      from <span className="font-mono">{provenance.url}</span> @{" "}
      <code className="font-mono" title={provenance.revision}>
        {shortRevision(provenance.revision)}
      </code>
      {commit ? (
        <span className="block" data-testid="version-commit">
          <span title={commit.message}>“{commit.message.split("\n")[0] || "no message"}”</span> by{" "}
          <span title={commit.author}>{commit.author.replace(/\s*<[^>]*>$/, "") || commit.author}</span>
        </span>
      ) : null}
    </span>
  );
}
