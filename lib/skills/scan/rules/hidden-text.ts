// Hidden text: characters a person does not see and a model reads. Isomorphic.

import { isFencedLine, lineOf, lineText, type TextFile } from "../context";
import { candidateLines, execAll, hasAnyWord, patternRule, type RuleDef, type TextMatch } from "../rule";

const chars = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
/** Tag characters and supplementary variation selectors are all encoded with this high surrogate. */
const HIGH_SURROGATE_E0 = "\uDB40";

const TAG_RUN = /[\u{E0000}-\u{E007F}]+/gu;
// A subdivision flag (England, Scotland, Wales) is U+1F3F4, a few lowercase tag letters or
// digits, and the cancel tag: the one ordinary use of tag characters.
const FLAG_TAGS = /^[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,6}\u{E007F}$/u;
const BLACK_FLAG = 0x1f3f4;
/** Decoded tag text shown in an excerpt, in code points. */
const TAG_EXCERPT_MAX = 400;

function* tagRuns(file: TextFile): Iterable<TextMatch> {
  if (!hasAnyWord(file, [HIGH_SURROGATE_E0])) return;
  for (const m of file.text.matchAll(TAG_RUN)) {
    const before = m.index >= 2 ? file.text.codePointAt(m.index - 2) : undefined;
    if (before === BLACK_FLAG && FLAG_TAGS.test(m[0])) continue;
    const line = lineOf(file, m.index);
    const start = file.lineStarts[line - 1];
    const full = lineText(file, line);
    const at = m.index - start;
    const run = [...m[0]];
    const shown = run.length > TAG_EXCERPT_MAX ? `${run.slice(0, TAG_EXCERPT_MAX).join("")}` : m[0];
    const rest = run.length > TAG_EXCERPT_MAX ? `… (${run.length - TAG_EXCERPT_MAX} more tag characters)` : "";
    const after = full.slice(at + m[0].length);
    yield {
      offset: m.index,
      length: m[0].length,
      excerpt: `${at > 60 ? "…" : ""}${full.slice(Math.max(0, at - 60), at)}${shown}${rest}${after.slice(0, 60)}${after.length > 60 ? "…" : ""}`,
    };
  }
}

// Latin look-alikes in Cyrillic and Greek: a word mixing them with Latin letters reads as one
// word to a person and as another (or as a filter-dodging token) to a program.
const CONFUSABLES = new Set([..."аеорсухіјѕԁԛԝӏкмнтвАВЕКМНОРСТХІЈЅԚԜοαρνιτκΑΒΕΖΗΙΚΜΝΟΡΤΥΧ"]);
const LATIN_LETTER = /[A-Za-z]/;
const NON_LATIN = /[\u0370-\u03FF\u0400-\u052F]/;
const MIXED_WORD =
  /[A-Za-z\u0370-\u03FF\u0400-\u052F]*(?:[A-Za-z][\u0370-\u03FF\u0400-\u052F]|[\u0370-\u03FF\u0400-\u052F][A-Za-z])[A-Za-z\u0370-\u03FF\u0400-\u052F]*/g;

const CONFUSABLE_WORDS = [...new Set([...CONFUSABLES].map((c) => c.toLowerCase()))];

function* mixedScriptWords(file: TextFile): Iterable<TextMatch> {
  for (const line of candidateLines(file, CONFUSABLE_WORDS)) {
    yield* mixedScriptInLine(file, line);
  }
}

function* mixedScriptInLine(file: TextFile, line: number): Iterable<TextMatch> {
  for (const m of execAll(MIXED_WORD, lineText(file, line + 1), file.lineStarts[line])) {
    const word = m[0];
    if (!LATIN_LETTER.test(word) || ![...word].some((c) => CONFUSABLES.has(c))) continue;
    const marked = [...word]
      .map((c) =>
        NON_LATIN.test(c) ? `[${c} ${/[\u0400-\u052F]/.test(c) ? "Cyrillic" : "Greek"} U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}]` : c,
      )
      .join("");
    yield { offset: m.index, length: word.length, excerpt: `${lineText(file, lineOf(file, m.index)).trim().slice(0, 160)} — "${word}" is ${marked}` };
  }
}

