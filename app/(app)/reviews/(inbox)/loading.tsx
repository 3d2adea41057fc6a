"use client";

// A client component: the RSC payload carries a reference to it, not its tree (issue 44).
import { Placeholder } from "@/components/shell/placeholder";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <Placeholder label="Loading review requests">
      <div className="mb-8 grid gap-2">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-full max-w-96" />
      </div>
      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex gap-2">
          {[36, 20, 28].map((width, index) => (
            <Skeleton key={index} className="h-8" style={{ width: `${width * 4}px` }} />
          ))}
        </div>
        <Skeleton className="h-7 w-64" />
      </div>
      <Skeleton className="mb-2 h-4 w-24" />
      <div className="divide-y rounded-xl border">
        {Array.from({ length: 5 }, (_, index) => (
          <div key={index} className="flex items-start gap-3 px-4 py-3">
            <Skeleton className="size-4 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/2" />
            </div>
            <Skeleton className="h-4 w-10" />
          </div>
        ))}
      </div>
    </Placeholder>
  );
}
