import { familiesOf, splitDescription } from "./description-clauses";
import { terms } from "./ranker";
import type { RankingVectors } from "./skill-vectors";

// The one ranking of skills against a request, shared by the offline router, search_skills (the
// playground's search mode), MCP list_skills and the skill list's search. It ranks the whole skill,
// not only its catalog entry: SkillRouter (arXiv 2603.22455) measured name + description alone
// losing 29-44 points of top-1 against ranking with the body. BM25F (Robertson & Zaragoza 2009) over
// six fields with their own weights, on an inverted index so a query touches only the skills that
// share a word with it; then, when vectors are given, reciprocal-rank fusion with the vector
// ranking; then a silence rule read from the ranking's own evidence (skill-decision.ts).

/** What is ranked of one skill. */
export interface SkillText {
  name: string;
  description: string;
  /** The SKILL.md body, frontmatter stripped; absent when only the catalog entry is known. */
  body?: string;
  /** Resource file paths, relative to the skill folder. */
  files?: readonly string[];
  /** Identifies this text (skillId@version): an analysed skill is reused while its key is the same. */
  key?: string;
}

/**
 * Field weights. The name is the shortest, most deliberate summary; the description is the author's
 * statement of when to use the skill, and what sibling descriptions say a skill is for counts like
 * it; headings name what the body teaches and count above its prose, which is long and full of
 * incidental words; resource file names (forms.md, scripts/fill_pdf.py) are terse topic labels.
 */
export const FIELD_WEIGHTS = { name: 3, description: 1, pointers: 1, headings: 0.5, body: 0.15, files: 0.3 } as const;
type FieldName = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as FieldName[];

/**
 * Added, in normalised units (one distinctive word), when a message spells out a skill's name of
 * two words or more in order ("a code review of this PR") or writes a hyphenated name as it is
 * ("run uipath-ixp"). One-word names get no bonus inside a message: a message names tools it works
 * with as often as the skill it needs.
 */
export const PHRASE_BONUS = 1;
/** Added when the whole request is a skill's exact name: someone typing "polars" in a search box means that skill. */
export const EXACT_NAME_BONUS = 100;

const K1 = 1.2;
const B = 0.75;

export interface RankedSkill {
  name: string;
  score: number;
}

interface Analysed {
  name: string;
  /** Per field: term -> count, and the field's length in terms (pointers are filled per catalog). */
  fields: Record<FieldName, { counts: Map<string, number>; length: number }>;
  phrase: string[];
}

function bag(text: string): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  const list = terms(text);
  for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { counts, length: list.length };
}

/** Headings and prose of a Markdown body; fenced code stays in the prose (API names are typed by users). */
export function splitBody(body: string): { headings: string; prose: string } {
  const headings: string[] = [];
  const prose: string[] = [];
  for (const line of body.split("\n")) {
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line);
    (heading ? headings : prose).push(heading ? heading[1] : line);
  }
  return { headings: headings.join("\n"), prose: prose.join("\n") };
}

// Analysing a body (tokenising, stemming) is the costly part of building an index; a skill's text
// changes only with a new version, so analyses are kept by key across the indexes of every request.
const ANALYSIS_CACHE_LIMIT = 20_000;
const analysisCache = new Map<string, Omit<Analysed, "fields"> & { fields: Omit<Analysed["fields"], "description" | "pointers"> }>();

function analyse(text: SkillText, own: string, pointers: string): Analysed {
  const cacheKey = text.key ? `${text.name}\u0000${text.key}` : null;
  let fixed = cacheKey ? analysisCache.get(cacheKey) : undefined;
  if (!fixed) {
    const { headings, prose } = splitBody(text.body ?? "");
    const spaced = text.name.replace(/[-_]+/g, " ");
    fixed = {
      name: text.name,
      phrase: terms(spaced),
      fields: { name: bag(spaced), headings: bag(headings), body: bag(prose), files: bag((text.files ?? []).join(" ")) },
    };
    if (cacheKey) {
      if (analysisCache.size >= ANALYSIS_CACHE_LIMIT) analysisCache.delete(analysisCache.keys().next().value!);
      analysisCache.set(cacheKey, fixed);
    }
  }
  return { ...fixed, fields: { ...fixed.fields, description: bag(own), pointers: bag(pointers) } };
}

