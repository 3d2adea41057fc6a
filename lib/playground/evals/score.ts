// Scores of one trigger-test run. A should-trigger test is a positive: recall is the share of
// positives that loaded the skill; precision the share of the skill's loads that were wanted
// (positives that loaded it over every test that loaded it, near misses included).

export interface ScoredTest {
  shouldTrigger: boolean;
  triggered: boolean;
  passed: boolean;
  competitor: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
}

export interface TriggerEvalSummary {
  tests: number;
  passed: number;
  positives: number;
  negatives: number;
  /** Positives that loaded the skill. */
  truePositives: number;
  /** Near misses (should not trigger) that loaded it. */
  falsePositives: number;
  /** truePositives / positives; null without positives. */
  recall: number | null;
  /** truePositives / (truePositives + falsePositives); null when the skill never loaded. */
  precision: number | null;
  /** Skills that won this skill's positives, most wins first. */
  competitors: { name: string; wins: number }[];
  /** Summed over the tests; null when the model reports none (the offline router). */
  inputTokens: number | null;
  outputTokens: number | null;
}

export function summarize(results: readonly ScoredTest[]): TriggerEvalSummary {
  const positives = results.filter((r) => r.shouldTrigger).length;
  const truePositives = results.filter((r) => r.shouldTrigger && r.triggered).length;
  const falsePositives = results.filter((r) => !r.shouldTrigger && r.triggered).length;
  const wins = new Map<string, number>();
  for (const r of results) if (r.competitor) wins.set(r.competitor, (wins.get(r.competitor) ?? 0) + 1);
  const sum = (key: "inputTokens" | "outputTokens") => (results.some((r) => r[key] !== null) ? results.reduce((total, r) => total + (r[key] ?? 0), 0) : null);
  return {
    tests: results.length,
    passed: results.filter((r) => r.passed).length,
    positives,
    negatives: results.length - positives,
    truePositives,
    falsePositives,
    recall: positives ? truePositives / positives : null,
    precision: truePositives + falsePositives ? truePositives / (truePositives + falsePositives) : null,
    competitors: [...wins].map(([name, count]) => ({ name, wins: count })).sort((a, b) => b.wins - a.wins || (a.name < b.name ? -1 : 1)),
    inputTokens: sum("inputTokens"),
    outputTokens: sum("outputTokens"),
  };
}

/** "2/3 (67%)", or "none" when there is nothing to divide. */
export function formatRate(numerator: number, denominator: number): string {
  return denominator ? `${numerator}/${denominator} (${Math.round((100 * numerator) / denominator)}%)` : "none";
}
