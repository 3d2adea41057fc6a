"use client";
import { useState } from "react";
import Link from "next/link";
import { GitPullRequestArrowIcon, LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { moveSkillAction } from "@/lib/actions/skills";
import type { SkillManageInfo } from "@/lib/types/manage";
import type { ProposalOutcome } from "@/lib/types/reviews";
import { ActionMessage, scopeText } from "./manage-shared";

export function MoveTab({ info, onMoved }: { info: SkillManageInfo; onMoved: () => void }) {
  // Nothing is chosen until the user chooses: a preselected target after a move let one more Enter
  // move the skill again. A choice no longer offered (the skill is there now) is no choice.
  const [choice, setChoice] = useState("");
  // A move that became a request: said here with its link until the next move (the toast alone would vanish).
  const [requested, setRequested] = useState<ProposalOutcome | null>(null);
  const { formAction, pending, failure } = useFormAction(moveSkillAction, {
    refresh: true,
    onSuccess: (result) => {
      setChoice("");
      setRequested(result.data.proposal);
      onMoved();
    },
  });
  const selected = info.moveTargets.some((t) => t.key === choice) ? choice : "";
  const asRequest = !!info.moveTargets.find((t) => t.key === selected)?.note;

  return (
    <form action={formAction} className="grid gap-4">
      <input type="hidden" name="skillId" value={info.id} />
      <p className="text-sm">
        Now in <span className="font-medium">{scopeText(info)}</span>. Moving keeps every version; who can see and change it follows the new scope.
      </p>
      {info.moveTargets.length ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Move to</legend>
          {info.moveTargets.map((target) => (
            <label
              key={target.key}
              className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50"
            >
              <input
                type="radio"
                name="destination"
                value={target.key}
                checked={selected === target.key}
                onChange={() => setChoice(target.key)}
                className="accent-primary"
              />
              <span className="grid gap-0.5">
                {target.label}
                {target.note ? <span className="text-xs text-muted-foreground">Request: {target.note}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="rounded-md border bg-muted/50 px-3 py-2 text-sm">You cannot move this skill anywhere.</p>
      )}
      {info.moveNote ? <p className="text-sm text-muted-foreground">{info.moveNote}</p> : null}
      {requested && !failure ? (
        <p role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-emerald-600/25 bg-emerald-500/5 px-3 py-2 text-sm">
          <GitPullRequestArrowIcon aria-hidden className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" />
          <span>Requested: an approver must accept the move. The skill stays where it is until then.</span>
          <Link href={requested.url} className="font-medium text-primary underline-offset-4 hover:underline">
            Open the request
          </Link>
        </p>
      ) : null}
      <ActionMessage failure={failure} />
      {info.moveTargets.length ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={pending || !selected}>
            {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
            {asRequest ? "Request the move" : "Move"}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
