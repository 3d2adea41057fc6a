"use client";
import { useRef, useState } from "react";
import { DownloadIcon, EllipsisIcon, SettingsIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { LazyManageSkillDialog, preloadManageDialog } from "./lazy-manage-dialog";
import type { ManageTab } from "./manage-dialog";
import { skillDownloadHref } from "./skill-routes";

type SkillRef = { id: string; name: string };

/** A list row's or card's menu; the dialog lives outside the menu so closing the menu keeps it open. */
export function SkillRowMenu({ skill }: { skill: SkillRef }) {
  const [tab, setTab] = useState<ManageTab | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <DropdownMenu modal={false} onOpenChange={(open) => open && preloadManageDialog()}>
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
            <a href={skillDownloadHref(skill.id)} download>
              <DownloadIcon aria-hidden /> Download ZIP
            </a>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <LazyManageSkillDialog
        skill={skill}
        open={tab !== null}
        onOpenChange={(open) => setTab(open ? (tab ?? "details") : null)}
        defaultTab={tab ?? "details"}
        opener={opener}
      />
    </>
  );
}
