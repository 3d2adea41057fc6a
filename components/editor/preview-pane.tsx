"use client";
import { EyeIcon, LoaderCircleIcon } from "lucide-react";
import type { DraftPreview } from "./use-draft-preview";

/** The open Markdown file as the skill page shows it; its links to files of the draft open them here. */
export function PreviewPane({
  skillId,
  previewPath,
  preview,
  busy,
  onOpenFile,
}: {
  skillId: string;
  previewPath: string | null;
  preview: DraftPreview | null;
  busy: boolean;
  onOpenFile: (path: string) => void;
}) {
  const onClickCapture = (event: React.MouseEvent) => {
    const anchor = (event.target as Element).closest("a[href]");
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname !== `/skills/${encodeURIComponent(skillId)}/edit`) return;
    event.preventDefault();
    const file = url.searchParams.get("file");
    if (file) onOpenFile(file);
  };

  return (
    <section aria-labelledby="preview-title" className="flex h-[calc(100dvh-8rem)] min-h-[26rem] flex-col overflow-hidden rounded-xl border bg-card shadow-xs">
      <div className="flex items-center gap-2 border-b px-3 py-2 text-sm">
        <EyeIcon aria-hidden className="size-4 text-muted-foreground" />
        <h2 id="preview-title" className="font-medium">
          Preview
        </h2>
        <span className="truncate text-xs text-muted-foreground">as the skill page shows it</span>
        {busy ? <LoaderCircleIcon aria-label="Updating the preview" className="ml-auto size-3.5 animate-spin text-muted-foreground" /> : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5" data-testid="preview" data-leave-guard="off" onClickCapture={onClickCapture} aria-busy={busy}>
        {previewPath === null ? (
          <p className="text-sm text-muted-foreground">The preview shows Markdown files. Select SKILL.md or a .md file to see it rendered.</p>
        ) : preview ? (
          <>
            {preview.error ? <p className="mb-3 text-sm text-destructive">{preview.error}</p> : null}
            {preview.node}
          </>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon aria-hidden className="size-4 animate-spin" /> Rendering…
          </p>
        )}
      </div>
    </section>
  );
}
