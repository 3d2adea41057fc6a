import { byScoreThenName, topOf, type RankedSkill } from "./skill-ranking";

// The vector half of hybrid ranking (skill-ranking.ts is the lexical half): the request's and each
// skill's embedding compared by cosine, and the two rankings fused by reciprocal rank.

/** Hybrid ranking's input: the request's embedding and the stored embedding of each skill's ranked version, by skill name. */
export interface RankingVectors {
  query: ArrayLike<number>;
  skills: ReadonlyMap<string, ArrayLike<number>>;
}

/** Constant of reciprocal-rank fusion (Cormack, Clarke & Büttcher 2009): damps the weight of the very top ranks. */
export const RRF_K = 60;

/** Reciprocal-rank fusion of rankings: each skill scores the sum of 1 / (RRF_K + rank) over the lists it appears in. */
export function fuseRankings(lists: readonly (readonly { name: string }[])[]): RankedSkill[] {
  const fused = new Map<string, number>();
  for (const list of lists) list.forEach((entry, i) => fused.set(entry.name, (fused.get(entry.name) ?? 0) + 1 / (RRF_K + i + 1)));
  return [...fused].map(([name, score]) => ({ name, score })).sort(byScoreThenName);
}

/** Cosine similarity; 0 when either vector is zero or their lengths differ. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The candidates ranked by cosine similarity to the query vector, best first, at most `limit`. */
export function rankByVector(query: ArrayLike<number>, vectors: ReadonlyMap<string, ArrayLike<number>>, limit: number): RankedSkill[] {
  const names: string[] = [];
  const scores = new Float64Array(vectors.size);
  let queryNorm = 0;
  for (let i = 0; i < query.length; i++) queryNorm += query[i] * query[i];
  queryNorm = Math.sqrt(queryNorm);
  for (const [name, vector] of vectors) {
    // One pass for the product and the vector's norm (a norm cached per vector costs more to look up than to compute).
    let dot = 0;
    let norm = 0;
    if (vector.length === query.length)
      for (let i = 0; i < vector.length; i++) {
        const x = vector[i];
        dot += query[i] * x;
        norm += x * x;
      }
    scores[names.length] = queryNorm && norm ? dot / (queryNorm * Math.sqrt(norm)) : 0;
    names.push(name);
  }
  return topOf(
    names.map((_, i) => i),
    scores,
    names,
    limit,
  );
}
