import { DownloadIcon, FileIcon } from "lucide-react";
import { CodeLines } from "@/components/skills/code-lines";
import type { Highlighter } from "@/components/skills/markdown/highlight";
import { languageForPath } from "@/components/skills/markdown/languages";
import { Button } from "@/components/ui/button";
import { formatBytes, formatNumber } from "@/lib/display";
import { parseCsv } from "@/lib/skills/format/preview";
import type { SkillFileInfo } from "@/lib/types/skills";
import { cn } from "@/lib/utils";

// Previews of non-Markdown files. Text arrives decoded; images and other binaries are never read
// here: <img> and the download button fetch them from the file route.

const CSV_MAX_ROWS = 500;

export function CodePreview({
  text,
  language,
  highlighter,
  label,
}: {
  text: string;
  language: ReturnType<typeof languageForPath>;
  highlighter: Highlighter;
  label: string;
}) {
  return <CodeLines lines={highlighter.lines(text, language)} lineNumbers label={label} className="code-panel" />;
}

export function JsonPreview({ text, highlighter, label }: { text: string; highlighter: Highlighter; label: string }) {
  let pretty: string | null = null;
  let error: string | null = null;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
  }
  return (
    <div className="grid gap-3">
      {error ? <Note>Not valid JSON ({error}); shown as written.</Note> : null}
      <CodeLines lines={highlighter.lines(pretty ?? text, "json")} lineNumbers={!pretty} label={label} className="code-panel" />
    </div>
  );
}

export function CsvPreview({ text, tab, maxRows = CSV_MAX_ROWS, className }: { text: string; tab: boolean; maxRows?: number; className?: string }) {
  const table = parseCsv(text, tab ? "\t" : ",", maxRows + 1);
  const [header = [], ...rows] = table.rows;
  const columns = Math.max(header.length, ...rows.map((row) => row.length));
  return (
    <div className="grid gap-3">
      <div className={cn("csv-table", className)} tabIndex={0} role="region" aria-label="Table">
        <table>
          <thead>
            <tr>
              <th scope="col" className="csv-index">
                <span className="sr-only">Row</span>
              </th>
              {Array.from({ length: columns }, (_, i) => (
                <th key={i} scope="col">
                  {header[i] ?? ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                <td className="csv-index">{r + 1}</td>
                {Array.from({ length: columns }, (_, i) => (
                  <td key={i}>{row[i] ?? ""}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        {formatNumber(Math.max(0, table.totalRows - 1))} rows × {columns} columns
        {table.truncated ? ` · showing the first ${formatNumber(rows.length)}` : ""}
      </p>
    </div>
  );
}

export function ImagePreview({ src, file }: { src: string; file: SkillFileInfo }) {
  return (
    <div className="checkerboard grid place-items-center rounded-lg border p-6">
      {/* eslint-disable-next-line @next/next/no-img-element -- the skill's own bytes, served by the file route; SVG stays inert inside <img> */}
      <img src={src} alt={file.path} className="max-h-[70vh] max-w-full object-contain" />
    </div>
  );
}

export function BinaryPreview({ file, href }: { file: SkillFileInfo; href: string }) {
  return (
    <div className="grid place-items-center gap-4 rounded-lg border border-dashed px-6 py-14 text-center">
      <FileIcon aria-hidden className="size-10 text-muted-foreground" />
      <div className="grid gap-1">
        <p className="font-medium">No preview for this file</p>
        <p className="text-sm text-muted-foreground">
          {file.mediaType} · {formatBytes(file.size)}
        </p>
      </div>
      <Button asChild variant="outline" size="sm">
        <a href={href} download>
          <DownloadIcon aria-hidden /> Download
        </a>
      </Button>
    </div>
  );
}

export function TooLargePreview({ file, href }: { file: SkillFileInfo; href: string }) {
  return (
    <div className="grid place-items-center gap-4 rounded-lg border border-dashed px-6 py-14 text-center">
      <p className="text-sm text-muted-foreground">
        {file.path} is {formatBytes(file.size)}, too large to preview here.
      </p>
      <Button asChild variant="outline" size="sm">
        <a href={href} download>
          <DownloadIcon aria-hidden /> Download
        </a>
      </Button>
    </div>
  );
}

export function Note({ children }: { children: React.ReactNode }) {
  return <p className="rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-200">{children}</p>;
}
