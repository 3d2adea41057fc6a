"use client";
import { useEffect, useRef } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import type { DeferredBodies } from "./use-deferred-bodies";

/**
 * Start loading this far below the viewport, so a reader scrolling down never waits. Not above it,
 * nor in the strip under the sticky header: after a "Changed files" link jumps to a file, the
 * previous file's end sits there, and its body growing would push the file jumped to off the screen.
 */
const AHEAD = "-100px 0px 1200px 0px";

/** A body the page left out: asks for it once the card nears the viewport, with a placeholder meanwhile. */
export function DeferredBody({ path, bodies }: { path: string; bodies: DeferredBodies | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  const state = bodies?.state(path) ?? "idle";
  const need = bodies?.need;
  useEffect(() => {
    const element = ref.current;
    if (!element || !need || state !== "idle") return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && need(path), { rootMargin: AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [need, path, state]);

  if (state === "failed" || !need) {
    return (
      <p className="px-3 py-3 text-sm text-muted-foreground" role="status">
        These changes could not be loaded.{" "}
        {need ? (
          <button
            type="button"
            className="font-medium text-foreground underline underline-offset-2 outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
            onClick={() => need(path)}
          >
            Try again
          </button>
        ) : (
          "Reload the page."
        )}
      </p>
    );
  }
  return (
    <div ref={ref} className="px-3 py-3" aria-busy="true" aria-label={`Loading the changes in ${path}`} data-testid="diff-file-loading">
      <Skeleton className="h-16" />
    </div>
  );
}
