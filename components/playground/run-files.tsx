"use client";
import { useEffect, useState } from "react";
import { ChevronRightIcon, DownloadIcon, FileIcon, FileImageIcon, FileTextIcon, LoaderIcon, SheetIcon } from "lucide-react";
import { CodeLines } from "@/components/skills/code-lines";
import { CsvPreview } from "@/components/skills/file-preview";
import type { CodeToken } from "@/components/skills/markdown/highlight";
import { languageForPath } from "@/components/skills/markdown/languages";
import { formatBytes } from "@/lib/display";
import type { SkillRunResult } from "@/lib/playground/run-result";
import { isTextMediaType } from "@/lib/skills/format/media-type";
import { previewKind } from "@/lib/skills/format/preview";
import type { PlaygroundDataParts, StoredPlaygroundFile } from "@/lib/types/playground";
import { cn } from "@/lib/utils";
import { RunMarkdown } from "./run-markdown";
import "@/components/skills/skill-content.css";

// The files a run produced, under its card. Text is fetched from the file route (?inline=1) and
// highlighted in the browser by the diff viewer's shiki setup, loaded only when a text file is
// shown; CSV becomes a table; images are <img> of the route (an SVG stays inert there, its markup
// never enters the page); the rest is a download.

/** Text past this size is not fetched for a preview: the download has it. */
const PREVIEW_MAX_BYTES = 256 * 1024;
const CSV_PREVIEW_ROWS = 50;

type Kind = "image" | "csv" | "text" | "binary";

export function fileKind(file: Pick<StoredPlaygroundFile, "path" | "mediaType">): Kind {
  const kind = previewKind(file.mediaType);
  if (kind === "image") return "image";
  if (kind === "csv" || (isTextMediaType(file.mediaType) && /\.(csv|tsv)$/i.test(file.path))) return "csv";
  return kind === "binary" ? "binary" : "text";
}

