import { splitDescription } from "./description-clauses";
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
  /** Text whose words, met in this order in a query, earn the document PHRASE_BONUS (its name). */
  phrase?: string;
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
  phrase: string[];
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
      phrase: doc.phrase ? terms(doc.phrase) : [],
      fields: doc.fields.map((field) => {
        const counts = new Map<string, number>();
        const list = terms(field.text);
        for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
        return { counts, length: list.length, weight: field.weight };
      }),
    }));
    const fieldCount = Math.max(0, ...this.docs.map((d) => d.fields.length));
    // Averaged over the documents that have the field at all: most skills get no pointer text
    // (see createCatalogRanker), and counting them would make every pointer look overlong.
    this.avgLength = Array.from({ length: fieldCount }, (_, i) => {
      const lengths = this.docs.map((d) => d.fields[i]?.length ?? 0).filter((n) => n > 0);
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
    const sequence = terms(query);
    const queryTerms = [...new Set(sequence)];
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
      score /= this.scale;
      if (doc.phrase.length > 1 && containsRun(sequence, doc.phrase)) score += PHRASE_BONUS;
      return { name: doc.name, score };
    });
    return ranked.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

/** Whether `run` occurs in `sequence` as consecutive items, in order. */
function containsRun(sequence: readonly string[], run: readonly string[]): boolean {
  outer: for (let i = 0; i + run.length <= sequence.length; i++) {
    for (let j = 0; j < run.length; j++) if (sequence[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

export interface CatalogEntryText {
  name: string;
  description: string;
}

/** Field weights: a skill's name is its shortest and most deliberate summary. */
export const NAME_WEIGHT = 3;
export const DESCRIPTION_WEIGHT = 1;
/**
 * What sibling skills' descriptions say this skill is for ("for quick lookups use gget" describes
 * gget): written by someone who knows both skills, so it counts like the skill's own description.
 * On the external development set, 0.5, 1 and 2 gave the same picks; 0 (dropping the clauses only) one fewer.
 */
export const POINTER_WEIGHT = 1;

/**
 * Added, in normalised units (one distinctive word), when a message spells out a skill's name of
 * two words or more in order ("a code review of this PR", "write a terraform test"): words such as
 * "code" and "review" are too common in a large catalog to add up to the threshold on their own,
 * yet together they name what the user wants. Names of one word are left out: a message names
 * tools it works with ("using trailmark", "from codeql and semgrep") as often as the skill it needs
 * (with them, the external development set lost two right picks and gained one). It changes no pick of
 * the three development sets, whose requests rarely spell a name out; 1 lifts a bare "code review"
 * (1.07 on the external catalog) over the threshold, 0.5 would not.
 */
export const PHRASE_BONUS = 1;

/**
 * The ranker the router and search_skills share: name (hyphens as spaces), the description's
 * clauses about the skill itself, and the clauses of other descriptions that point at it.
 */
export function createCatalogRanker(entries: readonly CatalogEntryText[]): Ranker {
  const names = new Set(entries.map((e) => e.name));
  const parts = entries.map((entry) => splitDescription(entry.name, entry.description, names));
  const pointers = new Map<string, string[]>();
  for (const part of parts) for (const [target, texts] of part.pointers) pointers.set(target, [...(pointers.get(target) ?? []), ...texts]);
  return new Ranker(
    entries.map((entry, i) => ({
      name: entry.name,
      phrase: entry.name.replace(/[-_]+/g, " "),
      fields: [
        { text: entry.name.replace(/[-_]+/g, " "), weight: NAME_WEIGHT },
        { text: parts[i].own, weight: DESCRIPTION_WEIGHT },
        { text: (pointers.get(entry.name) ?? []).join(" "), weight: POINTER_WEIGHT },
      ],
    })),
    { normalize: true },
  );
}

/**
 * Below this normalised score nothing is disclosed: the message shares less than about two
 * distinctive words' worth of evidence with every skill. The bigger the catalog, the likelier some
 * skill shares a couple of everyday words with any message: 1.5 held on the 42-skill corpus, but on
 * the 206-skill external catalog a third of the requests no skill covers reached it. Calibrated on
 * three sets at once (dev over the corpus, the paraphrased set, external-dev over corpus-external):
 * 1.75 leaves a quarter of the uncovered external requests loading a skill, 2.25 loses 4% more
 * right picks on every set; the one constant serves every catalog.
 */
export const SCORE_THRESHOLD = 2;

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
