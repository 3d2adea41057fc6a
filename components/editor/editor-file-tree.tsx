"use client";
import { EllipsisIcon, FileIcon, FilePlusIcon, FileTextIcon, FolderIcon, ImageIcon, RotateCcwIcon, UploadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { DraftChange } from "@/lib/skills/draft/draft";
import { cn } from "@/lib/utils";

export interface TreeFile {
  path: string;
  /** Editable as text in the browser. */
  text: boolean;
  image: boolean;
  change: DraftChange | null;
  /** No Markdown file of the draft links to it or names it (the skill page's rule). */
  unreferenced: boolean;
}

const MARK: Record<Exclude<DraftChange["kind"], "deleted">, { letter: string; label: string; className: string }> = {
  added: { letter: "A", label: "added", className: "text-emerald-700 dark:text-emerald-400" },
  modified: { letter: "M", label: "changed", className: "text-amber-700 dark:text-amber-400" },
  renamed: { letter: "R", label: "renamed", className: "text-sky-700 dark:text-sky-400" },
};

function folderOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i === -1 ? "" : path.slice(0, i);
}

/** The draft's files by folder, with what changed; each file's menu renames, moves, replaces or deletes it. */
export function EditorFileTree({
  files,
  deleted,
  selected,
  onSelect,
  onNewFile,
  onUpload,
  onRename,
  onReplace,
  onDelete,
  onRestore,
}: {
  files: TreeFile[];
  deleted: string[];
  selected: string;
  onSelect: (path: string) => void;
  onNewFile: () => void;
  onUpload: () => void;
  onRename: (path: string) => void;
  onReplace: (path: string) => void;
  onDelete: (path: string) => void;
  onRestore: (path: string) => void;
}) {
  // SKILL.md first, then folder by folder
  const sorted = [...files].sort((a, b) => (a.path === "SKILL.md" ? -1 : b.path === "SKILL.md" ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return (
    <nav aria-label="Files of the draft" className="grid gap-3">
      <div className="flex items-center justify-between gap-2 px-1">
        <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Files</h2>
        <div className="flex gap-1">
          <Button type="button" variant="ghost" size="icon" className="size-7" onClick={onNewFile} aria-label="New file" title="New file">
            <FilePlusIcon aria-hidden />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-7" onClick={onUpload} aria-label="Upload a file" title="Upload a file">
            <UploadIcon aria-hidden />
          </Button>
        </div>
      </div>
      <ul className="grid gap-px text-[13px]">
        {sorted.map((file, index) => {
          const folder = folderOf(file.path);
          const previous = index > 0 ? folderOf(sorted[index - 1].path) : "";
          const header = folder !== previous && folder !== "" ? folder : null;
          const name = folder ? file.path.slice(folder.length + 1) : file.path;
          const mark = file.change && file.change.kind !== "deleted" ? MARK[file.change.kind] : null;
          const Icon = file.image ? ImageIcon : file.text ? FileTextIcon : FileIcon;
          const active = file.path === selected;
          return (
            <li key={file.path}>
              {header ? (
                <div className="mt-1.5 flex items-center gap-1.5 px-2 py-1 font-mono text-xs text-muted-foreground">
                  <FolderIcon aria-hidden className="size-3.5" /> {header}/
                </div>
              ) : null}
              <div className={cn("group flex items-center rounded-md", active ? "bg-accent text-accent-foreground" : "hover:bg-accent/60")}>
                <button
                  type="button"
                  onClick={() => onSelect(file.path)}
                  aria-current={active ? "true" : undefined}
                  title={file.change?.from ? `${file.path} (was ${file.change.from})` : file.path}
                  className={cn(
                    "flex min-w-0 flex-1 items-center gap-2 rounded-md py-1.5 pr-1 text-left font-mono outline-none focus-visible:ring-2 focus-visible:ring-ring/50",
                    folder ? "pl-5" : "pl-2",
                  )}
                >
                  <Icon aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
                  <span className="truncate">{name}</span>
                  {file.unreferenced ? (
                    <span
                      className="shrink-0 rounded border px-1 font-sans text-[10px] text-muted-foreground"
                      title="No Markdown file of the skill links to this file or names it, so agents may never open it"
                    >
                      unreferenced
                    </span>
                  ) : null}
                  {mark ? (
                    <span className={cn("ml-auto shrink-0 text-[11px] font-semibold", mark.className)} title={mark.label}>
                      {mark.letter}
                      <span className="sr-only"> ({mark.label})</span>
                    </span>
                  ) : null}
                </button>
                <DropdownMenu modal={false}>
                  <DropdownMenuTrigger asChild>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-7 shrink-0 opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
                      aria-label={`Actions for ${file.path}`}
                    >
                      <EllipsisIcon aria-hidden />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => onRename(file.path)} disabled={file.path === "SKILL.md"}>
                      Rename or move…
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => onReplace(file.path)}>Replace with upload…</DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem
                      onSelect={() => onDelete(file.path)}
                      disabled={file.path === "SKILL.md"}
                      className="text-destructive focus:text-destructive"
                    >
                      Delete
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </div>
            </li>
          );
        })}
      </ul>
      {deleted.length ? (
        <div className="grid gap-1 border-t pt-2">
          <h3 className="px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Deleted</h3>
          <ul className="grid gap-px text-[13px]">
            {deleted.map((path) => (
              <li key={path} className="flex items-center gap-2 rounded-md py-1 pr-1 pl-2">
                <span className="min-w-0 flex-1 truncate font-mono text-muted-foreground line-through">{path}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  onClick={() => onRestore(path)}
                  aria-label={`Restore ${path}`}
                  title="Restore"
                >
                  <RotateCcwIcon aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}