export function RunFiles({
  listed,
  stored,
  pending,
}: {
  listed: SkillRunResult["output_files"];
  stored: PlaygroundDataParts["run-files"] | undefined;
  /** The turn is still streaming: files not stored yet are being saved. */
  pending: boolean;
}) {
  const byPath = new Map((stored?.files ?? []).map((f) => [f.path, f]));
  const names = [...new Set([...listed.map((f) => f.name), ...byPath.keys()])];
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2" data-testid="run-files">
      <h5 className="text-xs font-medium text-muted-foreground">
        {names.length} {names.length === 1 ? "file" : "files"} produced
      </h5>
      <ul className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
        {names.map((name) => {
          const file = byPath.get(name);
          const size = file?.size ?? listed.find((f) => f.name === name)?.size_bytes ?? 0;
          return (
            <li key={name} className="min-w-0">
              {file ? (
                <StoredFile file={file} />
              ) : (
                <p className="flex flex-wrap items-center gap-2 rounded-md border border-dashed px-3 py-2 text-xs">
                  <FileIcon className="size-3.5 text-muted-foreground" aria-hidden />
                  <span className="font-mono">{name}</span>
                  <span className="text-muted-foreground tabular-nums">{formatBytes(size)}</span>
                  <span className="ml-auto flex items-center gap-1 text-muted-foreground">
                    {pending && !stored ? (
                      <>
                        <LoaderIcon className="size-3 animate-spin" aria-hidden /> saving…
                      </>
                    ) : (
                      "not kept (over the size limits)"
                    )}
                  </span>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const ICONS = { image: FileImageIcon, csv: SheetIcon, text: FileTextIcon, binary: FileIcon } as const;

function StoredFile({ file }: { file: StoredPlaygroundFile }) {
  const kind = fileKind(file);
  const previewable = kind === "image" || (kind !== "binary" && file.size <= PREVIEW_MAX_BYTES);
  const [open, setOpen] = useState(previewable);
  const Icon = ICONS[kind];
  return (
    <div className="min-w-0 overflow-hidden rounded-md border" data-testid="run-file">
      <div className="flex min-w-0 items-center gap-2 bg-muted/30 px-2 py-1.5 text-xs">
        {previewable ? (
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="flex min-w-0 flex-1 items-center gap-1.5 rounded text-left outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
          >
            <ChevronRightIcon className={cn("size-3.5 shrink-0 text-muted-foreground transition-transform", open && "rotate-90")} aria-hidden />
            <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 truncate font-mono font-medium">{file.path}</span>
          </button>
        ) : (
          <span className="flex min-w-0 flex-1 items-center gap-1.5 pl-5">
            <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 truncate font-mono font-medium">{file.path}</span>
          </span>
        )}
        <span className="shrink-0 text-muted-foreground tabular-nums">{formatBytes(file.size)}</span>
        <a
          href={file.url}
          download={file.path.slice(file.path.lastIndexOf("/") + 1)}
          className="flex shrink-0 items-center gap-1 rounded px-1.5 py-0.5 font-medium text-primary outline-none hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/50"
          aria-label={`Download ${file.path}`}
        >
          <DownloadIcon className="size-3.5" aria-hidden />
          <span className="hidden sm:inline">Download</span>
        </a>
      </div>
      {open ? (
        <div className="border-t">
          {kind === "image" ? (
            <div className="checkerboard grid place-items-center p-3">
              {/* eslint-disable-next-line @next/next/no-img-element -- the run's own bytes from the file route; an SVG stays inert inside <img> */}
              <img src={file.url} alt={file.path} loading="lazy" className="max-h-96 max-w-full object-contain" />
            </div>
          ) : kind === "csv" || kind === "text" ? (
            <TextFile file={file} csv={kind === "csv"} />
          ) : null}
        </div>
      ) : !previewable ? (
        <p className="border-t px-3 py-2 text-xs text-muted-foreground">
          {kind === "binary" ? `No preview for ${file.mediaType}; download it to open it.` : "Too large to preview here; download it to read it."}
        </p>
      ) : null}
    </div>
  );
}

type Loaded = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; text: string; lines: CodeToken[][] };

function TextFile({ file, csv }: { file: StoredPlaygroundFile; csv: boolean }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const response = await fetch(`${file.url}?inline=1`, { signal: controller.signal });
      if (!response.ok) throw new Error(response.status === 404 ? "the file is gone" : `the server answered ${response.status}`);
      const text = await response.text();
      // Plain lines first; colours follow once the grammar has loaded (a table needs none).
      const body = text.replace(/\n$/, "");
      setLoaded({ state: "ready", text, lines: body.split("\n").map((line) => [{ content: line }]) });
      const language = csv ? null : languageForPath(file.path);
      if (!language) return;
      const { highlightLines } = await import("@/components/skills/diff/client-highlighter");
      const tokens = await highlightLines(body, language);
      if (tokens && !controller.signal.aborted) setLoaded({ state: "ready", text, lines: tokens as CodeToken[][] });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      setLoaded({ state: "error", message: error instanceof Error ? error.message : String(error) });
    });
    return () => controller.abort();
  }, [file.url, file.path, csv]);

  if (loaded.state === "loading")
    return (
      <p className="flex items-center gap-2 px-3 py-2 text-xs text-muted-foreground">
        <LoaderIcon className="size-3.5 animate-spin" aria-hidden /> Loading the preview…
      </p>
    );
  if (loaded.state === "error") return <p className="px-3 py-2 text-xs text-destructive dark:text-red-300">No preview: {loaded.message}.</p>;
  if (csv)
    return (
      <div className="p-2">
        <CsvPreview text={loaded.text} tab={file.mediaType === "text/tab-separated-values"} maxRows={CSV_PREVIEW_ROWS} className="max-h-96" />
      </div>
    );
  if (/\.(md|markdown)$/i.test(file.path)) return <MarkdownFile path={file.path} text={loaded.text} lines={loaded.lines} />;
  return <CodeLines lines={loaded.lines} label={`Contents of ${file.path}`} className="max-h-96 text-xs" />;
}

/** A Markdown report (findings.md) reads rendered, as the chat does; its source is a click away. */
function MarkdownFile({ path, text, lines }: { path: string; text: string; lines: CodeToken[][] }) {
  const [source, setSource] = useState(false);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)]">
      <div className="flex justify-end border-b px-2 py-1">
        <button
          type="button"
          aria-pressed={source}
          onClick={() => setSource((s) => !s)}
          className="rounded px-1.5 py-0.5 text-xs font-medium text-primary outline-none hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          {source ? "Show rendered" : "Show source"}
        </button>
      </div>
      {source ? (
        <CodeLines lines={lines} label={`Source of ${path}`} className="max-h-96 text-xs" />
      ) : (
        <section aria-label={`Contents of ${path}`} className="max-h-96 overflow-auto p-3">
          <RunMarkdown text={text} />
        </section>
      )}
    </div>
  );
}
