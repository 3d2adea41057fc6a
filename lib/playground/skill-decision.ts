import { terms } from "./ranker";
import { type RankedSkill, type SkillIndex } from "./skill-ranking";
import { fuseRankings, rankByVector, type RankingVectors } from "./skill-vectors";

// Whether the best-ranked skill is what the request asks for, or nothing is. One global score
// threshold traded right picks for silence as catalogs grew (a bigger catalog shares a couple of
// everyday words with any request). The evidence read here is the ranking's own:
// - coverage: the share of the request's informative words (weighted by IDF; a word no skill has
//   weighs as much as the rarest) found anywhere in the best skill, name to body to file names.
//   A request no skill covers names things the catalog never mentions ("Netlify", "Helm chart").
// - margin: how far the best skill stands above the runner-up, relative to its score. A clear
//   winner with fair coverage is chosen; a crowd of near-equal weak matches is not.

export interface SilenceRule {
  /** Below this normalised score nothing is chosen: less than one distinctive word's worth. */
  minScore: number;
  /** Coverage the best skill needs when it stands alone (margin at least `clearMargin`). */
  clearCoverage: number;
  /** Coverage it needs when the runner-up is close. */
  crowdedCoverage: number;
  /** (best - runner-up) / best at which the best counts as standing alone. */
  clearMargin: number;
  /** Score the best skill's catalog entry alone must reach (SkillIndex.entryScore). */
  minEntryScore: number;
}

/** Tuned on the development sets only (testdata/routing/dev); the test set was scored once with these. */
export const SILENCE_RULE: SilenceRule = { minScore: 1, clearCoverage: 0.3, crowdedCoverage: 0.5, clearMargin: 0.2, minEntryScore: 2 };

export interface Evidence {
  score: number;
  /** 0-1: share of the request's informative words the best skill contains. */
  coverage: number;
  /** 0-1: (best - runner-up) / best. */
  margin: number;
  /** The best skill's score on its catalog entry alone. */
  entryScore: number;
}

export interface RouteDecision {
  ranked: RankedSkill[];
  chosen: string | null;
  /** Why nothing was chosen, in words for the UI; absent when a skill was chosen. */
  reason?: string;
  evidence: Evidence | null;
}

export interface RouteOptions {
  /** How many ranked skills to return (the decision looks at the top two either way). */
  limit?: number;
  /** Restrict to these skills (what the viewer may see, what the catalog offers). */
  candidates?: ReadonlySet<string>;
  /** Hybrid ranking: the query's embedding and the candidates' current-version embeddings. */
  vectors?: RankingVectors;
  rule?: SilenceRule;
}

/** How many of each list are fused: deep enough that a skill ranked low by one list can still surface. */
const FUSION_DEPTH = 50;

/** Share of the query's informative words (IDF-weighted) that the named skill contains. */
export function coverage(index: SkillIndex, name: string, query: string): number {
  const unique = [...new Set(terms(query))];
  let total = 0;
  let found = 0;
  for (const term of unique) {
    const weight = Math.min(index.weight(term), 1);
    total += weight;
    if (index.contains(name, term)) found += weight;
  }
  return total > 0 ? found / total : 0;
}

/** Ranks the catalog for a request (lexical, or fused with vectors when given) and decides. */
export function routeRequest(index: SkillIndex, query: string, options: RouteOptions = {}): RouteDecision {
  const rule = options.rule ?? SILENCE_RULE;
  const limit = options.limit ?? 10;
  const lexical = index.rank(query, { limit: Math.max(limit, options.vectors ? FUSION_DEPTH : 2), candidates: options.candidates });
  let ranked = lexical;
  if (options.vectors) {
    const skills = options.candidates ? new Map([...options.vectors.skills].filter(([name]) => options.candidates!.has(name))) : options.vectors.skills;
    ranked = fuseRankings([lexical, rankByVector(options.vectors.query, skills, FUSION_DEPTH)]);
  }
  ranked = ranked.slice(0, Math.max(limit, 2));
  const best = ranked[0];
  const out = (decision: Omit<RouteDecision, "ranked">): RouteDecision => ({ ranked: ranked.slice(0, limit), ...decision });
  if (!best) return out({ chosen: null, reason: "no skill shares a word with the message", evidence: null });
  // Silence reads lexical evidence even when fused: a vector neighbour always exists, relevant or not.
  const lexicalScore = (name: string) => lexical.find((r) => r.name === name)?.score ?? 0;
  const score = lexicalScore(best.name);
  const runnerUp = ranked[1] ? lexicalScore(ranked[1].name) : 0;
  const evidence: Evidence = {
    score,
    coverage: coverage(index, best.name, query),
    margin: score > 0 ? Math.max(0, (score - runnerUp) / score) : 0,
    entryScore: index.entryScore(best.name, query),
  };
  const reason = silenceReason(best.name, evidence, rule);
  return out(reason ? { chosen: null, reason, evidence } : { chosen: best.name, evidence });
}

/** Null when the best skill qualifies, else why it does not. */
export function silenceReason(name: string, evidence: Evidence, rule: SilenceRule = SILENCE_RULE): string | null {
  const pct = (n: number) => `${Math.round(n * 100)}%`;
  if (evidence.score < rule.minScore) return `the best match, ${name}, scores ${evidence.score.toFixed(2)}; a skill needs ${rule.minScore.toFixed(2)}`;
  if (evidence.entryScore < rule.minEntryScore)
    return `the best match, ${name}, matches the message in its body but its name and description score only ${evidence.entryScore.toFixed(2)} (a skill needs ${rule.minEntryScore.toFixed(2)})`;
  const needed = evidence.margin >= rule.clearMargin ? rule.clearCoverage : rule.crowdedCoverage;
  if (evidence.coverage < needed)
    return `the best match, ${name}, covers ${pct(evidence.coverage)} of the message's informative words (a skill ${evidence.margin >= rule.clearMargin ? "that stands out" : "this close to the runner-up"} needs ${pct(needed)})`;
  return null;
}
