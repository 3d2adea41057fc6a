"use client";
import { useRef, useState } from "react";
import { DownloadIcon, SettingsIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LazyManageSkillDialog, preloadManageDialog } from "./lazy-manage-dialog";
import { skillDownloadHref } from "./skill-routes";

/**
 * The skill page's header actions: "Manage…" and "Download". Rendered on the server, so both work
 * from the first paint; the dialog's code loads on the way to the first click.
 */
export function SkillHeaderActions({ skill }: { skill: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex items-center gap-2">
      <Button
        ref={opener}
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadManageDialog}
        onFocus={preloadManageDialog}
      >
        <SettingsIcon aria-hidden /> Manage…
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={skillDownloadHref(skill.id)} download>
          <DownloadIcon aria-hidden /> Download
        </a>
      </Button>
      <LazyManageSkillDialog skill={skill} open={open} onOpenChange={setOpen} opener={opener} />
    </div>
  );
}
