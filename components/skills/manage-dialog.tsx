"use client";
import { type RefObject, useCallback, useEffect, useState, useTransition } from "react";
import { RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { fetchManageInfo } from "./manage/manage-info";
import type { SkillManageInfo } from "@/lib/types/manage";
import { DeleteTab } from "./manage/manage-delete-tab";
import { DetailsTab } from "./manage/manage-details-tab";
import { DownloadTab } from "./manage/manage-download-tab";
import { MoveTab } from "./manage/manage-move-tab";
import { scopeText } from "./manage/manage-shared";

export type ManageTab = "details" | "move" | "download" | "delete";

export interface ManageSkillDialogProps {
  skill: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultTab?: ManageTab;
  /** What had focus before the dialog opened, for when that was a menu item that is gone now. */
  opener?: RefObject<HTMLElement | null>;
}

/**
 * Manage one skill: details with references and audit trail, move or share, download and install,
 * archive or delete. Its data is loaded when it opens (GET /api/skills/<id>/manage), so any list row can host it.
 */
export function ManageSkillDialog({ skill, open, onOpenChange, defaultTab = "details", opener }: ManageSkillDialogProps) {
  const [info, setInfo] = useState<SkillManageInfo | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, startLoading] = useTransition();

  const load = useCallback(() => {
    startLoading(async () => {
      const result = await fetchManageInfo(skill.id);
      if (result.ok) {
        setInfo(result.info);
        setLoadError(null);
      } else setLoadError(result.message);
    });
  }, [skill.id]);

  useEffect(() => {
    if (open) load();
  }, [open, load]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex max-h-[min(92vh,52rem)] flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          // Radix returns focus to what was focused at opening; a menu item has unmounted by then.
          if (opener?.current?.isConnected) {
            event.preventDefault();
            opener.current.focus();
          }
        }}
      >
        <DialogHeader className="px-6 pt-6 pb-3">
          <DialogTitle>
            Manage <span className="font-mono">{info?.id === skill.id ? info.name : skill.name}</span>
          </DialogTitle>
          <DialogDescription>
            {info ? `${scopeText(info)} · version ${info.version}${info.archived ? " · archived" : ""}` : "Details, sharing, download and deletion."}
          </DialogDescription>
        </DialogHeader>
        {/* The content unmounts while closed, so each opening starts on defaultTab. */}
        <Tabs defaultValue={defaultTab} className="flex min-h-0 flex-1 flex-col">
          <div className="border-b px-6 pb-3">
            <TabsList aria-label="Manage" className="w-full">
              <TabsTrigger value="details">Details</TabsTrigger>
              <TabsTrigger value="move">Move or share</TabsTrigger>
              <TabsTrigger value="download">Download</TabsTrigger>
              <TabsTrigger value="delete">Delete</TabsTrigger>
            </TabsList>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
            {loadError && !info ? (
              <div role="alert" className="grid justify-items-start gap-3 text-sm">
                <p className="text-destructive">{loadError}</p>
                <Button type="button" variant="outline" onClick={load} disabled={loading}>
                  <RotateCwIcon aria-hidden /> Try again
                </Button>
              </div>
            ) : !info || info.id !== skill.id ? (
              <div className="grid gap-3" aria-busy="true" aria-label="Loading">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="h-24 w-full" />
              </div>
            ) : (
              <>
                <TabsContent value="details">
                  <DetailsTab info={info} onChanged={load} />
                </TabsContent>
                <TabsContent value="move">
                  <MoveTab info={info} onMoved={load} />
                </TabsContent>
                <TabsContent value="download">
                  <DownloadTab info={info} />
                </TabsContent>
                <TabsContent value="delete">
                  <DeleteTab info={info} onChanged={load} onDeleted={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
                </TabsContent>
              </>
            )}
          </div>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
