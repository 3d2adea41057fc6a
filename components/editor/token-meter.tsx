import { formatNumber } from "@/lib/display";
import { SPEC_LIMITS } from "@/lib/skills/format/limits";
import { cn } from "@/lib/utils";

/** The draft's context cost per disclosure level, updated as the author types. */
export function TokenMeter({ catalog, body, resources, pending }: { catalog: number | null; body: number | null; resources: number | null; pending: boolean }) {
  const overBody = body !== null && body > SPEC_LIMITS.bodyMaxTokens;
  const total = (catalog ?? 0) + (body ?? 0) + (resources ?? 0);
  const scale = Math.max(total, SPEC_LIMITS.bodyMaxTokens) * 1.02;
  const pct = (n: number | null) => `${((n ?? 0) / scale) * 100}%`;
  const cell = (label: string, value: number | null, swatch: string, testId: string, note?: string) => (
    <div className="grid gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <span aria-hidden className={cn("size-2 rounded-sm", swatch)} /> {label}
      </dt>
      <dd className={cn("text-sm font-medium tabular-nums", note && "text-amber-700 dark:text-amber-300")} data-testid={testId}>
        {value === null ? "…" : `${formatNumber(value)} tokens`}
        {note ? <span className="ml-1 text-xs font-normal">{note}</span> : null}
      </dd>
    </div>
  );
  return (
    <section aria-label="Token meter" aria-busy={pending} className="grid gap-2.5 rounded-xl border bg-card px-4 py-3 shadow-xs">
      <div className="flex h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
        <div className="h-full bg-sky-500 transition-[width]" style={{ width: pct(catalog) }} />
        <div className={cn("h-full border-l border-card transition-[width]", overBody ? "bg-amber-500" : "bg-indigo-500")} style={{ width: pct(body) }} />
        <div className="h-full border-l border-card bg-violet-400 transition-[width]" style={{ width: pct(resources) }} />
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
        {cell("L1 · catalog entry", catalog, "bg-sky-500", "tokens-catalog")}
        {cell(
          "L2 · SKILL.md body",
          body,
          overBody ? "bg-amber-500" : "bg-indigo-500",
          "tokens-body",
          overBody ? `over ${formatNumber(SPEC_LIMITS.bodyMaxTokens)}` : undefined,
        )}
        {cell("L3 · resources", resources, "bg-violet-400", "tokens-resources")}
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Approximate (o200k_base)</dt>
          <dd className="text-sm font-medium tabular-nums">{catalog === null ? "…" : `${formatNumber(total)} in all`}</dd>
        </div>
      </dl>
    </section>
  );
}
