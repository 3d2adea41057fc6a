"use client";
import { useId, useState } from "react";
import { LoaderCircleIcon, PencilLineIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useFormAction } from "@/components/ui/use-form-action";
import { renameSkillAction } from "@/lib/actions/skills";
import { skillNameProblem } from "@/lib/skills/format/skill-name";
import type { SkillManageInfo } from "@/lib/types/manage";
import { ActionMessage } from "./manage-shared";

/**
 * Rename: SKILL.md's `name` and the skill's name change together as a new version. The format
 * rules are checked as the user types (the server checks them again, with clashes). Mounted with a
 * key of the name, so a rename starts the next one from the new name.
 */
export function RenameForm({ info, onRenamed }: { info: SkillManageInfo; onRenamed: () => void }) {
  const ids = useId();
  const [value, setValue] = useState(info.name);
  const { formAction, pending, failure } = useFormAction(renameSkillAction, { refresh: true, onSuccess: onRenamed });
  // A refusal answers the name that was sent: once the field says something else, it is stale.
  const [sent, setSent] = useState<string | null>(null);
  const name = value.trim();
  const problem = name && name !== info.name ? skillNameProblem(name) : null;
  const refusal = failure && sent === name ? failure : null;

  if (!info.can.addVersion) {
    return (
      <p className="text-sm text-muted-foreground">
        {info.scope === "BUILTIN"
          ? "Built-in skills ship with Skillshelf and cannot be renamed."
          : "Only its owner or an instance admin can rename a public skill."}
      </p>
    );
  }

  return (
    <form action={formAction} onSubmit={() => setSent(name)} className="grid gap-2">
      <input type="hidden" name="skillId" value={info.id} />
      <input type="hidden" name="baseVersion" value={info.version} />
      <Label htmlFor={`${ids}-name`}>Rename</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${ids}-name`}
          name="name"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          aria-invalid={problem || refusal ? true : undefined}
          aria-describedby={`${ids}-hint`}
          className="min-w-0 flex-1 basis-48 font-mono"
        />
        <Button type="submit" variant="outline" disabled={pending || !name || name === info.name || problem !== null}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <PencilLineIcon aria-hidden />}
          Rename
        </Button>
      </div>
      <p id={`${ids}-hint`} className={problem ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>
        {problem ?? "Changes the name in SKILL.md and the skill's name together, as a new version. Links keep working: they use the skill's id, not its name."}
      </p>
      <ActionMessage failure={refusal} />
    </form>
  );
}
