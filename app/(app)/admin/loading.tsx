"use client";

// A client component: the RSC payload carries a reference to it, not its tree (issue 44).
import { Placeholder } from "@/components/shell/placeholder";
import { Skeleton } from "@/components/ui/skeleton";

// Inside the console's frame (title and tabs stay): the shape of a list of rows.
export default function Loading() {
  return (
    <Placeholder label="Loading" className="grid gap-4">
      <Skeleton className="h-9 w-full max-w-xl" />
      <div className="divide-y rounded-xl border">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="grid gap-2 p-4">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-3 w-72 max-w-full" />
          </div>
        ))}
      </div>
    </Placeholder>
  );
}
