"use client";
import Link from "next/link";
import { ChevronRightIcon, GitPullRequestArrowIcon, SaveIcon } from "lucide-react";
import { ScopeBadge } from "@/components/skills/scope-badge";
import { Button } from "@/components/ui/button";
import type { EditorSkill } from "@/lib/types/editor";

const crumb = "rounded-sm outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50";

/** Where the editor is, what the draft starts from and holds, and the way out: cancel or save. */
export function EditorHeader({
  skill,
  baseVersion,
  changeCount,
  blockingErrors,
  canSave,
  onSave,
  request = null,
  tools = null,
  saveButton,
}: {
  skill: EditorSkill;
  baseVersion: number;
  changeCount: number;
  /** Errors to fix before saving: SKILL.md's own and a name the server refused. */
  blockingErrors: number;
  canSave: boolean;
  onSave: () => void;
  /** Revising a review request: the draft holds the proposal, so "changes" count from its base and the button pushes. */
  request?: { id: string; revision: number; edited: boolean } | null;
  /** Buttons beside Cancel and Save (the Trigger tests panel). */
  tools?: React.ReactNode;
  /** The Save button, for the save dialog to hand focus back to. */
  saveButton?: React.RefObject<HTMLButtonElement | null>;
}) {
  const skillHref = `/skills/${encodeURIComponent(skill.id)}`;
  const dirty = request ? request.edited : changeCount > 0;
  const blocked = blockingErrors > 0;
  return (
    <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div className="grid min-w-0 gap-1.5">
        <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-muted-foreground">
          <Link href="/skills" className={crumb}>
            Skills
          </Link>
          <ChevronRightIcon aria-hidden className="size-3.5" />
          <Link href={skillHref} className={`truncate ${crumb}`}>
            {skill.name}
          </Link>
          <ChevronRightIcon aria-hidden className="size-3.5" />
          <span aria-current="page" className="text-foreground">
            Edit
          </span>
        </nav>
        <div className="flex flex-wrap items-center gap-2.5">
          <h1 className="font-mono text-xl font-semibold tracking-tight break-all">Edit {skill.name}</h1>
          <ScopeBadge scope={skill.scope} team={skill.team ?? undefined} />
          <span className="rounded-md border px-1.5 py-0.5 text-xs text-muted-foreground tabular-nums" title={`Your draft starts from version ${baseVersion}`}>
            from v{baseVersion}
          </span>
          <span className="text-sm text-muted-foreground" aria-live="polite" data-testid="draft-status">
            {request
              ? `${changeCount} ${changeCount === 1 ? "change" : "changes"} from v${baseVersion}${request.edited ? ", edited since revision " + request.revision : ", as in revision " + request.revision}`
              : dirty
                ? `${changeCount} unsaved ${changeCount === 1 ? "change" : "changes"}`
                : "No changes"}
          </span>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {blocked ? (
          <span id="save-blocked" className="text-sm text-destructive">
            Fix {blockingErrors} {blockingErrors === 1 ? "error" : "errors"} to save
          </span>
        ) : null}
        {tools}
        <Button asChild variant="outline">
          {request ? (
            <Link href={`/reviews/${encodeURIComponent(request.id)}`}>{dirty ? "Cancel" : "Back to request"}</Link>
          ) : (
            <Link href={skillHref}>{dirty ? "Cancel" : "Back to skill"}</Link>
          )}
        </Button>
        <Button
          ref={saveButton}
          type="button"
          onClick={onSave}
          disabled={!canSave}
          aria-describedby={blocked ? "save-blocked" : undefined}
          aria-keyshortcuts="Control+S Meta+S"
          title={request ? "Push a revision (Ctrl+S)" : "Save (Ctrl+S)"}
        >
          {request ? (
            <>
              <GitPullRequestArrowIcon aria-hidden /> Push revision…
            </>
          ) : (
            <>
              <SaveIcon aria-hidden /> Save…
            </>
          )}
        </Button>
      </div>
    </header>
  );
}
