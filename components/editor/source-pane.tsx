"use client";
import { FileIcon, UploadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/display";
import type { Finding } from "@/lib/skills/format/findings";
import { CodeEditor, type CodeEditorHandle } from "./code-editor";

/** The open file: its source in the code editor, or for a binary what it is and a way to replace it. */
export function SourcePane({
  path,
  size,
  text,
  mediaType,
  editorKey,
  handle,
  findings,
  onChange,
  onReplace,
}: {
  path: string;
  size: number;
  /** null for a binary file. */
  text: string | null;
  mediaType: string | undefined;
  editorKey: number;
  handle: React.RefObject<CodeEditorHandle | null>;
  findings: Finding[];
  onChange: (path: string, text: string) => void;
  onReplace: () => void;
}) {
  return (
    <section aria-label="Editor" className="flex h-[calc(100dvh-8rem)] min-h-[26rem] flex-col overflow-hidden rounded-xl border bg-card shadow-xs">
      <div className="flex items-center gap-2 border-b px-3 py-2 text-sm">
        <FileIcon aria-hidden className="size-4 text-muted-foreground" />
        <span className="truncate font-mono font-medium" data-testid="editor-path">
          {path}
        </span>
        <span className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums">{formatBytes(size)}</span>
      </div>
      <div className="min-h-0 flex-1">
        {text !== null ? (
          <CodeEditor key={editorKey} handle={handle} path={path} text={text} onChange={onChange} findings={findings} label={`Source of ${path}`} />
        ) : (
          <div className="grid h-full place-content-center justify-items-center gap-3 p-6 text-center text-sm text-muted-foreground">
            <FileIcon aria-hidden className="size-8" />
            <p>
              <span className="font-mono text-foreground">{path}</span> is a binary file ({mediaType ?? "unknown type"}, {formatBytes(size)}); it cannot be
              edited here.
            </p>
            <Button type="button" variant="outline" onClick={onReplace}>
              <UploadIcon aria-hidden /> Replace with an upload…
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
