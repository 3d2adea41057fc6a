"use client";
import dynamic from "next/dynamic";
import { EllipsisIcon, PencilIcon, UploadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

// The upload dialog and the row menus load after the page is interactive, so the list keeps a small
// first load; until then an inert button of the same size holds their place. (The manage dialog
// waits longer still: lazy-manage-dialog.tsx.)

export const LazyUploadSkillsDialog = dynamic(() => import("./upload-dialog").then((m) => m.UploadSkillsDialog), {
  ssr: false,
  loading: () => (
    <Button disabled>
      <UploadIcon aria-hidden /> Upload skills
    </Button>
  ),
});

export const LazySkillRowMenu = dynamic(() => import("./skill-actions").then((m) => m.SkillRowMenu), {
  ssr: false,
  loading: () => (
    <Button type="button" variant="ghost" size="icon" className="size-8" disabled aria-label="Actions">
      <EllipsisIcon aria-hidden />
    </Button>
  ),
});

// The review dialog shows only on the Security tab, to reviewers: a separate chunk (server-rendered
// where it shows) keeps it, with the dialog primitives and sonner, off every other skill page.
export const LazyReviewDialog = dynamic(() => import("./review-dialog").then((m) => m.ReviewDialog));

// "Report a false positive" on each finding of the Security tab: its own chunk, like the review dialog.
export const LazyReportFindingDialog = dynamic(() => import("./report-finding-dialog").then((m) => m.ReportFindingDialog));

// The skill page's "Edit tags" and "Edit owners": the dialog primitives stay off the page's first load.
const inertEdit = (label: string) =>
  function InertEdit() {
    return (
      <Button type="button" variant="ghost" size="sm" className="h-7 px-2 text-muted-foreground" disabled>
        <PencilIcon aria-hidden /> {label}
      </Button>
    );
  };
export const LazyEditTagsDialog = dynamic(() => import("./skill-meta-dialogs").then((m) => m.EditTagsDialog), { ssr: false, loading: inertEdit("Edit tags") });
export const LazyEditOwnersDialog = dynamic(() => import("./skill-meta-dialogs").then((m) => m.EditOwnersDialog), {
  ssr: false,
  loading: inertEdit("Edit owners"),
});
