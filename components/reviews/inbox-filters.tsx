import Link from "next/link";
import { XIcon } from "lucide-react";
import { REVIEW_STATES, reviewInboxHref, type ReviewInboxParams } from "@/lib/skills/review-requests/inbox-url";
import type { ReviewBox, ReviewInboxCounts } from "@/lib/types/reviews";
import { cn } from "@/lib/utils";

const tabClass =
  "inline-flex shrink-0 items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50";

const BOXES: { box: ReviewBox; label: string; count: (counts: ReviewInboxCounts) => number | null; countWord: string }[] = [
  { box: "for-me", label: "Waiting for me", count: (c) => c.forMe, countWord: "waiting" },
  { box: "mine", label: "Mine", count: (c) => c.mine, countWord: "open" },
  // Everything visible has no cheap count that means anything at a glance; the list says its total.
  { box: "all", label: "All I can see", count: () => null, countWord: "" },
];

/** The three boxes; the counts are open requests (what needs someone), whatever the state filter. */
export function InboxTabs({ params, counts }: { params: ReviewInboxParams; counts: ReviewInboxCounts }) {
  return (
    <nav aria-label="Review boxes" className="-mx-1 flex gap-1 overflow-x-auto px-1 py-0.5">
      {BOXES.map(({ box, label, count, countWord }) => {
        const active = params.box === box;
        const n = count(counts);
        return (
          <Link
            key={box}
            href={reviewInboxHref(params, { box })}
            aria-current={active ? "page" : undefined}
            aria-label={n === null ? label : `${label}, ${n} ${countWord}`}
            className={cn(tabClass, active && "bg-accent text-foreground")}
          >
            {label}
            {n !== null ? (
              <span
                className={cn(
                  "rounded-full bg-muted px-1.5 text-xs tabular-nums",
                  active && "bg-background/70",
                  box === "for-me" && n > 0 && "bg-primary text-primary-foreground",
                )}
              >
                {n}
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

const STATE_LABEL = { open: "Open", merged: "Merged", withdrawn: "Withdrawn", all: "All" } as const;

/** Open / Merged / Withdrawn / All, as links (the filter lives in the URL). */
export function InboxStateFilter({ params }: { params: ReviewInboxParams }) {
  return (
    <nav aria-label="State" className="inline-flex w-fit flex-wrap rounded-lg border bg-muted/40 p-0.5">
      {REVIEW_STATES.map((state) => (
        <Link
          key={state}
          href={reviewInboxHref(params, { state })}
          aria-current={params.state === state ? "page" : undefined}
          className={cn(
            "rounded-md px-2.5 py-1 text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50",
            params.state === state && "bg-background text-foreground shadow-xs",
          )}
        >
          {STATE_LABEL[state]}
        </Link>
      ))}
    </nav>
  );
}

/** The skill filter (?skill=), named, with a way out. */
export function InboxSkillFilter({ params, skillName }: { params: ReviewInboxParams; skillName: string | null }) {
  if (!params.skill) return null;
  return (
    <p className="inline-flex w-fit max-w-full items-center gap-1 rounded-md border bg-card py-0.5 pr-0.5 pl-2 text-xs">
      <span className="truncate">
        Skill: <span className="font-mono font-medium">{skillName ?? "this skill"}</span>
      </span>
      <Link
        href={reviewInboxHref(params, { skill: undefined })}
        aria-label="Show every skill's requests"
        className="rounded p-1 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50"
      >
        <XIcon aria-hidden className="size-3.5" />
      </Link>
    </p>
  );
}
