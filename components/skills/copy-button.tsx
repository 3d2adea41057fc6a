"use client";
import { useEffect, useState } from "react";
import { CheckIcon, CopyIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { COPIED_ICON_CLASS, COPY_BUTTON_CLASS } from "./copy-button-style";

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
      className={cn(COPY_BUTTON_CLASS, className)}
      onClick={(event) => {
        const value = text ?? event.currentTarget.closest("figure")?.querySelector("code")?.textContent ?? "";
        navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? <CheckIcon aria-hidden className={COPIED_ICON_CLASS} /> : <CopyIcon aria-hidden />}
      {children}
      <span role="status" className="sr-only">
        {copied ? "Copied" : ""}
      </span>
    </button>
  );
}
