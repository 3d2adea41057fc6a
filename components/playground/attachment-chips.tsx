"use client";
import { useId, useRef } from "react";
import { AlertCircleIcon, PaperclipIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/display";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "@/lib/playground/inputs";
import { cn } from "@/lib/utils";
import type { AttachmentChip } from "./attachments";

/** Attachments as chips: name and size, a download link once stored, a remove button in the composer. */
export function AttachmentChips({
  items,
  onRemove,
  tone = "muted",
  className,
}: {
  items: (AttachmentChip & { key?: string })[];
  onRemove?: (key: string) => void;
  /** "onPrimary" sits on a user message bubble's colour. */
  tone?: "muted" | "onPrimary";
  className?: string;
}) {
  if (!items.length) return null;
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)} aria-label="Attachments">
      {items.map((item, i) => {
        const label = (
          <>
            <PaperclipIcon className="size-3 shrink-0" aria-hidden />
            <span className="max-w-48 truncate font-mono">{item.name}</span>
            <span className={cn("shrink-0 tabular-nums", tone === "onPrimary" ? "opacity-75" : "text-muted-foreground")}>{formatBytes(item.size)}</span>
          </>
        );
        return (
          <li
            key={item.key ?? i}
            className={cn(
              "flex max-w-full min-w-0 items-center gap-1.5 rounded-md border px-2 py-1 text-xs",
              tone === "onPrimary" ? "border-primary-foreground/25 bg-primary-foreground/10" : "bg-background",
            )}
            data-testid="attachment-chip"
          >
            {item.url ? (
              <a
                href={item.url}
                download={item.name}
                className="flex min-w-0 items-center gap-1.5 rounded underline-offset-2 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
                title={`Download ${item.name}`}
              >
                {label}
              </a>
            ) : (
              label
            )}
            {onRemove && item.key ? (
              <button
                type="button"
                onClick={() => onRemove(item.key!)}
                aria-label={`Remove ${item.name}`}
                className="-mr-1 rounded p-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50"
              >
                <XIcon className="size-3.5" aria-hidden />
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The paperclip: opens the file picker (several files at once). */
export function AttachButton({ onFiles }: { onFiles: (files: FileList) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const hint = `Attach files for skill scripts (up to ${MAX_ATTACHMENTS}, ${formatBytes(MAX_ATTACHMENT_BYTES, "prose")} each)`;
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          if (e.target.files?.length) onFiles(e.target.files);
          e.target.value = "";
        }}
      />
      <Button type="button" size="icon" variant="ghost" onClick={() => input.current?.click()} aria-label="Attach files" title={hint}>
        <PaperclipIcon />
      </Button>
    </>
  );
}

/** Why picked files were refused, until the next pick or send. */
export function AttachmentProblems({ problems, onDismiss }: { problems: string[]; onDismiss: () => void }) {
  if (!problems.length) return null;
  return (
    <div role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-xs">
      <AlertCircleIcon className="mt-px size-3.5 shrink-0 text-destructive" aria-hidden />
      <ul className="min-w-0 flex-1 text-destructive dark:text-red-300">
        {problems.map((p, i) => (
          <li key={i}>{p}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="rounded p-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50"
      >
        <XIcon className="size-3.5" aria-hidden />
      </button>
    </div>
  );
}
