"use client";
import { useOptimistic, useTransition } from "react";
import { StarIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { setSkillStarAction } from "@/lib/actions/skill-meta";
import { cn } from "@/lib/utils";

/** The viewer's star on a skill, with its count: toggles at once, and goes back if the write is refused. */
export function StarButton({ skillId, starred, count }: { skillId: string; starred: boolean; count: number }) {
  const [pending, startTransition] = useTransition();
  const [shown, setShown] = useOptimistic({ starred, count }, (_, next: { starred: boolean; count: number }) => next);
  const toggle = () =>
    startTransition(async () => {
      const next = !shown.starred;
      setShown({ starred: next, count: shown.count + (next ? 1 : -1) });
      const result = await setSkillStarAction({ skillId, starred: next });
      if (!result.ok) toast.error(result.message);
    });
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={toggle}
      disabled={pending}
      aria-pressed={shown.starred}
      aria-label={`${shown.starred ? "Starred" : "Star"}, ${shown.count} ${shown.count === 1 ? "star" : "stars"}`}
      title={shown.starred ? "Remove from your starred skills" : "Add to your starred skills (the list's Starred filter)"}
    >
      <StarIcon aria-hidden className={cn(shown.starred && "fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300")} />
      {shown.starred ? "Starred" : "Star"}
      <span aria-hidden className="rounded bg-muted px-1.5 font-mono text-xs text-muted-foreground tabular-nums">
        {shown.count}
      </span>
    </Button>
  );
}
