import Link from "next/link";
import { GitPullRequestArrowIcon } from "lucide-react";
import { skillProposalsHref } from "@/lib/skills/review-requests/inbox-url";
import type { ReviewRequestSummary } from "@/lib/types/reviews";
import { approvalsText, requestKindText } from "./inbox-text";

/**
 * The skill page's "2 proposals open": changes proposed for this skill that agents do not get
 * yet. One request links to itself (with what it is), several to the inbox filtered to the skill.
 */
export function SkillProposals({ skillId, open }: { skillId: string; open: ReviewRequestSummary[] }) {
  const href = skillProposalsHref(skillId, open);
  if (!href) return null;
  const [only] = open;
  const yours = open.filter((request) => request.waitingOn === "me").length;
  return (
    <p
      role="note"
      data-testid="skill-proposals"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-emerald-600/25 bg-emerald-500/5 px-4 py-2.5 text-sm dark:border-emerald-400/25"
    >
      <GitPullRequestArrowIcon aria-hidden className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" />
      <Link href={href} className="font-medium text-primary underline-offset-4 hover:underline">
        {open.length === 1 ? "1 proposal open" : `${open.length} proposals open`}
      </Link>
      <span className="min-w-0 text-muted-foreground">
        {open.length === 1
          ? `${requestKindText(only)} by ${only.author?.name ?? "a deleted user"}, ${approvalsText(only)}${only.outOfDate ? ", out of date" : ""}`
          : "not yet what agents get"}
        {yours ? ` · ${yours === 1 && open.length === 1 ? "waiting for your review" : `${yours} waiting for your review`}` : ""}
      </span>
    </p>
  );
}
