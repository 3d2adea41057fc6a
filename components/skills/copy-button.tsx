"use client";
import { useEffect, useState } from "react";
import { CheckIcon, CopyIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * Copies `text`, or without it the text of the code block in the same <figure>: reading the DOM
 * keeps long code out of the client payload.
 */
export function CopyButton({ text, label, children, className }: { text?: string; label: string; children?: React.ReactNode; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-3 focus-visible:ring-ring/50 [&_svg]:size-3.5 [&_svg]:shrink-0",
        className,
      )}
      onClick={(event) => {
        const value = text ?? event.currentTarget.closest("figure")?.querySelector("code")?.textContent ?? "";
        navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? <CheckIcon aria-hidden className="text-emerald-600 dark:text-emerald-400" /> : <CopyIcon aria-hidden />}
      {children}
      <span role="status" className="sr-only">
        {copied ? "Copied" : ""}
      </span>
    </button>
  );
}
