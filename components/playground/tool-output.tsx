import { ChevronRightIcon } from "lucide-react";
import { cn } from "@/lib/utils";

// What skill_run and bound-tool cards share: a call that failed says why, and an output folds
// away behind its name and line count.

export function ToolError({ text }: { text: string }) {
  return (
    <p
      role="note"
      className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-xs whitespace-pre-wrap text-destructive [overflow-wrap:anywhere] dark:text-red-300"
    >
      {text}
    </p>
  );
}

/** A named output (stdout, stderr, a result), folded to its name and size; `danger` marks an error stream. */
export function OutputDetails({
  name,
  text,
  open,
  danger = false,
  note,
  testId,
}: {
  name: string;
  text: string;
  open: boolean;
  danger?: boolean;
  /** Shown after the line count, e.g. "JSON". */
  note?: string;
  testId?: string;
}) {
  if (text === "") return <p className="pl-5 text-xs text-muted-foreground">{name}: empty</p>;
  const lines = text.replace(/\n$/, "").split("\n").length;
  return (
    <details className="group min-w-0" open={open} data-testid={testId}>
      <summary className="flex w-fit cursor-pointer list-none items-center gap-1.5 rounded text-xs font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
        <ChevronRightIcon className="size-3.5 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden />
        <span className={cn(danger && open && "text-destructive dark:text-red-300")}>{name}</span>
        <span className="font-normal text-muted-foreground">
          {lines} {lines === 1 ? "line" : "lines"}
          {note ? ` · ${note}` : ""}
        </span>
      </summary>
      <pre
        tabIndex={0}
        className={cn(
          "mt-1.5 max-h-72 overflow-auto rounded-md border bg-muted/60 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap outline-none [overflow-wrap:anywhere] focus-visible:ring-3 focus-visible:ring-ring/50",
          danger && "border-destructive/30",
        )}
      >
        {text}
      </pre>
    </details>
  );
}
