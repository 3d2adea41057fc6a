// Skill descriptions say when to use the skill and, more and more, when not to: "Not for
// coverage-guided fuzzing", "for larger-than-RAM data use dask or vaex", "For .flow→uipath-maestro-flow".
// Read as a bag of words, such a clause makes its skill win exactly the requests it sends away
// (openai/codex #34712). So each description is split into clauses, and a clause that sends the
// reader elsewhere is taken out of the skill's own text; when it names skills of the catalog, its
// words describe those skills instead: their authors' siblings wrote it for them.

export interface DescriptionParts {
  /** The clauses that describe the skill itself. */
  own: string;
  /** Text of redirect clauses, by the catalog skill they send the reader to. */
  pointers: Map<string, string[]>;
}

/** Sentence ends, semicolons, dashes used as punctuation, line breaks. */
const CLAUSE_BREAK = /(?<=[.!?])\s+|;\s*|\s*[—–]\s*|\s+-{1,2}\s+|\n+/;

/** A clause that opens with a negation ("Not for…", "Do not use…", "NEVER…") or says "not for" anywhere. */
const NEGATION = /^\W*(?:not|never|do not|don't|does not|doesn't|avoid|skip|excludes?)\b|\bnot for\b/i;

/** "use X instead" (but not "instead of", which keeps what precedes it). */
const INSTEAD = /\binstead\b(?!\s+of\b)/i;

/** An arrow and the word it points at: "For .flow→uipath-maestro-flow", but also "Sentinel→tfpolicy" (a conversion). */
const ARROW = /(?:→|->|⇒)\s*`?([a-z0-9][a-z0-9-]*)/gi;

/** "For <case>, use <tool>": the K-Dense style of pointing at a sibling, whether or not the sibling is in the catalog. */
const FOR_USE = /^\W*for\b[^]*\buse\b/i;

/** "use/prefer/try/see [the] <name>": a pointer when the word after it is another skill of the catalog. */
const USE_NAME = /\b(?:use|prefer|try|see)\s+(?:the\s+)?\/?([a-z0-9][a-z0-9-]*)/gi;

const NAME_TOKEN = /[a-z0-9][a-z0-9-]*[a-z0-9]|[a-z0-9]/g;

interface Catalog {
  names: ReadonlySet<string>;
  /** First segments of the catalog's hyphenated names: publishers name a family of skills alike (uipath-*, terraform-*). */
  families: ReadonlySet<string>;
}

/**
 * Whether a word names a skill other than `self`: one of the catalog, or a hyphenated name of one of
 * its families that this catalog lacks ("uipath-rpa" beside uipath-platform), which still says
 * "not this skill". A lone word outside the catalog ("tfpolicy", "plotly") is not taken for a skill.
 */
function isSkillName(word: string, self: string, catalog: Catalog): boolean {
  if (word === self) return false;
  return catalog.names.has(word) || (word.includes("-") && catalog.families.has(word.slice(0, word.indexOf("-"))));
}

/** The catalog skills (other than `self`) a piece of text names. */
function namesIn(text: string, self: string, catalog: Catalog): string[] {
  const found: string[] = [];
  for (const token of text.toLowerCase().match(NAME_TOKEN) ?? []) if (token !== self && catalog.names.has(token) && !found.includes(token)) found.push(token);
  return found;
}

/** Whether the text points at another skill: "use [the] <skill>", or an arrow to one. */
function pointsElsewhere(text: string, self: string, catalog: Catalog): boolean {
  for (const pattern of [USE_NAME, ARROW]) for (const match of text.matchAll(pattern)) if (isSkillName(match[1].toLowerCase(), self, catalog)) return true;
  return false;
}

function isRedirect(clause: string, self: string, catalog: Catalog): boolean {
  return NEGATION.test(clause) || INSTEAD.test(clause) || FOR_USE.test(clause) || pointsElsewhere(clause, self, catalog);
}

/** Clauses, a parenthesis closed inside a clause it did not open in ending that clause there ("(for example, POS — not SaaS), asks…"). */
function clauses(description: string): string[] {
  const out: string[] = [];
  for (const clause of description.split(CLAUSE_BREAK)) {
    let depth = 0;
    let start = 0;
    for (let i = 0; i < clause.length; i++) {
      if (clause[i] === "(") depth++;
      else if (clause[i] === ")" && --depth < 0) {
        out.push(clause.slice(start, i + 1));
        start = i + 1;
        depth = 0;
      }
    }
    out.push(clause.slice(start));
  }
  return out.filter((c) => c.trim());
}

/** First segments of the hyphenated names: computed once per catalog (per description, it made indexing quadratic). */
export function familiesOf(names: ReadonlySet<string>): Set<string> {
  return new Set([...names].filter((n) => n.includes("-")).map((n) => n.slice(0, n.indexOf("-"))));
}

/**
 * Splits a description into what it says about its own skill and what it says about others.
 * Within a redirect clause, the comma-separated pieces up to a piece naming catalog skills are
 * credited to those skills ("For out-of-core analytics on single machine use vaex" describes vaex);
 * pieces that name no catalog skill are dropped.
 */
export function splitDescription(
  self: string,
  description: string,
  names: ReadonlySet<string>,
  families: ReadonlySet<string> = familiesOf(names),
): DescriptionParts {
  const catalog: Catalog = { names, families };
  const own: string[] = [];
  const pointers = new Map<string, string[]>();
  for (const clause of clauses(description)) {
    if (!isRedirect(clause, self, catalog)) {
      own.push(clause);
      continue;
    }
    let pending: string[] = [];
    for (const piece of clause.split(/,\s*/)) {
      pending.push(piece);
      const targets = namesIn(piece, self, catalog);
      if (targets.length === 0 && !pointsElsewhere(piece, self, catalog)) continue;
      const text = pending.join(", ");
      for (const target of targets) pointers.set(target, [...(pointers.get(target) ?? []), text]);
      pending = [];
    }
  }
  return { own: own.join(" "), pointers };
}
