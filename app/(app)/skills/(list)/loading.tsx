"use client";

// A client component: the RSC payload carries a reference to it, not its tree (issue 44).
import { SkillListSkeleton } from "@/components/skills/skill-list-skeleton";
import { Placeholder } from "@/components/shell/placeholder";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <Placeholder label="Loading skills">
      <div className="mb-8 grid gap-2">
        <Skeleton className="h-7 w-28" />
        <Skeleton className="h-4 w-full max-w-96" />
      </div>
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        {/* Cut at the edge on a phone, as the real tabs scroll there. */}
        <div className="flex gap-2 overflow-hidden">
          {[14, 24, 22, 20, 22].map((width, index) => (
            <Skeleton key={index} className="h-8 shrink-0" style={{ width: `${width * 4}px` }} />
          ))}
        </div>
        <Skeleton className="h-9 w-full sm:w-80" />
      </div>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div className="flex gap-2">
          <Skeleton className="h-8 w-24" />
          <Skeleton className="h-8 w-32" />
        </div>
        <Skeleton className="h-8 w-64" />
      </div>
      <SkillListSkeleton />
    </Placeholder>
  );
}
