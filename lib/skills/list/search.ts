// Full-text search over skills: turning what someone typed into an SQLite FTS5 query or a
// PostgreSQL tsquery, and the marked text either returns into segments a page can render. Pure, so
// the escaping is tested without a database.

/** A piece of text, and whether it is a matched term to highlight. */
export interface TextSegment {
  text: string;
  match: boolean;
}

// Control characters cannot come from a search box and are rare in SKILL.md text, so they are
// safe delimiters for highlight()/snippet() output (and are stripped from queries).
export const MARK_OPEN = "\u0002";
export const MARK_CLOSE = "\u0003";

/**
 * Characters of each SKILL.md body the search index holds (and snippet() reads). Matching,
 * ranking and excerpts all walk what is indexed for a row, inside one synchronous SQLite call, so
 * without a bound a single multi-MB body froze the server for seconds on every search reaching it.
 * The number is written into the triggers of prisma/migrations/*_search_bounded_body: change both.
 */
export const SEARCH_BODY_CHARS = 65_536;

/** Beyond this, extra words add cost to every search and almost never change what is found. */
export const MAX_SEARCH_TERMS = 12;

// What FTS5's unicode61 tokenizer keeps as token characters: letters, numbers, private use.
const TOKEN_CHAR = /[\p{L}\p{N}\p{Co}]/u;
// A balanced "quoted phrase", or a run of anything but whitespace and quotes. An unbalanced quote
// matches neither alternative, so it is skipped instead of opening a phrase that never closes.
const TERM = /"([^"]*)"|[^\s"]+/g;

export interface SearchTerm {
  text: string;
  /** Typed in double quotes: matched as an exact phrase, never as a prefix. */
  quoted: boolean;
}

/** The words and "quoted phrases" of a query, without those that contain nothing searchable. */
export function parseSearchTerms(input: string): SearchTerm[] {
  const cleaned = input.normalize("NFC").replace(/[\u0000-\u001f\u007f]/g, " ");
  const terms: SearchTerm[] = [];
  for (const match of cleaned.matchAll(TERM)) {
    const quoted = match[1] !== undefined;
    const text = (quoted ? match[1] : match[0]).trim().replace(/\s+/g, " ");
    if (TOKEN_CHAR.test(text)) terms.push({ text, quoted });
    if (terms.length === MAX_SEARCH_TERMS) break;
  }
  return terms;
}

/**
 * An FTS5 MATCH expression for a search box's text, or null when it holds nothing to search for.
 * Every term becomes a quoted FTS5 string, so operators (AND, OR, NOT, NEAR), column filters
 * (`name:`), `*`, `^`, `-`, parentheses and stray quotes are searched as text and never reach the
 * query parser; FTS5 then splits each string into tokens as it split the indexed text
 * (`pdf-tools` is the phrase "pdf tools"). Terms are ANDed; the last one, unless quoted, matches
 * as a prefix so results appear while a word is still being typed.
 */
export function buildFtsQuery(input: string): string | null {
  const terms = parseSearchTerms(input);
  if (!terms.length) return null;
  return terms
    .map((term, index) => {
      const phrase = `"${term.text.replace(/"/g, '""')}"`;
      return index === terms.length - 1 && !term.quoted ? `${phrase}*` : phrase;
    })
    .join(" ");
}

// Where FTS5's unicode61 splits a term into tokens: at every character that is not a token character.
const NON_TOKEN_CHARS = /[^\p{L}\p{N}\p{Co}]+/u;

/**
 * The PostgreSQL form of buildFtsQuery, for `to_tsquery('public.skillshelf_search', …)`: the same
 * terms, each split into tokens as FTS5 splits a quoted string, the tokens of one term a phrase
 * (`<->`), the terms ANDed, and the last token of the last unquoted term a prefix (`:*`). Tokens
 * hold only letters and numbers and are single-quoted, so nothing typed reaches tsquery syntax;
 * to_tsquery still lowercases them and strips accents as the index did.
 */
export function buildTsQuery(input: string): string | null {
  const terms = parseSearchTerms(input);
  if (!terms.length) return null;
  return terms
    .map((term, index) => {
      const tokens = term.text.split(NON_TOKEN_CHARS).filter(Boolean);
      const prefix = index === terms.length - 1 && !term.quoted;
      const phrase = tokens.map((token, i) => `'${token}'${prefix && i === tokens.length - 1 ? ":*" : ""}`).join(" <-> ");
      return tokens.length > 1 ? `(${phrase})` : phrase;
    })
    .join(" & ");
}

/** The one word typed, when a query is a single unquoted word: what a name may be a near miss of. */
export function singleSearchWord(input: string): string | null {
  const terms = parseSearchTerms(input);
  if (terms.length !== 1 || terms[0].quoted) return null;
  const tokens = terms[0].text.split(NON_TOKEN_CHARS).filter(Boolean);
  return tokens.length === 1 ? tokens[0] : null;
}

/** Splits text marked with MARK_OPEN/MARK_CLOSE (FTS5 highlight() or snippet() output) into segments. */
export function splitMarked(marked: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let match = false;
  let text = "";
  const flush = () => {
    if (!text) return;
    const last = segments.at(-1);
    if (last && last.match === match) last.text += text;
    else segments.push({ text, match });
    text = "";
  };
  for (const char of marked) {
    if (char === MARK_OPEN || char === MARK_CLOSE) {
      flush();
      match = char === MARK_OPEN;
    } else {
      text += char;
    }
  }
  flush();
  return segments;
}

export const hasMatch = (segments: TextSegment[] | null | undefined): boolean => !!segments?.some((segment) => segment.match);

/**
 * Segments that start near their first match: when it lies more than `lead` characters in, the
 * text before it is cut to about `context` characters (at a word boundary) behind an ellipsis, so
 * a list that clamps long text to two lines still shows why the item matched.
 */
export function focusOnMatch(segments: TextSegment[], lead = 60, context = 24): TextSegment[] {
  let offset = 0;
  const first = segments.findIndex((segment) => {
    if (segment.match) return true;
    offset += segment.text.length;
    return false;
  });
  if (first < 0 || offset <= lead) return segments;
  const before = segments
    .slice(0, first)
    .map((segment) => segment.text)
    .join("");
  const tail = before.slice(-context);
  const space = tail.search(/\s/);
  const kept = (space >= 0 ? tail.slice(space + 1) : tail).trimStart();
  return [{ text: `…${kept}`, match: false }, ...segments.slice(first)];
}

/**
 * A one-line excerpt of a Markdown body for a list: whitespace collapsed, and the Markdown syntax
 * that means nothing outside a rendered page (heading marks, quote marks, bullets, emphasis, code
 * ticks, table bars) dropped. Text such as `<b>` or `C#` inside a line is kept as it is.
 */
export function cleanSnippet(marked: string): string {
  return marked
    .replace(/^[ \t]*(?:#{1,6}|>+|[-*+]|\d+[.)])[ \t]+/gm, "")
    .replace(/\*\*|__|`+/g, "")
    .replace(/\s*\|\s*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