// Phrases that address an agent or ask for an action, looked for in text hidden from the reader.
// Plain words like "model" or "instructions" are not enough: maintainers' notes use them too.
export const AGENT_DIRECTED = new RegExp(
  [
    String.raw`\b(?:ignore|disregard|forget)\s+(?:all|any|the|your|previous|prior|above|everything)\b`,
    String.raw`\byou\s+(?:must|should|will|need\s+to|have\s+to|are\s+(?:now|to|required))\b`,
    String.raw`\b(?:assistant|ai|agent|model|llm|claude|chatgpt|gpt|copilot)\s+(?:must|should|will|needs?\s+to|has\s+to|is\s+to)\b`,
    String.raw`\b(?:do\s+not|don't|never)\s+(?:tell|mention|reveal|inform|show|disclose)\b`,
    String.raw`\b(?:secretly|silently|quietly|covertly)\b`,
    // "Bash" alone is also the name of an agent tool, so a shell only counts with its -c
    String.raw`\b(?:curl|wget|powershell)\b|\b(?:ba|z)?sh\s+-c\b|\b(?:eval|exec)\s*\(`,
    String.raw`\brun\s+(?:this|the\s+following|these)\b`,
    String.raw`\b(?:send|upload|post|exfiltrate|forward)\s+(?:the|all|any|this|your|their|it|them)\b`,
    String.raw`\b(?:passwords?|credentials?|api[_ ]?keys?|secrets?|private\s+keys?|system\s+prompt)\b|\.ssh\b|\.env\b`,
    String.raw`\binstead\b[^.]{0,40}\b(?:run|execute|call|send|write|use)\b`,
  ].join("|"),
  "i",
);

