"use client";
import { useRef, useState } from "react";
import { FileUpIcon, FolderUpIcon, UploadIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { formatBytes } from "@/lib/display";
import { cn } from "@/lib/utils";
import { collectDrop, type PickedFolderFile } from "./collect-drop";
import type { UploadProgress } from "./upload-request";
import type { Mode } from "./upload-wizard";

const ACCEPT = ".zip,.skill,.tar,.tgz,.tar.gz,.gz,.md,application/zip,application/gzip,application/x-tar,text/markdown";

export interface PickStepProps {
  idPrefix: string;
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  files: File[];
  folder: PickedFolderFile[];
  folderBytes: number;
  text: string;
  /** Files picked or dropped, added to those already chosen (an empty list changes nothing). */
  onAddFiles: (files: File[]) => void;
  onRemoveFile: (index: number) => void;
  /** A picked or dropped folder replaces the previous one (an empty list changes nothing). */
  onFolder: (folder: PickedFolderFile[]) => void;
  onRemoveFolder: () => void;
  onTextChange: (text: string) => void;
  sending: boolean;
}

/** The first step: files, a folder or pasted SKILL.md, picked or dropped. */
export function PickStep({
  idPrefix,
  mode,
  onModeChange,
  files,
  folder,
  folderBytes,
  text,
  onAddFiles,
  onRemoveFile,
  onFolder,
  onRemoveFolder,
  onTextChange,
  sending,
}: PickStepProps) {
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  return (
    <Tabs value={mode} onValueChange={(value) => onModeChange(value as Mode)} className="grid gap-3">
      <TabsList aria-label="How to add skills">
        <TabsTrigger value="files">Files or folder</TabsTrigger>
        <TabsTrigger value="paste">Paste SKILL.md</TabsTrigger>
      </TabsList>
      {/* The panel takes focus after the tab list: the drop zone shows that focus (and its buttons'), since the panel itself draws none. */}
      <TabsContent value="files" className="group/files grid gap-3">
        <div
          data-testid="drop-zone"
          className={cn(
            "grid place-items-center gap-3 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-[color,background-color,border-color,box-shadow]",
            "group-focus-visible/files:border-ring group-focus-visible/files:ring-3 group-focus-visible/files:ring-ring/50 has-[:focus-visible]:border-ring has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50",
            dragging ? "border-primary bg-primary/5" : "border-border",
          )}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            void collectDrop(event.dataTransfer).then((dropped) => {
              onAddFiles(dropped.files);
              onFolder(dropped.folder);
            });
          }}
        >
          <UploadIcon aria-hidden className="size-8 text-muted-foreground" />
          <p className="text-sm">
            <span className="font-medium">Drop files or a folder here</span>
            <span className="block text-muted-foreground">
              A ZIP or .skill, a .tar.gz, SKILL.md files, or a skill folder; several skills in one archive work too.
            </span>
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button type="button" variant="outline" onClick={() => fileInput.current?.click()} disabled={sending}>
              <FileUpIcon aria-hidden /> Choose files…
            </Button>
            <Button type="button" variant="outline" onClick={() => folderInput.current?.click()} disabled={sending}>
              <FolderUpIcon aria-hidden /> Choose a folder…
            </Button>
          </div>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPT}
            aria-label="Skill files"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => {
              onAddFiles([...(event.target.files ?? [])]);
              event.target.value = "";
            }}
          />
          <input
            ref={folderInput}
            type="file"
            aria-label="Skill folder"
            className="sr-only"
            tabIndex={-1}
            // React has no typed prop for it; every current browser supports the attribute.
            {...{ webkitdirectory: "", directory: "" }}
            onChange={(event) => {
              onFolder([...(event.target.files ?? [])].map((file) => ({ file, path: file.webkitRelativePath || file.name })));
              event.target.value = "";
            }}
          />
        </div>
        {files.length || folder.length ? (
          <ul aria-label="Chosen for upload" className="grid gap-1.5 text-sm">
            {files.map((file, index) => (
              <PickedRow
                key={`${file.name}-${index}`}
                label={file.name}
                detail={formatBytes(file.size)}
                disabled={sending}
                onRemove={() => onRemoveFile(index)}
              />
            ))}
            {folder.length ? (
              <PickedRow
                label={`${folder[0].path.split("/")[0]}/`}
                detail={`folder, ${folder.length} ${folder.length === 1 ? "file" : "files"}, ${formatBytes(folderBytes)}`}
                disabled={sending}
                onRemove={onRemoveFolder}
              />
            ) : null}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Nothing chosen yet.</p>
        )}
      </TabsContent>
      <TabsContent value="paste" className="grid gap-2">
        <Label htmlFor={`${idPrefix}-text`}>SKILL.md</Label>
        <Textarea
          id={`${idPrefix}-text`}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          rows={12}
          spellCheck={false}
          placeholder={"---\nname: my-skill\ndescription: What it does and when to use it.\n---\n\n# My skill\n"}
          className="min-h-48 font-mono text-[13px]"
        />
        <p className="text-xs text-muted-foreground">
          Frontmatter with name and description, then the instructions. A skill with more files needs an archive or a folder.
        </p>
      </TabsContent>
    </Tabs>
  );
}

function PickedRow({ label, detail, onRemove, disabled }: { label: string; detail: string; onRemove: () => void; disabled: boolean }) {
  return (
    <li className="flex items-center gap-2 rounded-md border px-3 py-1.5">
      <span className="min-w-0 flex-1 truncate font-mono text-[13px]">{label}</span>
      <span className="text-xs text-muted-foreground">{detail}</span>
      <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={`Remove ${label}`} onClick={onRemove} disabled={disabled}>
        <XIcon aria-hidden />
      </Button>
    </li>
  );
}

/** The request under way: the bytes really sent, then the server's work. */
export function SendingProgress({ what, progress }: { what: "preview" | "commit"; progress: UploadProgress }) {
  const percent = progress.total ? Math.round((progress.loaded / progress.total) * 100) : progress.sent ? 100 : 0;
  return (
    <div className="grid gap-1.5" aria-live="polite">
      <div className="flex justify-between text-sm">
        <span>
          {progress.sent
            ? what === "preview"
              ? "Checking the upload on the server…"
              : "Importing…"
            : `Uploading ${progress.total ? `${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}` : "…"}`}
        </span>
        <span className="tabular-nums text-muted-foreground">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={what === "preview" ? "Upload progress" : "Import progress"}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn("h-full rounded-full bg-primary transition-[width]", progress.sent && "animate-pulse")} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function DestinationSelect({
  id,
  destinations,
  value,
  disabled,
  onChange,
  note = null,
}: {
  id: string;
  destinations: { key: string; label: string }[];
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  /** What happens to what is stored there, when it waits for approval (the preview says). */
  note?: string | null;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Destination</Label>
      <Select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="sm:max-w-xs"
        aria-describedby={note ? `${id}-note` : undefined}
      >
        {destinations.map((d) => (
          <option key={d.key} value={d.key}>
            {d.label}
          </option>
        ))}
      </Select>
      {note ? (
        <p id={`${id}-note`} className="text-sm text-muted-foreground">
          {note}
        </p>
      ) : null}
    </div>
  );
}
