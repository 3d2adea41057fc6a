import { formatNumber } from "@/lib/display";
import { showsSaving } from "@/lib/playground/ledger";
import type { TurnLedger } from "@/lib/playground/domain";
import { cn } from "@/lib/utils";

// Full rows at every width where the count allows it: 5 in one, 6 in two or one, 7 and 8 in two of four.
const TOTALS_COLUMNS: Record<number, string> = { 5: "sm:grid-cols-5", 6: "sm:grid-cols-3 xl:grid-cols-6" };

export function Totals({ ledger }: { ledger: TurnLedger }) {
  const t = ledger.totals;
  const items: { label: string; value: string; hint: string }[] = [
    {
      label: "Newly disclosed",
      value: formatNumber(t.newlyDisclosed),
      hint: `${["Skill tokens", t.toolTokens ? "tool definitions" : "", t.runTokens || t.callTokens ? "run and call output" : ""].filter(Boolean).join(", ")} that entered the context this turn`,
    },
    {
      label: "Resident",
      value: formatNumber(t.resident),
      hint: "Catalog and every skill body and resource still in the conversation. It can fall between turns: a $mention's skill is shown only for the turn that mentions it and is not kept in the history.",
    },
    {
      label: "Provider in / out",
      value:
        t.inputTokens === null && t.outputTokens === null
          ? "not reported"
          : `${t.inputTokens === null ? "–" : formatNumber(t.inputTokens)} / ${t.outputTokens === null ? "–" : formatNumber(t.outputTokens)}`,
      hint: "Tokens the provider reported for this turn",
    },
    // Ledgers saved before runs and bound tools existed have none of these figures: they are left out, not shown as 0.
    ...(t.runTokens
      ? [
          {
            label: "Run output",
            value: formatNumber(t.runTokens),
            hint: "Tokens of skill_run results (stdout, stderr, inline files) returned to the model; in the figures above, not in the saving",
          },
        ]
      : []),
    ...(t.toolTokens
      ? [
          {
            label: "Tool definitions",
            value: formatNumber(t.toolTokens),
            hint: "Tool definitions in context: the bound tools offered at the end of this turn, sent with every request; in resident, not in the saving",
          },
        ]
      : []),
    ...(t.callTokens
      ? [
          {
            label: "Call results",
            value: formatNumber(t.callTokens),
            hint: "Tokens of bound tools' results returned to the model this turn; in the figures above, not in the saving",
          },
        ]
      : []),
    { label: "Eager (all up front)", value: formatNumber(t.eagerTokens), hint: "Every catalog skill's body and resources loaded at the start" },
    {
      label: "Saving",
      value: showsSaving(t) ? `${t.savingPercent.toFixed(1)}%` : "–",
      hint: showsSaving(t) ? "1 − resident ÷ eager" : "Nothing was disclosed this turn, so there is no saving to show",
    },
  ];
  return (
    <dl className={cn("grid grid-cols-2 gap-px border-t bg-border", TOTALS_COLUMNS[items.length] ?? "sm:grid-cols-4")} aria-label="Totals">
      {items.map((item) => (
        <div key={item.label} className="bg-background/60 px-3 py-2" title={item.hint}>
          <dt className="text-xs text-muted-foreground">{item.label}</dt>
          <dd className="font-medium tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
