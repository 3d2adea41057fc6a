"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { ArchiveIcon, LoaderCircleIcon, MoveRightIcon, Trash2Icon } from "lucide-react";
import { deleteTeamAction, moveTeamSkillsAction } from "@/lib/actions/teams";
import type { TeamSkillToMove } from "@/lib/types/teams";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useFormAction } from "@/components/ui/use-form-action";
import { FormFailure } from "@/components/ui/form-errors";

/**
 * Delete a team (owners). While the team owns skills the dialog lists them and offers to move each,
 * or all at once, somewhere the owner may create; the delete itself is refused until none are left.
 */
export function DeleteTeamDialog({ team, skills }: { team: { id: string; name: string }; skills: TeamSkillToMove[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2Icon aria-hidden /> Delete team
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        {skills.length ? <MoveSkillsFirst team={team} skills={skills} /> : <ConfirmDelete team={team} />}
      </DialogContent>
    </Dialog>
  );
}

function MoveSkillsFirst({ team, skills }: { team: { id: string; name: string }; skills: TeamSkillToMove[] }) {
  const targets = skills[0].moveTargets;
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Move the team&apos;s skills first</DialogTitle>
        <DialogDescription>
          {team.name} still owns {skills.length} {skills.length === 1 ? "skill" : "skills"}. Deleting a team never deletes skills: move{" "}
          {skills.length === 1 ? "it" : "them"} somewhere, then delete the team.
        </DialogDescription>
      </DialogHeader>
      {targets.length ? (
        <>
          <MoveForm teamId={team.id} targets={targets} label={`Move all ${skills.length}`} idPrefix="move-all" />
          <ul className="grid divide-y rounded-md border" aria-label="Skills the team owns">
            {skills.map((skill) => (
              <li key={skill.id} className="grid gap-2 p-3 sm:flex sm:items-center sm:justify-between">
                <span className="flex min-w-0 items-center gap-2 text-sm font-medium">
                  <span className="truncate">{skill.name}</span>
                  {skill.archived ? (
                    <span className="inline-flex items-center gap-1 text-xs font-normal text-muted-foreground">
                      <ArchiveIcon aria-hidden className="size-3" /> archived
                    </span>
                  ) : null}
                </span>
                <MoveForm teamId={team.id} skillId={skill.id} targets={skill.moveTargets} label="Move" idPrefix={`move-${skill.id}`} skillName={skill.name} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="rounded-md border bg-muted/50 px-3 py-2 text-sm">You cannot move these skills anywhere. Ask an instance admin for help.</p>
      )}
    </div>
  );
}

function MoveForm({
  teamId,
  skillId,
  skillName,
  targets,
  label,
  idPrefix,
}: {
  teamId: string;
  skillId?: string;
  skillName?: string;
  targets: TeamSkillToMove["moveTargets"];
  label: string;
  idPrefix: string;
}) {
  const { formAction, pending, failure } = useFormAction(moveTeamSkillsAction, { refresh: true });
  return (
    <form action={formAction} className="grid gap-2">
      <input type="hidden" name="teamId" value={teamId} />
      {skillId ? <input type="hidden" name="skillId" value={skillId} /> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={`${idPrefix}-to`} className={skillId ? "sr-only" : undefined}>
          {skillId ? `Move ${skillName} to` : "Move every skill to"}
        </Label>
        <Select id={`${idPrefix}-to`} name="destination" defaultValue={targets[0]?.key} className="min-w-0 flex-1 sm:max-w-56">
          {targets.map((target) => (
            <option key={target.key} value={target.key}>
              {target.label}
            </option>
          ))}
        </Select>
        <Button type="submit" variant={skillId ? "outline" : "default"} size="sm" disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <MoveRightIcon aria-hidden />}
          {label}
        </Button>
      </div>
      <FormFailure failure={failure} />
    </form>
  );
}

function ConfirmDelete({ team }: { team: { id: string; name: string } }) {
  const router = useRouter();
  const [typed, setTyped] = useState("");
  const { formAction, pending, failure } = useFormAction(deleteTeamAction, { onSuccess: () => router.push("/teams") });
  return (
    <form action={formAction} className="grid gap-4">
      <input type="hidden" name="teamId" value={team.id} />
      <DialogHeader>
        <DialogTitle>Delete {team.name}?</DialogTitle>
        <DialogDescription>Every member loses access and its invite links stop working. This cannot be undone.</DialogDescription>
      </DialogHeader>
      <FormFailure failure={failure} />
      <div className="grid gap-2">
        <Label htmlFor="delete-confirm">
          Type <span className="font-semibold">{team.name}</span> to confirm
        </Label>
        <Input id="delete-confirm" name="confirmName" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} autoFocus />
      </div>
      <DialogFormFooter pending={pending} variant="destructive" disabled={typed.trim() !== team.name} icon={<Trash2Icon aria-hidden />}>
        Delete team
      </DialogFormFooter>
    </form>
  );
}
