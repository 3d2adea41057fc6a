"use client";

// A client component: the RSC payload carries a reference to it, not its tree (issue 44).
import { Placeholder } from "@/components/shell/placeholder";
import { Skeleton } from "@/components/ui/skeleton";

// A source's page: the back link, the URL and its settings, then the skills and syncs cards.
export default function Loading() {
  return (
    <Placeholder label="Loading" className="grid gap-6">
      <Skeleton className="h-4 w-24" />
      <div className="grid gap-2">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-7 w-full max-w-xl" />
        <Skeleton className="h-4 w-64 max-w-full" />
        <Skeleton className="h-4 w-56 max-w-full" />
      </div>
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="grid gap-3 rounded-xl border p-6">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-full max-w-md" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </Placeholder>
  );
}
