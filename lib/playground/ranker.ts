import { stem } from "./stem";

// Lexical ranking of skills against a request: what the offline router and the search_skills tool
// both use. BM25F (Robertson & Zaragoza, "The Probabilistic Relevance Framework", 2009): each
// field's term frequency is length-normalised and weighted before the usual BM25 saturation, so a
// word in a skill's name counts for more than the same word deep in a long description.

/** The common English function words; they carry no topic, and user messages are full of them. */
const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers herself him " +
    "himself his how i if in into is it its itself just let lets me more most my myself no nor not now of off on once only " +
    "or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then " +
    "there these they this those through to too under until up very was we were what when where which while who whom why " +
    "will with would you your yours yourself yourselves also may might must shall im ive id youre dont doesnt isnt cant " +
    "please thanks thank hi hello hey okay ok help want need like"
  ).split(" "),
);

export interface RankField {
  text: string;
  weight: number;
}

export interface RankDocument {
  name: string;
  fields: RankField[];
}

export interface Ranked {
  name: string;
  score: number;
}

// Stemming the same words over and over (every description, every turn) dominated ranking time.
const STEM_CACHE_LIMIT = 50_000;
const stemCache = new Map<string, string>();

function cachedStem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemmed = stem(word);
    stemCache.set(word, stemmed);
  }
  return stemmed;
}

/** Lowercased, accents folded, split on anything but letters and digits, stop words dropped, stemmed. */
export function terms(text: string): string[] {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  const out: string[] = [];
  for (const word of words) {
    if (word.length < 2 && !/^[0-9]$/.test(word)) continue;
    if (STOP_WORDS.has(word)) continue;
    out.push(cachedStem(word));
  }
  return out;
}

export interface RankerOptions {
  /** Term-frequency saturation. */
  k1?: number;
  /** Length normalisation, per field. */
  b?: number;
  /**
   * Divide scores by the IDF of a term found in one document only. IDF grows with the size of the
   * collection (a unique term is worth 0.98 among 3 skills, 3.38 among 43, 5.99 among 500), so raw
   * scores cannot share one threshold across catalogs; in these units a score of 1 is about one
   * distinctive word matched, whatever the catalog's size.
   */
  normalize?: boolean;
}

interface IndexedDocument {
  name: string;
  /** Per field: term -> count, and the field's length in terms. */
  fields: { counts: Map<string, number>; length: number; weight: number }[];
}

/**
 * A BM25F index over a fixed set of documents. Field i of every document is normalised against
 * the average length of field i across the collection.
 */
export class Ranker {
  private readonly docs: IndexedDocument[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number[];
  private readonly k1: number;
  private readonly b: number;
  private readonly scale: number;

  constructor(documents: readonly RankDocument[], options: RankerOptions = {}) {
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
    this.docs = documents.map((doc) => ({
      name: doc.name,
      fields: doc.fields.map((field) => {
        const counts = new Map<string, number>();
        const list = terms(field.text);
        for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
        return { counts, length: list.length, weight: field.weight };
      }),
    }));
    const fieldCount = Math.max(0, ...this.docs.map((d) => d.fields.length));
    this.avgLength = Array.from({ length: fieldCount }, (_, i) => {
      const lengths = this.docs.map((d) => d.fields[i]?.length ?? 0);
      return lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length) || 1;
    });
    this.scale = options.normalize ? this.idfOf(1) || 1 : 1;
    for (const doc of this.docs) {
      const seen = new Set<string>();
      for (const field of doc.fields) for (const term of field.counts.keys()) seen.add(term);
      for (const term of seen) this.df.set(term, (this.df.get(term) ?? 0) + 1);
    }
  }

  get size(): number {
    return this.docs.length;
  }

  /** Robertson-Sparck Jones IDF with the +1 that keeps it positive for very common terms. */
  idf(term: string): number {
    return this.idfOf(this.df.get(term) ?? 0);
  }

  private idfOf(df: number): number {
    return Math.log(1 + (this.docs.length - df + 0.5) / (df + 0.5));
  }

