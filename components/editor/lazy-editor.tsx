"use client";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// CodeMirror, the diff viewer and the editor's checks load only on this page, after its shell:
// no other page pays for them, and this one paints its skeleton at once.

export const LazySkillEditor = dynamic(() => import("./skill-editor").then((m) => m.SkillEditor), {
  ssr: false,
  loading: () => (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading the editor">
      <Skeleton className="h-12 w-80" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <div className="grid gap-4 lg:grid-cols-[14rem_minmax(0,1fr)_minmax(0,1fr)]">
        <Skeleton className="h-[60dvh]" />
        <Skeleton className="h-[60dvh]" />
        <Skeleton className="h-[60dvh]" />
      </div>
    </div>
  ),
});
