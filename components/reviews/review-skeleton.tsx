"use client";

// A client component: the RSC payload carries a reference to it, not its tree (issue 44).
import { Placeholder } from "@/components/shell/placeholder";
import { Skeleton } from "@/components/ui/skeleton";

/** The review page while its files and diff load (the request was found already). */
export function ReviewSkeleton() {
  return (
    <Placeholder label="Loading the review request" className="grid gap-8">
      <div className="grid gap-3">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-5 w-full max-w-xl" />
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <div className="grid gap-3">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-64 w-full" />
      </div>
    </Placeholder>
  );
}
