import { describe, expect, it } from "vitest";
import {
  buildFtsQuery,
  buildTsQuery,
  cleanSnippet,
  focusOnMatch,
  hasMatch,
  MARK_CLOSE,
  MARK_OPEN,
  MAX_SEARCH_TERMS,
  parseSearchTerms,
  singleSearchWord,
  splitMarked,
} from "./search";

describe("buildFtsQuery", () => {
  it("quotes every term, ANDs them, and matches the last one as a prefix", () => {
    expect(buildFtsQuery("pdf")).toBe('"pdf"*');
    expect(buildFtsQuery("  sql   query review ")).toBe('"sql" "query" "review"*');
  });

  it("keeps a quoted phrase exact, even in last place", () => {
    expect(buildFtsQuery('"release notes"')).toBe('"release notes"');
    expect(buildFtsQuery('"release notes" draft')).toBe('"release notes" "draft"*');
  });

  it("passes FTS5 operators and syntax through as plain text", () => {
    expect(buildFtsQuery("pdf OR sql")).toBe('"pdf" "OR" "sql"*');
    expect(buildFtsQuery("NOT deploy")).toBe('"NOT" "deploy"*');
    expect(buildFtsQuery("name:pdf")).toBe('"name:pdf"*');
    expect(buildFtsQuery("-pdf *tools ^sql")).toBe('"-pdf" "*tools" "^sql"*');
    expect(buildFtsQuery("NEAR(a b)")).toBe('"NEAR(a" "b)"*');
    expect(buildFtsQuery("{name description}: x")).toBe('"{name" "description}:" "x"*');
  });

  it("skips unbalanced quotes instead of leaving a phrase open", () => {
    expect(buildFtsQuery('"pdf')).toBe('"pdf"*');
    expect(buildFtsQuery('pdf"')).toBe('"pdf"*');
    expect(buildFtsQuery('a "b c" "d')).toBe('"a" "b c" "d"*');
    expect(buildFtsQuery('pdf"tools')).toBe('"pdf" "tools"*');
    expect(buildFtsQuery('""""')).toBeNull();
  });

  it("returns null when nothing searchable is left", () => {
    for (const input of ["", "   ", '"', '"""', "*", "-", ":", "- * : ^ ( ) { } +", '" "', "\u0000\u0002"]) expect(buildFtsQuery(input)).toBeNull();
  });

  it("drops punctuation-only terms but keeps words in any script", () => {
    expect(buildFtsQuery("pdf - tools")).toBe('"pdf" "tools"*');
    expect(buildFtsQuery("déjà vu 中文 ١٢")).toBe('"déjà" "vu" "中文" "١٢"*');
  });

  it("never emits a quote that is not doubled or a delimiter", () => {
    const hostile = ['a"b', '"a""b"', 'x" OR "1"="1', '"; DROP TABLE "Skill"; --', "'quoted'", '\\"', 'a"*b"*'];
    for (const input of hostile) {
      const query = buildFtsQuery(input);
      if (query === null) continue;
      // Every quote opens or closes a term: the string splits into complete "..."(*) terms.
      expect(query).toMatch(/^("[^"]*(?:""[^"]*)*"\*?)( "[^"]*(?:""[^"]*)*"\*?)*$/);
    }
  });

  it("caps the number of terms", () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ");
    expect(parseSearchTerms(many)).toHaveLength(MAX_SEARCH_TERMS);
  });

  it("strips control characters, including the highlight markers", () => {
    expect(buildFtsQuery(`pdf${MARK_OPEN}tools${MARK_CLOSE}`)).toBe('"pdf" "tools"*');
  });
});

describe("buildTsQuery", () => {
  it("searches the terms buildFtsQuery searches: words ANDed, the last a prefix, phrases exact", () => {
    expect(buildTsQuery("pdf")).toBe("'pdf':*");
    expect(buildTsQuery("  sql   query review ")).toBe("'sql' & 'query' & 'review':*");
    expect(buildTsQuery('"release notes" draft')).toBe("('release' <-> 'notes') & 'draft':*");
    expect(buildTsQuery('"release notes"')).toBe("('release' <-> 'notes')");
  });

  it("splits a term into words where FTS5 does, as a phrase, the last word a prefix", () => {
    expect(buildTsQuery("pdf-to")).toBe("('pdf' <-> 'to':*)");
    expect(buildTsQuery("report.pdf")).toBe("('report' <-> 'pdf':*)");
    expect(buildTsQuery("déjà vu 中文 ١٢")).toBe("'déjà' & 'vu' & '中文' & '١٢':*");
  });

  it("leaves no tsquery syntax from the input: only quoted words and its own operators", () => {
    const hostile = ["pdf | sql", "!deploy", "a & b", "'quoted'", "x:*", "(a <-> b)", "\\'", '"; DROP TABLE "Skill"; --', "a:A", "NEAR(a b)"];
    for (const input of hostile) {
      const query = buildTsQuery(input);
      if (query === null) continue;
      expect(query).toMatch(
        /^(?:\(?'[\p{L}\p{N}\p{Co}]+'(?::\*)?(?: <-> '[\p{L}\p{N}\p{Co}]+'(?::\*)?)*\)?)(?: & \(?'[\p{L}\p{N}\p{Co}]+'(?::\*)?(?: <-> '[\p{L}\p{N}\p{Co}]+'(?::\*)?)*\)?)*$/u,
      );
    }
    for (const input of ["", '"', "*", "- : ^ ( ) { } + | & !"]) expect(buildTsQuery(input)).toBeNull();
  });

  it("names the one word of a one-word query, for near-name matching", () => {
    expect(singleSearchWord(" debuging ")).toBe("debuging");
    expect(singleSearchWord("-debuging")).toBe("debuging");
    for (const input of ['"debuging"', "two words", "pdf-tools", ""]) expect(singleSearchWord(input)).toBeNull();
  });
});

describe("splitMarked", () => {
  it("splits highlighted text into segments", () => {
    expect(splitMarked(`Review ${MARK_OPEN}SQL${MARK_CLOSE} queries for ${MARK_OPEN}sql${MARK_CLOSE}ite`)).toEqual([
      { text: "Review ", match: false },
      { text: "SQL", match: true },
      { text: " queries for ", match: false },
      { text: "sql", match: true },
      { text: "ite", match: false },
    ]);
  });

  it("merges adjacent matches and tolerates stray markers", () => {
    expect(splitMarked(`${MARK_OPEN}a${MARK_CLOSE}${MARK_OPEN}b${MARK_CLOSE}`)).toEqual([{ text: "ab", match: true }]);
    expect(splitMarked(`x${MARK_CLOSE}y${MARK_OPEN}z`)).toEqual([
      { text: "xy", match: false },
      { text: "z", match: true },
    ]);
    expect(splitMarked("")).toEqual([]);
  });

  it("keeps markup as text for the page to escape", () => {
    expect(splitMarked(`<img src=x onerror=alert(1)> ${MARK_OPEN}pdf${MARK_CLOSE}`)).toEqual([
      { text: "<img src=x onerror=alert(1)> ", match: false },
      { text: "pdf", match: true },
    ]);
  });
});

describe("cleanSnippet", () => {
  it("drops Markdown punctuation and collapses whitespace", () => {
    expect(cleanSnippet(`## Steps\n\n- Run **the ${MARK_OPEN}deploy${MARK_CLOSE}** with \`make\`\n> quoted\n2. then\n| a | b |`)).toBe(
      `Steps Run the ${MARK_OPEN}deploy${MARK_CLOSE} with make quoted then a b`,
    );
  });

  it("keeps hyphenated words, snake_case, C# and inline markup as text", () => {
    expect(cleanSnippet("use pdf-tools and my_var in C# - <b>bold</b> 3 > 2")).toBe("use pdf-tools and my_var in C# - <b>bold</b> 3 > 2");
  });
});

describe("focusOnMatch", () => {
  const text = (segments: { text: string }[]) => segments.map((s) => s.text).join("");

  it("leaves text whose first match is near the start alone", () => {
    const segments = splitMarked(`Runs the ${MARK_OPEN}deploy${MARK_CLOSE} checklist`);
    expect(focusOnMatch(segments)).toBe(segments);
    const none = splitMarked("no match here at all ".repeat(10));
    expect(focusOnMatch(none)).toBe(none);
    expect(hasMatch(none)).toBe(false);
    expect(hasMatch(null)).toBe(false);
  });

  it("cuts the lead-in of a late match at a word boundary", () => {
    const segments = splitMarked(`${"lorem ipsum dolor sit amet ".repeat(4)}then a ${MARK_OPEN}review${MARK_CLOSE} of the plan`);
    const focused = focusOnMatch(segments);
    expect(text(focused)).toBe("…dolor sit amet then a review of the plan");
    expect(focused.filter((s) => s.match).map((s) => s.text)).toEqual(["review"]);
  });
});
