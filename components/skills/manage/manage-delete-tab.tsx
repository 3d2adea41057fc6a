"use client";
import { useId, useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import { ArchiveIcon, ArchiveRestoreIcon, LoaderCircleIcon, Trash2Icon, TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toaster";
import { useFormAction } from "@/components/ui/use-form-action";
import { archiveSkillAction, deleteSkillAction } from "@/lib/actions/skills";
import { describeReferences } from "@/lib/skills/permissions/references";
import type { ManageReferences, SkillManageInfo } from "@/lib/types/manage";
import { ActionMessage, ReferenceList } from "./manage-shared";

export function DeleteTab({
  info,
  onChanged,
  onDeleted,
  onCancel,
}: {
  info: SkillManageInfo;
  onChanged: () => void;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const router = useRouter();
  const pathname = usePathname();
  const [typed, setTyped] = useState("");

  const {
    formAction: deleteAction,
    pending: deleting,
    failure: deleteFailure,
  } = useFormAction(deleteSkillAction, {
    toast: false,
    onSuccess: () => {
      toast.success(`Deleted “${info.name}”.`);
      onDeleted();
      // Its own page is gone; anywhere else the list just loses a row.
      if (pathname.startsWith(`/skills/${info.id}`) || pathname.startsWith(`/skills/${encodeURIComponent(info.id)}`)) router.replace("/skills");
      else router.refresh();
    },
  });
  const { formAction: archiveAction, pending: archiving, failure: archiveFailure } = useFormAction(archiveSkillAction, { refresh: true, onSuccess: onChanged });

  // A profile may have started using the skill since the dialog loaded: the refusal counts it.
  const refused = deleteFailure?.code === "REFERENCED" ? (deleteFailure.details?.references as ManageReferences | undefined) : undefined;
  const references = refused?.holding ? refused : info.references;
  // Profiles of people who cannot manage the skill do not hold it: they just lose it.
  const losing = describeReferences(references);

  // Every delete is confirmed by typing the name, the one that also empties profiles included.
  const confirmName = (
    <div className="grid gap-1.5">
      <Label htmlFor={`${ids}-confirm`}>
        Type <span className="font-mono">{info.name}</span> to confirm
      </Label>
      <Input
        id={`${ids}-confirm`}
        name="confirmName"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
      />
    </div>
  );

  if (!info.can.manage) {
    return (
      <p className="text-sm">
        {info.scope === "BUILTIN"
          ? "Built-in skills ship with Skillshelf and cannot be deleted or archived."
          : info.scope === "TEAM"
            ? `Only owners and admins of team ${info.team?.name ?? ""} can delete or archive this skill.`
            : "Only instance admins can delete or archive public skills."}
      </p>
    );
  }

  return (
    <div className="grid gap-6">
      <form action={archiveAction} className="grid gap-2 rounded-lg border p-4">
        <input type="hidden" name="skillId" value={info.id} />
        <input type="hidden" name="archived" value={info.archived ? "false" : "true"} />
        <h3 className="text-sm font-semibold">{info.archived ? "Archived" : "Archive instead"}</h3>
        <p className="text-sm text-muted-foreground">
          {info.archived
            ? "Hidden from lists and agents, with every version kept. Restore it to make it visible again."
            : "Hide it from lists and agents but keep it and every version; you can restore it any time."}
        </p>
        <ActionMessage failure={archiveFailure} />
        <div>
          <Button type="submit" variant="outline" disabled={archiving}>
            {archiving ? (
              <LoaderCircleIcon aria-hidden className="animate-spin" />
            ) : info.archived ? (
              <ArchiveRestoreIcon aria-hidden />
            ) : (
              <ArchiveIcon aria-hidden />
            )}
            {info.archived ? "Restore" : "Archive"}
          </Button>
        </div>
      </form>

      <form action={deleteAction} className="grid gap-3 rounded-lg border border-destructive/40 p-4">
        <input type="hidden" name="skillId" value={info.id} />
        <h3 className="text-sm font-semibold text-destructive">Delete permanently</h3>
        {references.holding ? (
          <>
            <input type="hidden" name="removeReferences" value="true" />
            <p className="flex items-start gap-2 text-sm">
              <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-500" />
              <span>
                “{info.name}” is used by {losing}. Deleting it removes it from{" "}
                {references.mine.length + references.others === 1 ? "that profile" : "those profiles"} too.
              </span>
            </p>
            <ReferenceList references={references} />
            {confirmName}
            <ActionMessage failure={refused ? null : deleteFailure} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={deleting || typed.trim() !== info.name}>
                {deleting ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <Trash2Icon aria-hidden />}
                Remove references and delete
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Deletes the skill with its {info.versions.length} {info.versions.length === 1 ? "version" : "versions"}. This cannot be undone.
              {losing ? ` It is also removed from ${losing}.` : null}
            </p>
            {confirmName}
            <ActionMessage failure={deleteFailure} />
            <div className="flex justify-end">
              <Button type="submit" variant="destructive" disabled={deleting || typed.trim() !== info.name}>
                {deleting ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <Trash2Icon aria-hidden />}
                Delete skill
              </Button>
            </div>
          </>
        )}
      </form>
    </div>
  );
}
