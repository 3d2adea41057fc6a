"use client";
import { useEffect, useState } from "react";
import { CheckIcon, CopyIcon } from "lucide-react";
import { Button } from "./button";

/** Copies `text` and says so, visibly and to screen readers. */
export function CopyTextButton({
  text,
  label,
  description,
}: {
  text: string;
  label: string;
  /** The accessible name, where the visible label is short ("Copy"). */ description?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      type="button"
      variant="outline"
      aria-label={description}
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? <CheckIcon aria-hidden className="text-emerald-600 dark:text-emerald-400" /> : <CopyIcon aria-hidden />}
      {copied ? "Copied" : label}
      <span role="status" className="sr-only">
        {copied ? "Copied to the clipboard" : ""}
      </span>
    </Button>
  );
}
