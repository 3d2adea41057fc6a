"use client";
import { ArchiveIcon, LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { archiveSkillAction } from "@/lib/actions/skills";

/** One click archives a stale skill (restorable from its page); the list refreshes without it. */
export function ArchiveStaleButton({ skillId, name }: { skillId: string; name: string }) {
  const { formAction, pending, failure } = useFormAction(archiveSkillAction, { refresh: true });
  return (
    <form action={formAction} className="flex items-center gap-2">
      <input type="hidden" name="skillId" value={skillId} />
      <input type="hidden" name="archived" value="true" />
      <Button type="submit" size="sm" variant="outline" disabled={pending} aria-label={`Archive ${name}`}>
        {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <ArchiveIcon aria-hidden />}
        Archive
      </Button>
      {failure ? (
        <span role="alert" className="text-xs text-destructive">
          {failure.message}
        </span>
      ) : null}
    </form>
  );
}
