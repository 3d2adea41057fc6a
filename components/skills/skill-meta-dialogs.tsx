"use client";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { TagsIcon, UsersRoundIcon } from "lucide-react";
import { FormFailure } from "@/components/ui/form-errors";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useFormAction } from "@/components/ui/use-form-action";
import { setSkillOwnersAction, setSkillTagsAction } from "@/lib/actions/skill-meta";
import { OWNER_ROLE_LABELS } from "@/lib/skills/owners/owners";
import { TAG_MAX_LENGTH } from "@/lib/skills/tags/tags";
import type { ActionResult } from "@/lib/types/actions";
import type { SkillMeta } from "@/lib/types/skill-meta";

type FormServerAction = (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;

/** Opened and closed by its button (lazy-meta-dialogs.tsx); the form starts over at each opening. */
export interface MetaDialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function SkillMetaDialog({
  skillId,
  title,
  description,
  action,
  icon,
  open,
  onOpenChange,
  children,
}: MetaDialogState & {
  skillId: string;
  title: string;
  description: ReactNode;
  action: FormServerAction;
  icon: ReactNode;
  children: ReactNode;
}) {
  const [session, setSession] = useState(0);
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) setSession((n) => n + 1);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <MetaForm key={session} skillId={skillId} title={title} description={description} action={action} icon={icon} onSaved={() => change(false)}>
          {children}
        </MetaForm>
      </DialogContent>
    </Dialog>
  );
}

function MetaForm({
  skillId,
  title,
  description,
  action,
  icon,
  onSaved,
  children,
}: {
  skillId: string;
  title: string;
  description: ReactNode;
  action: FormServerAction;
  icon: ReactNode;
  onSaved: () => void;
  children: ReactNode;
}) {
  const { formAction, pending, failure } = useFormAction(action, { onSuccess: onSaved });
  return (
    <form action={formAction} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <input type="hidden" name="skillId" value={skillId} />
      <FormFailure failure={failure} />
      {children}
      <DialogFormFooter pending={pending} icon={icon}>
        Save
      </DialogFormFooter>
    </form>
  );
}

function Choice({ name, value, checked, children }: { name: string; value: string; checked: boolean; children: ReactNode }) {
  return (
    <label className="flex min-h-8 items-center gap-2.5 rounded-md px-2 py-1 text-sm hover:bg-accent">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="size-4 shrink-0 accent-primary" />
      <span className="min-w-0 [overflow-wrap:anywhere]">{children}</span>
    </label>
  );
}

/** Tags of a team skill are ticked from the team's list; a personal or public skill's are typed. */
export function EditTagsDialog({ skillId, meta, teamId, ...state }: MetaDialogState & { skillId: string; meta: SkillMeta; teamId: string | null }) {
  const choices = meta.tagChoices;
  return (
    <SkillMetaDialog
      {...state}
      skillId={skillId}
      title="Tags"
      description={choices ? "Choose from the team's tag list; the team's owners and admins keep it." : "Free labels, separated by commas."}
      action={setSkillTagsAction}
      icon={<TagsIcon aria-hidden />}
    >
      {choices === null ? (
        <div className="grid gap-2">
          <Label htmlFor="skill-tags">Tags</Label>
          <Input id="skill-tags" name="tags" defaultValue={meta.tags.join(", ")} placeholder="pdf, reports, data-viz" autoFocus />
          <p className="text-xs text-muted-foreground">Lowercase letters, digits, dots and dashes, at most {TAG_MAX_LENGTH} characters each.</p>
        </div>
      ) : choices.length ? (
        <fieldset className="grid max-h-72 gap-0.5 overflow-y-auto">
          <legend className="sr-only">The team&apos;s tags</legend>
          {choices.map((tag) => (
            <Choice key={tag} name="tag" value={tag} checked={meta.tags.includes(tag)}>
              {tag}
            </Choice>
          ))}
        </fieldset>
      ) : (
        <p className="rounded-md border border-dashed px-3 py-4 text-sm text-muted-foreground">
          The team has no tags yet.{" "}
          {teamId ? (
            <Link href={`/teams/${encodeURIComponent(teamId)}#tags`} className="font-medium text-foreground underline underline-offset-2">
              Its owners and admins add them on the team page.
            </Link>
          ) : null}
        </p>
      )}
    </SkillMetaDialog>
  );
}

/** Owners: people who can read the skill and, on a team skill, a team role. */
export function EditOwnersDialog({ skillId, meta, ...state }: MetaDialogState & { skillId: string; meta: SkillMeta }) {
  const isOwner = (key: string) => meta.owners.some((o) => (o.kind === "user" ? `user:${o.id}` : `role:${o.role}`) === key);
  return (
    <SkillMetaDialog
      {...state}
      skillId={skillId}
      title="Owners"
      description="Owners are asked first when a change needs review, and told when the skill changes."
      action={setSkillOwnersAction}
      icon={<UsersRoundIcon aria-hidden />}
    >
      <div className="grid max-h-80 gap-3 overflow-y-auto">
        {meta.ownerChoices.roles.length ? (
          <fieldset className="grid gap-0.5">
            <legend className="mb-1 text-xs font-medium text-muted-foreground">Team roles</legend>
            {meta.ownerChoices.roles.map((role) => (
              <Choice key={role} name="owner" value={`role:${role}`} checked={isOwner(`role:${role}`)}>
                {OWNER_ROLE_LABELS[role]}
              </Choice>
            ))}
          </fieldset>
        ) : null}
        <fieldset className="grid gap-0.5">
          <legend className="mb-1 text-xs font-medium text-muted-foreground">People</legend>
          {meta.ownerChoices.people.map((person) => (
            <Choice key={person.id} name="owner" value={`user:${person.id}`} checked={isOwner(`user:${person.id}`)}>
              {person.name}
            </Choice>
          ))}
        </fieldset>
      </div>
    </SkillMetaDialog>
  );
}
