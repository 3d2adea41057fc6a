"use client";
import dynamic from "next/dynamic";
import { EllipsisIcon, UploadIcon } from "lucide-react";
import { afterHydration } from "@/components/shell/after-hydration";
import { Button } from "@/components/ui/button";

// The upload dialog and the row menus load after the page is interactive, so the list keeps a small
// first load; until then an inert button of the same size holds their place. (The manage dialog
// waits longer still: lazy-manage-dialog.tsx.)

export const LazyUploadSkillsDialog = afterHydration(
  () => import("./upload-dialog").then((m) => m.UploadSkillsDialog),
  () => (
    <Button disabled>
      <UploadIcon aria-hidden /> Upload skills
    </Button>
  ),
);

export const LazySkillRowMenu = afterHydration(
  () => import("./skill-actions").then((m) => m.SkillRowMenu),
  () => (
    <Button type="button" variant="ghost" size="icon" className="size-8" disabled aria-label="Actions">
      <EllipsisIcon aria-hidden />
    </Button>
  ),
);

// The review dialog shows only on the Security tab, to reviewers: a separate chunk (server-rendered
// where it shows) keeps it, with the dialog primitives and sonner, off every other skill page.
export const LazyReviewDialog = dynamic(() => import("./review-dialog").then((m) => m.ReviewDialog));

// "Report a false positive" on each finding of the Security tab: its own chunk, like the review dialog.
export const LazyReportFindingDialog = dynamic(() => import("./report-finding-dialog").then((m) => m.ReportFindingDialog));