  /** How many distinct terms of the query occur in the named document (any field). */
  matchedTerms(name: string, query: string): number {
    const doc = this.docs.find((d) => d.name === name);
    if (!doc) return 0;
    return [...new Set(terms(query))].filter((term) => doc.fields.some((field) => field.counts.has(term))).length;
  }

  /** Every document with its score, best first; ties broken by name so the order is deterministic. */
  rank(query: string): Ranked[] {
    const queryTerms = [...new Set(terms(query))];
    const ranked = this.docs.map((doc) => {
      let score = 0;
      for (const term of queryTerms) {
        let tf = 0;
        doc.fields.forEach((field, i) => {
          const count = field.counts.get(term);
          if (!count) return;
          tf += (field.weight * count) / (1 - this.b + (this.b * field.length) / this.avgLength[i]);
        });
        if (tf > 0) score += (this.idf(term) * tf * (this.k1 + 1)) / (tf + this.k1);
      }
      return { name: doc.name, score: score / this.scale };
    });
    return ranked.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

export interface CatalogEntryText {
  name: string;
  description: string;
}

/** Field weights: a skill's name is its shortest and most deliberate summary. */
export const NAME_WEIGHT = 3;
export const DESCRIPTION_WEIGHT = 1;

/** The ranker the router and search_skills share: name (hyphens as spaces) and description. */
export function createCatalogRanker(entries: readonly CatalogEntryText[]): Ranker {
  return new Ranker(
    entries.map((entry) => ({
      name: entry.name,
      fields: [
        { text: entry.name.replace(/[-_]+/g, " "), weight: NAME_WEIGHT },
        { text: entry.description, weight: DESCRIPTION_WEIGHT },
      ],
    })),
    { normalize: true },
  );
}

/**
 * Below this normalised score nothing is disclosed: the message shares less than about one and a
 * half distinctive words' worth of evidence with every skill. Calibrated on the development set
 * (correct picks score 1.8 and up, unrelated requests 1.25 at most) and checked on a paraphrased set.
 */
export const SCORE_THRESHOLD = 1.5;

/**
 * Evidence must come from at least this many distinct words of the message (or from all of them,
 * when it has fewer): one shared word, however rare ("git", "review", "plan"), is how unrelated
 * requests brush against a catalog, while requests a skill is written for share several.
 */
export const MIN_MATCHED_TERMS = 2;

export interface CatalogDecision {
  ranked: Ranked[];
  threshold: number;
  chosen: string | null;
  /** Why nothing was chosen, in words for the UI; absent when a skill was chosen. */
  reason?: string;
}

/** Distinct terms of the query that occur in the text. */
export function countMatchedTerms(query: string, text: string): number {
  const present = new Set(terms(text));
  return [...new Set(terms(query))].filter((term) => present.has(term)).length;
}

/**
 * Whether the best-ranked skill qualifies (score over the threshold, enough words matched): null
 * when it does, else the reason it does not.
 */
export function disqualification(query: string, best: Ranked | undefined, matched: number): string | null {
  if (!best || best.score <= 0) return "no skill shares a word with the message";
  if (best.score < SCORE_THRESHOLD) return `the best match, ${best.name}, scores ${best.score.toFixed(2)}; a skill needs ${SCORE_THRESHOLD.toFixed(2)}`;
  const needed = Math.min(MIN_MATCHED_TERMS, new Set(terms(query)).size);
  if (matched < needed) return `the best match, ${best.name}, shares only ${matched} word with the message; a skill needs ${needed}`;
  return null;
}

/** Ranks the catalog for a request and picks the best skill when it qualifies. */
export function decide(ranker: Ranker, query: string): CatalogDecision {
  const ranked = ranker.rank(query);
  const best = ranked[0];
  const reason = disqualification(query, best, best ? ranker.matchedTerms(best.name, query) : 0);
  return reason === null ? { ranked, threshold: SCORE_THRESHOLD, chosen: best.name } : { ranked, threshold: SCORE_THRESHOLD, chosen: null, reason };
}
