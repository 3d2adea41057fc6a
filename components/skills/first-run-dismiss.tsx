"use client";
import { useState } from "react";
import { XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FIRST_RUN_COOKIE } from "./first-run-cookie";

/** The first-run panel, until its reader closes it for good (on this browser). */
export function FirstRunFrame({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <section aria-labelledby="first-run-title" className="relative mb-6 rounded-xl border bg-card p-5 shadow-xs" data-testid="first-run">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-2 right-2 size-8"
        aria-label="Dismiss the getting-started steps"
        onClick={() => {
          document.cookie = `${FIRST_RUN_COOKIE}=dismissed; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
          setOpen(false);
        }}
      >
        <XIcon aria-hidden />
      </Button>
      {children}
    </section>
  );
}
