"use client";
import { formatRelative } from "@/lib/display";
import { placeLabel } from "@/lib/labels";
import type { ActionFailure } from "@/lib/types/actions";
import type { ManageReferences, SkillManageInfo } from "@/lib/types/manage";

export function scopeText(info: Pick<SkillManageInfo, "scope" | "team">): string {
  return placeLabel(info.scope, info.team?.name);
}

export function When({ date }: { date: Date }) {
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString("en-US")}>
      {formatRelative(date)}
    </time>
  );
}

/** The viewer's own profiles by name; other people's only as a count (their names are theirs). */
export function ReferenceList({ references }: { references: ManageReferences }) {
  return (
    <ul className="grid gap-1.5 text-sm" aria-label="Agent profiles using this skill">
      {references.mine.map((ref) => (
        <li key={ref.profileId} className="flex items-center justify-between gap-3 rounded-md border px-3 py-1.5">
          <span className="font-medium">{ref.profileName}</span>
          <span className="text-muted-foreground">your profile</span>
        </li>
      ))}
      {references.others ? (
        <li className="rounded-md border border-dashed px-3 py-1.5 text-muted-foreground">
          {references.others === 1 ? "1 profile of another person" : `${references.others} profiles of other people`}
        </li>
      ) : null}
    </ul>
  );
}

export function ActionMessage({ failure }: { failure: ActionFailure | null }) {
  if (!failure) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {failure.message}
    </p>
  );
}
