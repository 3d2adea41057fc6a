"use client";

// A client component: the RSC payload carries a reference to it, not its tree (issue 44).
import { useInBrowser } from "@/components/shell/placeholder";
import { Skeleton } from "@/components/ui/skeleton";

/** Placeholder shaped like the list it stands for: a grid of cards, or a table of rows. */
export function SkillListSkeleton({ view = "cards" }: { view?: "cards" | "rows" }) {
  // Drawn only in the browser (see useInBrowser); the list's loading page labels the busy region.
  if (!useInBrowser()) return null;
  if (view === "rows") {
    return (
      <div className="overflow-hidden rounded-xl border bg-card" aria-hidden>
        <div className="border-b bg-muted/40 px-4 py-3">
          <Skeleton className="h-3 w-1/3" />
        </div>
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="flex items-start gap-6 border-b px-4 py-3.5 last:border-b-0">
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-3 w-full max-w-md" />
            </div>
            <Skeleton className="hidden h-5 w-16 md:block" />
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-4 w-24" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
      {Array.from({ length: 9 }, (_, index) => (
        <div key={index} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
          <div className="flex items-start justify-between gap-3">
            <Skeleton className="h-5 w-36" />
            <Skeleton className="h-5 w-14" />
          </div>
          <div className="grid gap-1.5">
            <Skeleton className="h-3.5 w-full" />
            <Skeleton className="h-3.5 w-4/5" />
          </div>
          <div className="flex gap-3 pt-1">
            <Skeleton className="h-3 w-6" />
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-3 w-14" />
          </div>
        </div>
      ))}
    </div>
  );
}
