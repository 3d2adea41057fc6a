import Link from "next/link";
import { GitPullRequestArrowIcon } from "lucide-react";
import type { EditorRequest } from "@/lib/types/editor";

/**
 * The editor opened on a review request (?request=): which request, what pushing does, and while
 * the request is out of date, how far behind it is with a link to compare the two versions.
 */
export function RequestNotice({ skillId, request, baseVersion }: { skillId: string; request: EditorRequest; baseVersion: number }) {
  const behind = request.currentVersion !== baseVersion;
  return (
    <div
      role="note"
      className="flex flex-wrap items-start gap-3 rounded-xl border border-emerald-600/25 bg-emerald-500/5 px-4 py-3 text-sm dark:border-emerald-400/25"
    >
      <GitPullRequestArrowIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p>
          Revising{" "}
          <Link href={`/reviews/${encodeURIComponent(request.id)}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {request.title}
          </Link>{" "}
          <span className="text-muted-foreground">
            (revision {request.revision}, proposed as v{request.proposed.number} on v{baseVersion})
          </span>
        </p>
        <p className="text-muted-foreground">
          Your draft holds the proposal&apos;s changes. Pushing adds revision {request.revision + 1} to the request; approvals of earlier revisions are
          dismissed.
        </p>
        {behind ? (
          <p data-testid="request-out-of-date">
            <span className="font-medium">
              The skill&apos;s current version is v{request.currentVersion}; your proposal was based on v{baseVersion}.
            </span>{" "}
            <Link
              href={`/skills/${encodeURIComponent(skillId)}/versions/compare?from=${baseVersion}&to=${request.currentVersion}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Compare v{baseVersion} with v{request.currentVersion}
            </Link>
            , bring your draft up to date below, then push.
          </p>
        ) : null}
      </div>
    </div>
  );
}
