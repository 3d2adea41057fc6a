"use client";

// A client component: the RSC payload carries a reference to it, not its tree (issue 44).
import { Placeholder } from "@/components/shell/placeholder";
import { Skeleton } from "@/components/ui/skeleton";

export default function PlaygroundLoading() {
  return (
    <Placeholder label="Loading the playground">
      <div className="mb-8 grid gap-2">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-4 w-[28rem] max-w-full" />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="grid gap-4">
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-[28rem] rounded-xl" />
        </div>
        <div className="grid gap-4">
          <Skeleton className="h-64 rounded-xl" />
          <Skeleton className="h-20 rounded-xl" />
        </div>
      </div>
    </Placeholder>
  );
}
