"use client";
import { useState } from "react";
import { LoaderCircleIcon, SaveIcon, TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { submitWithoutReset, useFormAction } from "@/components/ui/use-form-action";
import { setReviewPolicyAction } from "@/lib/actions/review-policy";
import type { ReviewPolicy } from "@/lib/types/reviews";
import { cn } from "@/lib/utils";
import { APPROVERS_LABEL, reviewPolicyWarning } from "./review-policy-text";

const card =
  "flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50";

type Approvers = keyof typeof APPROVERS_LABEL;

/** The review policy of a team, for its owners and admins. The form is the state until saved. */
export function ReviewPolicyForm({ teamId, policy, people }: { teamId: string; policy: ReviewPolicy; people: { managers: number; members: number } }) {
  const approval = policy.mode === "approval" ? policy : null;
  const [mode, setMode] = useState<ReviewPolicy["mode"]>(policy.mode);
  const [approvals, setApprovals] = useState(approval?.approvals ?? 1);
  const [approvers, setApprovers] = useState<Approvers>(approval?.approvers ?? "managers");
  const [bypass, setBypass] = useState(approval?.managersBypass ?? false);
  const { formAction, pending, failure } = useFormAction(setReviewPolicyAction, { refresh: true });
  const draft: ReviewPolicy = mode === "direct" ? { mode } : { mode, approvals, approvers, managersBypass: bypass };
  const warning = reviewPolicyWarning(draft, people);

  return (
    // Submitted by hand, not through the form's action: React resets a form after its action, and
    // a reset puts controlled fields (this form's choices) back on their first option while the
    // state still holds the chosen one, so the page showed one value and would save another.
    <form onSubmit={(event) => submitWithoutReset(event, formAction)} className="grid gap-5">
      <input type="hidden" name="teamId" value={teamId} />
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {failure.message}
        </p>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">When a member saves, uploads or restores a version of a team skill</legend>
        <label className={card}>
          <input type="radio" name="mode" value="direct" checked={mode === "direct"} onChange={() => setMode("direct")} className="mt-0.5 accent-primary" />
          <span className="grid gap-0.5">
            <span className="font-medium">Changes publish at once</span>
            <span className="text-muted-foreground">The new version is what agents get right away.</span>
          </span>
        </label>
        <label className={card}>
          <input
            type="radio"
            name="mode"
            value="approval"
            checked={mode === "approval"}
            onChange={() => setMode("approval")}
            className="mt-0.5 accent-primary"
          />
          <span className="grid gap-0.5">
            <span className="font-medium">Changes need approval</span>
            <span className="text-muted-foreground">It becomes a proposal; agents keep the current version until enough reviewers approve it.</span>
          </span>
        </label>
      </fieldset>

      {/* Disabled rather than removed while "publish at once" is chosen: the choices come back as they were. */}
      <fieldset disabled={mode !== "approval"} className={cn("grid gap-4 rounded-md border p-4 disabled:opacity-60", mode !== "approval" && "hidden")}>
        <legend className="sr-only">Approval</legend>
        <div className="flex flex-wrap items-center gap-3">
          <Label htmlFor="review-approvals">Approvals needed</Label>
          <Select id="review-approvals" name="approvals" value={approvals} onChange={(event) => setApprovals(Number(event.target.value))} className="w-20">
            {[1, 2, 3].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Who may approve</legend>
          {(Object.keys(APPROVERS_LABEL) as Approvers[]).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="approvers"
                value={value}
                checked={approvers === value}
                onChange={() => setApprovers(value)}
                className="accent-primary"
              />
              {value === "managers" ? "Owners and admins" : "Any member other than the author"}
            </label>
          ))}
        </fieldset>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="managersBypass"
            checked={bypass}
            onChange={(event) => setBypass(event.target.checked)}
            className="mt-0.5 size-4 accent-primary"
          />
          <span className="grid gap-0.5">
            <span>Owners and admins publish their own changes at once</span>
            <span className="text-muted-foreground">Their saves skip review; everyone else&apos;s still need approval.</span>
          </span>
        </label>
        {warning ? (
          <p className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm" role="note">
            <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
            {warning}
          </p>
        ) : null}
        {warning ? (
          // The server refuses such a policy unless this is ticked: nothing is parked without saying so.
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="acceptUnreachable" className="mt-0.5 size-4 accent-primary" />
            <span>Save anyway: I know those changes wait with no eligible reviewer until the team has more people.</span>
          </label>
        ) : null}
      </fieldset>

      <p className="text-sm text-muted-foreground">A new policy applies to new proposals; open requests keep the rule they were opened with.</p>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <SaveIcon aria-hidden />}
          Save review policy
        </Button>
      </div>
    </form>
  );
}
