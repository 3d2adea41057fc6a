"use client";

// A client component: the RSC payload carries a reference to it, not its tree (issue 44).
import { Placeholder } from "@/components/shell/placeholder";
import { Skeleton } from "@/components/ui/skeleton";

// The sources list's shape: the title, then rows of a URL and a status line.
export default function Loading() {
  return (
    <Placeholder label="Loading" className="grid gap-8">
      <div className="grid gap-2">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-4 w-full max-w-lg" />
      </div>
      <div className="divide-y rounded-xl border">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="grid gap-2 p-4">
            <Skeleton className="h-4 w-80 max-w-full" />
            <Skeleton className="h-3 w-56 max-w-full" />
            <Skeleton className="h-5 w-72 max-w-full" />
          </div>
        ))}
      </div>
    </Placeholder>
  );
}
