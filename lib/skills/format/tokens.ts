import { countTokens as countO200k, setMergeCacheSize } from "gpt-tokenizer/encoding/o200k_base";

// Isomorphic: the editor shows token costs as the user types.

export const TOKENIZER = "o200k_base";

/** Shown next to every figure: Claude's own tokenizer is not public, so these are estimates. */
export const TOKEN_COUNT_NOTE = "approximate: counted offline with the o200k_base tokenizer (gpt-tokenizer), not Claude's own";

/** Token costs per disclosure level: what the catalog, the activated body and each resource cost. */
export interface TokenCounts {
  approximate: true;
  tokenizer: typeof TOKENIZER;
  /** The skill's entry in the catalog the model always sees (name + description). */
  catalog: number;
  /** The SKILL.md body, loaded when the skill is activated. */
  body: number;
  /** Each other file, loaded on demand; null for binary files, which are not read as text. */
  resources: { path: string; tokens: number | null }[];
  total: number;
}

// gpt-tokenizer evicts from its merge cache by deleting a Map's oldest key, which gets slower with
// every deletion: once 100,000 distinct words had gone through one process, each new word cost
// milliseconds (180,000 distinct words: 12 s). The piece table below caches the same results, so
// that cache is switched off for this process.
setMergeCacheSize(0);

// Text is treated as text: "<|endoftext|>" inside a skill is counted, never interpreted.
const PLAIN_TEXT = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };

// The o200k pre-tokenizer of gpt-tokenizer, verbatim. Every position of any string matches one of
// its alternatives, so the pieces tile the text.
const CONTRACTION = String.raw`(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?`;
const O200K_SPLIT = new RegExp(
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${CONTRACTION}|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${CONTRACTION}|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  "uy",
);

// Byte-pair merging is quadratic in the length of one pre-token: 200,000 blank lines (a single
// whitespace piece) took 24 s. Longer pieces are counted in slices; a slice boundary can shift
// the count by a token, which the "approximate" label already covers.
const MAX_PIECE = 512;

/**
 * Approximate token count (o200k_base). Same result as gpt-tokenizer's countTokens with special
 * tokens read as plain text (except for pre-tokens over 512 characters, see MAX_PIECE), four
 * times faster: the pre-tokenizer's Unicode regex dominated the import benchmark, so ASCII runs
 * are split by hand (falling back to the regex near any other character) and each piece's
 * byte-pair count is memoised. The tests check equality with gpt-tokenizer on the whole corpus
 * and on generated text.
 */
export function countTokens(text: string): number {
  let count = 0;
  let p = 0;
  const n = text.length;
  while (p < n) {
    let end = asciiPieceEnd(text, p);
    if (end < 0) {
      O200K_SPLIT.lastIndex = p;
      const match = O200K_SPLIT.exec(text);
      // Unreachable by construction (see O200K_SPLIT); counting the rest at once keeps it total.
      if (match === null) return count + pieceTokens(text.slice(p));
      end = p + match[0].length;
    }
    count += cachedPieceTokens(text, p, end);
    p = end;
  }
  return count;
}

/**
 * Characters one upload counts exactly. A 25 MB upload of text took seconds of one thread to count
 * (random text runs ~130 ms a MB), during which the server answered no one; past this budget
 * counts are extrapolated, which the "approximate" label on every figure already covers.
 */
export const EXACT_TOKEN_CHARS = 2 * 1024 * 1024;

/** What is left of an upload's exact-counting budget; shared by every file of the upload. */
export interface TokenBudget {
  chars: number;
}

export const tokenBudget = (chars: number = EXACT_TOKEN_CHARS): TokenBudget => ({ chars });

// o200k_base's rate on English prose, for text met after the budget ran out entirely.
const CHARS_PER_TOKEN = 4;

/**
 * countTokens while `budget` lasts; beyond it, the rest of the text is estimated at the rate of
 * the part counted (or at 4 characters a token when too little was), and the budget is spent.
 */
export function countTokensWithin(text: string, budget: TokenBudget): number {
  if (text.length <= budget.chars) {
    budget.chars -= text.length;
    return countTokens(text);
  }
  const exact = Math.max(0, budget.chars);
  budget.chars = 0;
  const head = exact ? countTokens(text.slice(0, exact)) : 0;
  const rate = exact >= 1024 ? head / exact : 1 / CHARS_PER_TOKEN;
  return head + Math.round((text.length - exact) * rate);
}

// An open-addressing table keyed by a hash computed straight from the text: looking a piece up
// needs no substring and no string hashing, which together cost more than the scan itself.
const TABLE_BITS = 17;
const TABLE_SIZE = 1 << TABLE_BITS;
const tableKeys: (string | undefined)[] = new Array(TABLE_SIZE);
const tableHashes = new Int32Array(TABLE_SIZE);
const tableCounts = new Int32Array(TABLE_SIZE);
let tableUsed = 0;

function cachedPieceTokens(text: string, start: number, end: number): number {
  const length = end - start;
  if (length > MAX_PIECE) {
    let sum = 0;
    for (let i = start; i < end;) {
      let sliceEnd = Math.min(i + MAX_PIECE, end);
      const last = text.charCodeAt(sliceEnd - 1);
      if (sliceEnd < end && last >= 0xd800 && last <= 0xdbff) sliceEnd--; // keep surrogate pairs whole
      sum += cachedPieceTokens(text, i, sliceEnd);
      i = sliceEnd;
    }
    return sum;
  }
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  let slot = (h ^ (h >>> TABLE_BITS)) & (TABLE_SIZE - 1);
  for (;;) {
    const key = tableKeys[slot];
    if (key === undefined) break;
    if (tableHashes[slot] === h && key.length === length && text.startsWith(key, start)) return tableCounts[slot];
    slot = (slot + 1) & (TABLE_SIZE - 1);
  }
  const piece = text.slice(start, end);
  const tokens = pieceTokens(piece);
  if (tableUsed >= TABLE_SIZE * 0.7) {
    tableKeys.fill(undefined);
    tableUsed = 0;
    return tokens;
  }
  tableKeys[slot] = piece;
  tableHashes[slot] = h;
  tableCounts[slot] = tokens;
  tableUsed++;
  return tokens;
}

