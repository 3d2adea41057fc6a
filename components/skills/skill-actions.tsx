"use client";
import { useRef, useState } from "react";
import { DownloadIcon, EllipsisIcon, SettingsIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ManageSkillDialog, type ManageTab } from "./manage-dialog";

type SkillRef = { id: string; name: string };

const downloadHref = (skill: SkillRef) => `/api/skills/${encodeURIComponent(skill.id)}/download`;

/** The skill page's header actions: "Manage…" and "Download". */
export function SkillHeaderActions({ skill }: { skill: SkillRef }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex items-center gap-2">
      <Button ref={opener} type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <SettingsIcon aria-hidden /> Manage…
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={downloadHref(skill)} download>
          <DownloadIcon aria-hidden /> Download
        </a>
      </Button>
      <ManageSkillDialog skill={skill} open={open} onOpenChange={setOpen} opener={opener} />
    </div>
  );
}

/** A list row's or card's menu; the dialog lives outside the menu so closing the menu keeps it open. */
export function SkillRowMenu({ skill }: { skill: SkillRef }) {
  const [tab, setTab] = useState<ManageTab | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button ref={opener} type="button" variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${skill.name}`}>
            <EllipsisIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setTab("details")}>
            <SettingsIcon aria-hidden /> Manage…
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={downloadHref(skill)} download>
              <DownloadIcon aria-hidden /> Download ZIP
            </a>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ManageSkillDialog skill={skill} open={tab !== null} onOpenChange={(open) => setTab(open ? (tab ?? "details") : null)} defaultTab={tab ?? "details"} opener={opener} />
    </>
  );
}
