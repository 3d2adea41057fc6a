"use client";
import { ArchiveIcon, ArchiveRestoreIcon, LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { archiveSkillAction } from "@/lib/actions/skills";
import type { ArchiveNote } from "@/lib/types/skills";
import type { Scope } from "@/lib/skills/permissions/permissions";

const dateText = (date: Date) => date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/** Who may restore, for readers who may not (the same rule as archiving: lib/skills/permissions). */
function restorerText(scope: Scope, teamName: string | null): string {
  if (scope === "TEAM") return `An owner or admin of team ${teamName ?? ""} can restore it.`;
  if (scope === "PUBLIC") return "An instance admin can restore it.";
  if (scope === "BUILTIN") return "Built-in skills come back when Skillshelf ships them again.";
  return "Its owner can restore it.";
}

/**
 * The archived skill's page says so at the top, and what archiving does: the list, search and
 * agents leave it out; its pages, versions and downloads still work. Restore for those who may.
 */
export function ArchivedBanner({
  skill,
  archive,
}: {
  skill: { id: string; scope: Scope; team: { name: string } | null; canManage: boolean };
  archive: ArchiveNote;
}) {
  const { formAction, pending, failure } = useFormAction(archiveSkillAction, { refresh: true });
  return (
    <section
      aria-label="Archived"
      className="flex flex-wrap items-start gap-x-3 gap-y-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm dark:border-amber-400/30 dark:bg-amber-400/10"
    >
      <ArchiveIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
      <div className="grid min-w-0 flex-1 basis-64 gap-1">
        <p className="font-medium">
          Archived
          {archive.at ? (
            <>
              {" "}
              on <time dateTime={archive.at.toISOString()}>{dateText(archive.at)}</time>
            </>
          ) : null}
          {archive.at ? <> by {archive.by ?? "Skillshelf"}</> : null}
          {archive.reason ? <span className="font-normal text-muted-foreground"> ({archive.reason})</span> : null}
        </p>
        <p className="text-muted-foreground">
          Left out of the skill list and search, and agents do not get it: not the playground, not agent profiles. Its pages, versions and downloads still work
          for everyone who can see it.{skill.canManage ? null : <> {restorerText(skill.scope, skill.team?.name ?? null)}</>}
        </p>
        {failure ? (
          <p role="alert" className="text-destructive">
            {failure.message}
          </p>
        ) : null}
      </div>
      {skill.canManage ? (
        <form action={formAction} className="shrink-0">
          <input type="hidden" name="skillId" value={skill.id} />
          <input type="hidden" name="archived" value="false" />
          <Button type="submit" variant="outline" size="sm" disabled={pending}>
            {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <ArchiveRestoreIcon aria-hidden />}
            Restore
          </Button>
        </form>
      ) : null}
    </section>
  );
}
