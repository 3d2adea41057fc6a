import { ChevronRightIcon, RouteIcon } from "lucide-react";
import type { TurnLedger } from "@/lib/playground/domain";
import { cn } from "@/lib/utils";

/** Why the offline router chose the skill it did: the top of its ranking against its threshold. */
export function RouterRankingView({ ranking }: { ranking: NonNullable<TurnLedger["router"]> }) {
  // Skills that share no term with the message score 0: they are not candidates, so not listed.
  const top = ranking.ranked.filter((r) => r.score > 0).slice(0, 5);
  const max = Math.max(ranking.threshold, ...top.map((r) => r.score), 0.0001);
  return (
    <details className="group border-t px-3 py-2">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded text-xs font-medium text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
        <ChevronRightIcon className="size-3.5 transition-transform group-open:rotate-90" aria-hidden />
        <RouteIcon className="size-3.5" aria-hidden />
        Offline router ranking · {ranking.chosen ? <span className="font-mono text-foreground">{ranking.chosen}</span> : "no skill above the threshold"}
      </summary>
      <ol className="mt-2 grid gap-1" aria-label="Router ranking">
        {top.length ? (
          top.map((r) => (
            <li key={r.name} className="grid grid-cols-[minmax(0,12rem)_1fr_3.5rem] items-center gap-2 text-xs">
              <span className={cn("truncate font-mono", r.name === ranking.chosen && "font-semibold")}>{r.name}</span>
              <span className="relative h-1.5 rounded-full bg-muted">
                <span
                  className={cn("absolute inset-y-0 left-0 rounded-full", r.score >= ranking.threshold ? "bg-sky-500" : "bg-muted-foreground/40")}
                  style={{ width: `${(r.score / max) * 100}%` }}
                />
                <span
                  className="absolute -inset-y-1 w-px bg-amber-500"
                  style={{ left: `${(ranking.threshold / max) * 100}%` }}
                  title={`threshold ${ranking.threshold}`}
                />
              </span>
              <span className="text-right tabular-nums text-muted-foreground">{r.score.toFixed(2)}</span>
            </li>
          ))
        ) : (
          <li className="text-xs text-muted-foreground">{ranking.reason ?? "No catalog term matched the message."}</li>
        )}
      </ol>
      {!ranking.chosen && ranking.reason && top.length ? <p className="mt-1 text-xs">Nothing chosen: {ranking.reason}.</p> : null}
      <p className="mt-1 text-xs text-muted-foreground">
        Threshold {ranking.threshold} (amber line). Lexical ranking over the catalog in the prompt, not an LLM.
      </p>
    </details>
  );
}