/** One term's postings: the skills that contain it (ascending) and its BM25F pseudo-frequency in each. */
interface Postings {
  docs: number[];
  tf: number[];
}

/** The fields of a skill's catalog entry: what its author declared it is for. */
const ENTRY_FIELDS: readonly FieldName[] = ["name", "description", "pointers"];

/** BM25F postings of the given fields: per term, the skills containing it and the weighted, length-normalised frequency. */
function invert(docs: readonly Analysed[], fields: readonly FieldName[]): Map<string, Postings> {
  const postings = new Map<string, Postings>();
  // Averaged over the skills that have the field at all: most skills have no pointer text or no resources.
  const average = new Map(
    fields.map((field) => {
      const lengths = docs.map((d) => d.fields[field].length).filter((n) => n > 0);
      return [field, lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length) || 1];
    }),
  );
  docs.forEach((doc, i) => {
    const tf = new Map<string, number>();
    for (const field of fields) {
      const { counts, length } = doc.fields[field];
      const norm = FIELD_WEIGHTS[field] / (1 - B + (B * length) / average.get(field)!);
      for (const [term, count] of counts) tf.set(term, (tf.get(term) ?? 0) + count * norm);
    }
    for (const [term, value] of tf) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = { docs: [], tf: [] }));
      list.docs.push(i);
      list.tf.push(value);
    }
  });
  return postings;
}