/** The pre-tokens countTokens splits text into (exported for the equivalence tests). */
export function preTokens(text: string): string[] {
  const pieces: string[] = [];
  let p = 0;
  while (p < text.length) {
    let end = asciiPieceEnd(text, p);
    if (end < 0) {
      O200K_SPLIT.lastIndex = p;
      end = p + (O200K_SPLIT.exec(text)?.[0].length ?? text.length - p);
    }
    pieces.push(text.slice(p, end));
    p = end;
  }
  return pieces;
}

/** The reference path, kept for the equivalence tests. */
export function countTokensReference(text: string): number {
  return countO200k(text, PLAIN_TEXT);
}

function pieceTokens(piece: string): number {
  return countO200k(piece, PLAIN_TEXT);
}

const UPPER = 1;
const LOWER = 2;
const DIGIT = 4;
const SPACE = 8; // \s
const NEWLINE = 16; // \r \n
const OTHER = 32; // neither \s, letter nor digit

const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (c >= 65 && c <= 90) ASCII_CLASS[c] = UPPER;
  else if (c >= 97 && c <= 122) ASCII_CLASS[c] = LOWER;
  else if (c >= 48 && c <= 57) ASCII_CLASS[c] = DIGIT;
  else if (c === 10 || c === 13) ASCII_CLASS[c] = SPACE | NEWLINE;
  else if (c === 9 || c === 11 || c === 12 || c === 32) ASCII_CLASS[c] = SPACE;
  else ASCII_CLASS[c] = OTHER;
}
const LETTER = UPPER | LOWER;
const NON_ASCII = -1;
const END = 0;

function cls(text: string, i: number): number {
  if (i >= text.length) return END;
  const c = text.charCodeAt(i);
  return c < 128 ? ASCII_CLASS[c] : NON_ASCII;
}

/**
 * End of the pre-token starting at p, mirroring O200K_SPLIT alternative by alternative, or -1
 * whenever a character that decides the outcome is not ASCII.
 */
function asciiPieceEnd(text: string, p: number): number {
  const c = cls(text, p);
  if (c === NON_ASCII) return -1;

  // Alternatives 1-2: an optional prefix (not \r, \n, letter or digit) and then letters.
  let q = -1;
  if (c & LETTER) q = p;
  else if (!(c & (NEWLINE | DIGIT))) {
    const next = cls(text, p + 1);
    if (next === NON_ASCII) return -1;
    if (next & LETTER) q = p + 1;
  }
  if (q >= 0) {
    let u = q;
    while (cls(text, u) === UPPER) u++;
    if (cls(text, u) === NON_ASCII) return -1;
    let l = u;
    while (cls(text, l) === LOWER) l++;
    if (l > u && cls(text, l) === NON_ASCII) return -1;
    return contractionEnd(text, l);
  }

  // Alternative 3: one to three digits.
  if (c & DIGIT) {
    let e = p + 1;
    while (e < p + 3 && cls(text, e) === DIGIT) e++;
    if (e < p + 3 && cls(text, e) === NON_ASCII) return -1;
    return e;
  }

  // Alternative 4: an optional space, symbols, then any \r \n /.
  let s = -1;
  if (c & OTHER) s = p;
  else if (text.charCodeAt(p) === 32) {
    const next = cls(text, p + 1);
    if (next === NON_ASCII) return -1;
    if (next & OTHER) s = p + 1;
  }
  if (s >= 0) {
    let e = s;
    while (cls(text, e) === OTHER) e++;
    if (cls(text, e) === NON_ASCII) return -1;
    for (;;) {
      const ch = text.charCodeAt(e);
      if (ch === 10 || ch === 13 || ch === 47) e++;
      else break;
    }
    return e;
  }

  // Alternatives 5-7: whitespace. c is whitespace here.
  let w = p;
  let lastNewline = -1;
  for (;;) {
    const k = cls(text, w);
    if (k === NON_ASCII) return -1;
    if (!(k & SPACE)) break;
    if (k & NEWLINE) lastNewline = w;
    w++;
  }
  if (lastNewline >= 0) return lastNewline + 1;
  if (w >= text.length) return w;
  if (w - p >= 2) return w - 1;
  return w;
}

function contractionEnd(text: string, e: number): number {
  if (text.charCodeAt(e) !== 39) return e;
  const a = text.charCodeAt(e + 1) | 0x20;
  if (a === 0x73 || a === 0x64 || a === 0x6d || a === 0x74) return e + 2; // s d m t
  const b = text.charCodeAt(e + 2) | 0x20;
  if ((a === 0x6c && b === 0x6c) || (a === 0x76 && b === 0x65) || (a === 0x72 && b === 0x65)) return e + 3; // ll ve re
  return e;
}

export function sumTokens(counts: Omit<TokenCounts, "total" | "approximate" | "tokenizer">): number {
  return counts.catalog + counts.body + counts.resources.reduce((sum, r) => sum + (r.tokens ?? 0), 0);
}