const HTML_COMMENT = /<!--([\s\S]{0,4000}?)-->/g;
const LINK_COMMENT = /^\[(?:\/\/|comment|_)\]:\s*[#<]?[^\n(]*\((.{10,})\)\s*$/gim;
const HIDDEN_ELEMENT = /<(\w+)[^>\n]*(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0|\shidden(?:[\s=>]))[^>\n]*>([\s\S]{0,2000}?)<\/\1>/gi;

const HIDDEN_QUICK = ["<!--", "]:", "display", "visibility", "font-size", "hidden"];

function* hiddenInstructions(file: TextFile): Iterable<TextMatch> {
  if (!hasAnyWord(file, HIDDEN_QUICK)) return;
  for (const pattern of [HTML_COMMENT, LINK_COMMENT, HIDDEN_ELEMENT]) {
    if (pattern === HTML_COMMENT && !file.text.includes("<!--")) continue;
    if (pattern === LINK_COMMENT && !file.text.includes("]:")) continue;
    if (pattern === HIDDEN_ELEMENT && !/display|visibility|font-size|hidden/.test(file.lower)) continue;
    for (const m of execAll(pattern, file.text, 0)) {
      if (isFencedLine(file, lineOf(file, m.index))) continue;
      const content = (pattern === HIDDEN_ELEMENT ? m[2] : m[1]).trim();
      // short markers (<!-- prettier-ignore -->, <!-- TODO -->) are tooling, not instructions
      if (content.length < 20 || content.split(/\s+/).length < 4) continue;
      if (!AGENT_DIRECTED.test(content)) continue;
      yield { offset: m.index, length: m[0].length, excerpt: m[0].replace(/\s+/g, " ").slice(0, 300) };
    }
  }
}

export const hiddenTextRules: RuleDef[] = [
  {
    id: "hidden-text/tag-characters",
    category: "hidden-text",
    severity: "critical",
    appliesTo: "any",
    message:
      "Invisible Unicode tag characters spell out text that no editor or browser shows, but a language model reads it. The decoded text is shown in the excerpt.",
    quickWords: [HIGH_SURROGATE_E0],
    text: tagRuns,
  },
  patternRule(
    {
      id: "hidden-text/bidi-control",
      category: "hidden-text",
      severity: "high",
      appliesTo: "any",
      message:
        'Bidirectional override or isolate characters reorder how the line is displayed, so what you read differs from what an agent or interpreter reads (the "Trojan Source" technique).',
    },
    { pattern: /[\u202A-\u202E\u2066-\u2069]/g, quick: [...chars(0x202a, 0x202e), ...chars(0x2066, 0x2069)] },
  ),
  patternRule(
    {
      id: "hidden-text/zero-width-run",
      category: "hidden-text",
      severity: "high",
      appliesTo: "any",
      message: "A run of zero-width characters: invisible on screen, and a known way to encode a hidden message in ordinary-looking text.",
    },
    { pattern: /[\u200B-\u200D\u2060-\u2064\uFEFF\u180E]{3,}/g, quick: [...chars(0x200b, 0x200d), ...chars(0x2060, 0x2064), "\uFEFF", "\u180E"] },
  ),
  patternRule(
    {
      id: "hidden-text/invisible-in-word",
      category: "hidden-text",
      severity: "medium",
      appliesTo: "any",
      message: "An invisible character inside a word: it makes the word look normal to you while splitting it for filters and search.",
    },
    { pattern: /[A-Za-z][\u200B-\u200D\u2060\u00AD\uFEFF]{1,2}(?=[A-Za-z])/g, quick: [...chars(0x200b, 0x200d), "\u2060", "\u00AD", "\uFEFF"] },
  ),
  patternRule(
    {
      id: "hidden-text/variation-selectors",
      category: "hidden-text",
      severity: "high",
      appliesTo: "any",
      message: "A run of Unicode variation selectors: they draw nothing and can smuggle arbitrary bytes after an ordinary character or emoji.",
    },
    { pattern: [/[\u{E0100}-\u{E01EF}]{2,}/gu, /[\uFE00-\uFE0F]{3,}/g], quick: [HIGH_SURROGATE_E0, ...chars(0xfe00, 0xfe0f)] },
  ),
  patternRule(
    {
      id: "hidden-text/terminal-escape",
      category: "hidden-text",
      severity: "high",
      appliesTo: "any",
      message:
        "Terminal control sequences (cursor moves, erase, concealed text) or a carriage return in the middle of a line: printed in a terminal, they hide or overwrite what comes before them.",
    },
    { pattern: [/\x1B\[[0-9;?]*[ABCDEFGHJKSTfsu]/g, /\x1B\[(?:[0-9;]*;)?8(?:;[0-9;]*)?m/g, /\r(?!\n)(?=[^\n])/g], quick: ["\x1B", "\r"] },
  ),
  patternRule(
    {
      id: "hidden-text/control-characters",
      category: "hidden-text",
      severity: "medium",
      appliesTo: "any",
      message: "Control characters do not belong in text people write; they can change how the file displays or is parsed.",
    },
    { pattern: /[\x00-\x08\x0B\x0E-\x1F\x7F-\x9F]/g, quick: [...chars(0x00, 0x08), "\x0B", ...chars(0x0e, 0x1f), ...chars(0x7f, 0x9f)] },
  ),
  {
    id: "hidden-text/mixed-script",
    category: "hidden-text",
    severity: "medium",
    appliesTo: "any",
    message:
      "A word mixes Latin letters with Cyrillic or Greek look-alikes: it reads as a familiar word (or domain) to you and as a different one to a program.",
    quickWords: CONFUSABLE_WORDS,
    text: mixedScriptWords,
  },
  {
    id: "hidden-text/html-comment-instructions",
    category: "hidden-text",
    severity: "high",
    appliesTo: "markdown",
    message:
      "Instructions inside an HTML comment, comment link or hidden element: a rendered preview does not show them, but an agent reading the raw file follows them.",
    quickWords: HIDDEN_QUICK,
    text: (file) => (file.kind === "markdown" ? hiddenInstructions(file) : []),
  },
];