/** Position of `doc` in ascending `docs`, or -1. */
function find(docs: readonly number[], doc: number): number {
  let lo = 0;
  let hi = docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (docs[mid] === doc) return mid;
    if (docs[mid] < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const saturate = (idf: number, tf: number) => (idf * tf * (K1 + 1)) / (tf + K1);

/**
 * An inverted BM25F index over a catalog of skills. Scores are normalised by the IDF of a term
 * found in one skill only, so a score of 1 is about one distinctive word matched whatever the
 * catalog's size (IDF grows with the catalog: 0.98 among 3 skills, 5.99 among 500).
 */
export class SkillIndex {
  readonly names: string[];
  /** Every field: what ranks. */
  private readonly postings: Map<string, Postings>;
  /** The catalog entry's fields only: how much of the evidence the skill's own declaration carries. */
  private readonly entryPostings: Map<string, Postings>;
  /** Skills whose names are two words or more, by those words' terms joined with spaces. */
  private readonly byPhrase = new Map<string, number[]>();
  private longestPhrase = 0;
  private readonly byName = new Map<string, number>();
  private readonly scale: number;

  constructor(texts: readonly SkillText[]) {
    const names = new Set(texts.map((t) => t.name));
    const families = familiesOf(names);
    const parts = texts.map((t) => splitDescription(t.name, t.description, names, families));
    const pointed = new Map<string, string[]>();
    for (const part of parts) for (const [target, said] of part.pointers) pointed.set(target, (pointed.get(target) ?? []).concat(said));
    const docs = texts.map((t, i) => analyse(t, parts[i].own, (pointed.get(t.name) ?? []).join(" ")));
    this.names = docs.map((d) => d.name);
    docs.forEach((d, i) => {
      this.byName.set(d.name, i);
      if (d.phrase.length < 2) return;
      const key = d.phrase.join(" ");
      const list = this.byPhrase.get(key);
      if (list) list.push(i);
      else this.byPhrase.set(key, [i]);
      this.longestPhrase = Math.max(this.longestPhrase, d.phrase.length);
    });
    this.postings = invert(docs, FIELDS);
    this.entryPostings = invert(docs, ENTRY_FIELDS);
    this.scale = this.idfOf(1) || 1;
  }

  get size(): number {
    return this.names.length;
  }

  private idfOf(df: number): number {
    return Math.log(1 + (this.names.length - df + 0.5) / (df + 0.5));
  }

  /** IDF of a term in this catalog, normalised like the scores (a term in one skill only is 1). */
  weight(term: string): number {
    return this.idfOf(this.postings.get(term)?.docs.length ?? 0) / this.scale;
  }

  /** Whether the named skill contains the term in any field. */
  contains(name: string, term: string): boolean {
    const doc = this.byName.get(name);
    const list = this.postings.get(term);
    return doc !== undefined && !!list && find(list.docs, doc) >= 0;
  }

  /**
   * The skills whose name the query spells out in order ("a code review of this PR") or writes
   * hyphenated as it is ("run uipath-ixp"): each earns PHRASE_BONUS. Found from the query's side,
   * so the cost does not grow with the catalog.
   */
  private named(sequence: readonly string[], query: string): Set<number> {
    const out = new Set<number>();
    for (const token of query.toLowerCase().match(/[a-z0-9]+(?:[-_][a-z0-9]+)+/g) ?? []) {
      const doc = this.byName.get(token);
      if (doc !== undefined) out.add(doc);
    }
    for (let i = 0; i < sequence.length; i++) {
      for (let length = 2; length <= this.longestPhrase && i + length <= sequence.length; length++) {
        for (const doc of this.byPhrase.get(sequence.slice(i, i + length).join(" ")) ?? []) out.add(doc);
      }
    }
    return out;
  }

  /**
   * The named skill's score counting its catalog entry only (name, description, what siblings say
   * of it), with IDF over the entries: the body helps rank, but a skill whose own declaration
   * says little about the request is not what the request is for.
   */
  entryScore(name: string, query: string): number {
    const doc = this.byName.get(name);
    if (doc === undefined) return 0;
    const sequence = terms(query);
    let score = 0;
    for (const term of new Set(sequence)) {
      const list = this.entryPostings.get(term);
      const at = list ? find(list.docs, doc) : -1;
      if (at >= 0) score += saturate(this.idfOf(list!.docs.length) / this.scale, list!.tf[at]);
    }
    return score + (this.named(sequence, query).has(doc) ? PHRASE_BONUS : 0);
  }

  /**
   * The skills sharing evidence with the query, best first (ties by name), at most `limit` of them;
   * `candidates` restricts the ranking to those names (the skills a viewer may see).
   */
  rank(query: string, options: { limit?: number; candidates?: ReadonlySet<string> } = {}): RankedSkill[] {
    const sequence = terms(query);
    const scores = new Float64Array(this.names.length);
    const touched: number[] = [];
    const add = (doc: number, value: number) => {
      if (scores[doc] === 0) touched.push(doc);
      scores[doc] += value;
    };
    for (const term of new Set(sequence)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = this.idfOf(list.docs.length) / this.scale;
      for (let j = 0; j < list.docs.length; j++) add(list.docs[j], saturate(idf, list.tf[j]));
    }
    for (const doc of this.named(sequence, query)) add(doc, PHRASE_BONUS);
    const exact = this.byName.get(query.trim().toLowerCase());
    if (exact !== undefined) add(exact, EXACT_NAME_BONUS);
    return topOf(touched, scores, this.names, options.limit ?? Infinity, options.candidates);
  }
}

export const byScoreThenName = (a: RankedSkill, b: RankedSkill) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The best `limit` entries, without sorting every scored skill when only a few are wanted. */
export function topOf(
  docs: readonly number[],
  scores: ArrayLike<number>,
  names: readonly string[],
  limit: number,
  candidates?: ReadonlySet<string>,
): RankedSkill[] {
  const out: RankedSkill[] = [];
  for (const doc of docs) {
    const score = scores[doc];
    if (score <= 0 || (candidates && !candidates.has(names[doc]))) continue;
    if (out.length === limit && score < out[out.length - 1].score) continue;
    const entry = { name: names[doc], score };
    if (out.length < limit) {
      out.push(entry);
      if (out.length === limit) out.sort(byScoreThenName);
    } else if (byScoreThenName(entry, out[out.length - 1]) < 0) {
      let at = out.length - 1;
      while (at > 0 && byScoreThenName(entry, out[at - 1]) < 0) at--;
      out.splice(at, 0, entry);
      out.pop();
    }
  }
  return out.length < limit || limit === Infinity ? out.sort(byScoreThenName) : out;
}

/** Looks up the whole text of catalog skills by name (bodies, resource names), for the offline router. */
export type SkillTextLookup = (catalog: readonly { name: string; description: string }[]) => Promise<SkillText[]>;

/** The texts of these skills of a source: body of the disclosed version, resource paths, keyed by version. */
export async function sourceTexts<T extends S>(source: { body(skill: T): Promise<string> }, skills: readonly T[]): Promise<SkillText[]> {
  return Promise.all(
    skills.map(async (skill) => ({
      name: skill.name,
      description: skill.description,
      body: await source.body(skill),
      files: skill.files.map((f) => f.path),
      key: `${skill.skillId}@${skill.version}`,
    })),
  );
}
type S = { name: string; description: string; skillId: string; version: number; files: readonly { path: string }[] };

// Indexes by the catalog they cover (names and versions): a conversation's turns, and the router,
// search_skills and list_skills within one turn, rank the same catalog again and again.
const INDEX_CACHE_LIMIT = 8;
const indexCache = new Map<string, SkillIndex>();

/** The index over these texts, reused while the same skills at the same versions are asked for. */
export function indexFor(texts: readonly SkillText[]): SkillIndex {
  const key = texts.map((t) => `${t.name}\u0000${t.key ?? `${t.description.length}:${t.body?.length ?? -1}:${t.description}`}`).join("\u0001");
  let index = indexCache.get(key);
  if (!index) {
    index = new SkillIndex(texts);
    if (indexCache.size >= INDEX_CACHE_LIMIT) indexCache.delete(indexCache.keys().next().value!);
    indexCache.set(key, index);
  }
  return index;
}

/** Looks up hybrid ranking's vectors for a request over catalog skills by name; null: rank on words alone. */
export type SkillVectorLookup = (query: string, catalog: readonly { name: string }[]) => Promise<RankingVectors | null>;

/** The vector lookup of a source that has one (an embeddings provider is configured), else undefined. */
export function sourceVectorLookup<T extends { name: string }>(source: {
  readonly skills: readonly T[];
  vectors?(query: string, skills: readonly T[]): Promise<RankingVectors | null>;
}): SkillVectorLookup | undefined {
  const vectors = source.vectors?.bind(source);
  if (!vectors) return undefined;
  return async (query, catalog) => {
    const byName = new Map(source.skills.map((s) => [s.name, s]));
    return vectors(
      query,
      catalog.flatMap((entry) => byName.get(entry.name) ?? []),
    );
  };
}

/** How long analysing skills may hold the event loop before it gives other requests a turn. */
const SLICE_MS = 10;

/**
 * indexFor, with each skill's text analysed first in slices of about SLICE_MS, giving the event
 * loop a turn between them: a search over 200 long bodies analysed at once held a server for
 * seconds. Analyses are kept by key, so a text is analysed once whatever index it joins.
 */
export async function prepareIndex(texts: readonly SkillText[]): Promise<SkillIndex> {
  let started = performance.now();
  for (const text of texts) {
    if (!text.key || analysisCache.has(`${text.name}\u0000${text.key}`)) continue;
    analyse(text, "", "");
    if (performance.now() - started > SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      started = performance.now();
    }
  }
  return indexFor(texts);
}

/** The lookup that reads whole skills from a playground source, for the router over that source's catalog. */
export function sourceLookup<T extends S>(source: { readonly skills: readonly T[]; body(skill: T): Promise<string> }): SkillTextLookup {
  return async (catalog) => {
    const byName = new Map(source.skills.map((s) => [s.name, s]));
    const known = catalog.flatMap((entry) => byName.get(entry.name) ?? []);
    return sourceTexts(source, known);
  };
}
