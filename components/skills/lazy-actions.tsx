"use client";
import dynamic from "next/dynamic";
import { EllipsisIcon, SettingsIcon, UploadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

// The upload and manage dialogs are the heaviest client code of the catalog; they load after the
// page is interactive, so the list and skill pages keep a small first load. Until then an inert
// button of the same size holds their place.

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

export const LazySkillHeaderActions = dynamic(() => import("./skill-actions").then((m) => m.SkillHeaderActions), {
  ssr: false,
  loading: () => (
    <Button type="button" variant="outline" size="sm" disabled>
      <SettingsIcon aria-hidden /> Manage…
    </Button>
  ),
});
