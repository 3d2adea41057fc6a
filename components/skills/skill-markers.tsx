import { AtSignIcon, EyeOffIcon, FileWarningIcon, StarIcon } from "lucide-react";
import type { SkillSummary } from "@/lib/types/skills";
import { formatNumber, formatTokens } from "@/lib/display";
import { cn } from "@/lib/utils";

/** What the two numbers of "133 / 662 tok" are, in words. */
export function tokenCountsLabel({ catalogTokens, bodyTokens }: Pick<SkillSummary, "catalogTokens" | "bodyTokens">): string {
  return `${formatNumber(catalogTokens)} tokens always loaded (name + description) / ${formatNumber(bodyTokens)} when used (SKILL.md body), approximate`;
}

/**
 * Level 1 (the catalog entry, in every prompt) and level 2 (the SKILL.md body, read when the skill
 * is used) token counts. It sits above a card's stretched link (relative z-10) so hovering it shows
 * its title, and it takes focus so a keyboard reaches the same words (shown below on focus).
 */
export function TokenCounts({ skill, className }: { skill: Pick<SkillSummary, "catalogTokens" | "bodyTokens">; className?: string }) {
  const label = tokenCountsLabel(skill);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      tabIndex={0}
      className={cn(
        "group/tokens relative z-10 cursor-help rounded-sm tabular-nums underline decoration-muted-foreground/50 decoration-dotted underline-offset-2 outline-none focus-visible:ring-3 focus-visible:ring-ring/50",
        className,
      )}
    >
      {formatTokens(skill.catalogTokens)} / {formatTokens(skill.bodyTokens)} tok
      {/* The title covers hover; a keyboard focus gets no title, so the same words show here. */}
      <span className="pointer-events-none absolute right-0 bottom-full z-20 mb-1.5 hidden w-max max-w-64 rounded-md border bg-popover px-2.5 py-1.5 text-left text-xs leading-snug text-popover-foreground no-underline shadow-md group-focus-visible/tokens:block">
        {label}
      </span>
    </span>
  );
}

/** How many people starred the skill; nothing when nobody has. */
export function StarCount({ count, className }: { count: number; className?: string }) {
  if (!count) return null;
  const label = `${formatNumber(count)} ${count === 1 ? "star" : "stars"}`;
  return (
    <span
      className={cn("inline-flex items-center gap-1 tabular-nums", className)}
      title={`Starred by ${formatNumber(count)} ${count === 1 ? "person" : "people"}`}
    >
      <StarIcon className="size-3 fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300" aria-hidden />
      <span className="sr-only">{label}</span>
      <span aria-hidden>{formatNumber(count)}</span>
    </span>
  );
}

export function WarningCount({ count, className }: { count: number; className?: string }) {
  if (!count) return null;
  return (
    // The file icon, not the triangle: a medium security finding's badge uses the triangle, and these are format checks.
    <span
      className={cn("inline-flex items-center gap-1 text-amber-700 dark:text-amber-400", className)}
      title="Format (lint) warnings of the current version, not security findings"
    >
      <FileWarningIcon className="size-3" aria-hidden />
      {count} lint {count === 1 ? "warning" : "warnings"}
    </span>
  );
}

/** Marks a skill that a same-named one in a higher-priority scope hides from agents; the reason shows on hover. */
export function ShadowedMarker({ shadowedBy, className }: { shadowedBy: Pick<NonNullable<SkillSummary["shadowedBy"]>, "reason"> | null; className?: string }) {
  if (!shadowedBy) return null;
  return (
    <span className={cn("relative z-10 inline-flex cursor-help items-center gap-1 text-foreground", className)} title={shadowedBy.reason}>
      <EyeOffIcon className="size-3" aria-hidden />
      Shadowed
      <span className="sr-only">: {shadowedBy.reason}</span>
    </span>
  );
}

/**
 * Claude Code's two invocation keys, when a version sets them: `disable-model-invocation: true`
 * (the catalog the model sees leaves the skill out; only a $mention brings it in) and
 * `user-invocable: false` (left out of $ completion). Each marker explains itself on hover and,
 * since it takes focus, to a keyboard too.
 */
export function InvocationMarkers({ invocation, name }: { invocation: { modelInvocable: boolean; userInvocable: boolean }; name: string }) {
  const markers = [
    invocation.modelInvocable
      ? null
      : {
          key: "explicit",
          label: "Explicit only",
          icon: AtSignIcon,
          text: `explicit only: the model never loads it on its own; use $${name} (disable-model-invocation: true)`,
        },
    invocation.userInvocable
      ? null
      : {
          key: "hidden",
          label: "Hidden from $ completion",
          icon: EyeOffIcon,
          text: "hidden from $ completion: typing $ does not offer it, though the model can still load it when it fits (user-invocable: false)",
        },
  ].filter((m) => m !== null);
  return markers.map(({ key, label, icon: Icon, text }) => (
    <span
      key={key}
      tabIndex={0}
      title={text}
      className="group/marker relative inline-flex cursor-help items-center gap-1 rounded-md border border-dashed border-foreground/25 px-2 py-0.5 text-xs font-medium text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
    >
      <Icon aria-hidden className="size-3" />
      {label}
      <span className="sr-only">: {text}</span>
      <span
        aria-hidden
        className="pointer-events-none absolute top-full left-0 z-20 mt-1.5 hidden w-max max-w-72 rounded-md border bg-popover px-2.5 py-1.5 text-left text-xs leading-snug font-normal text-popover-foreground shadow-md group-focus-visible/marker:block"
      >
        {text}
      </span>
    </span>
  ));
}
