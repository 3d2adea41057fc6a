import { describe, expect, it } from "vitest";
import { createCatalogRanker, decide, disqualification, Ranker, SCORE_THRESHOLD, terms } from "./ranker";
import { stem } from "./stem";

describe("stem (Porter)", () => {
  it("conflates inflections and derivations", () => {
    const cases: [string, string][] = [
      ["caresses", "caress"],
      ["ponies", "poni"],
      ["cats", "cat"],
      ["agreed", "agre"],
      ["plastered", "plaster"],
      ["motoring", "motor"],
      ["hopping", "hop"],
      ["filing", "file"],
      ["happy", "happi"],
      ["relational", "relat"],
      ["conditional", "condit"],
      ["digitizer", "digit"],
      ["generalization", "gener"],
      ["hopefulness", "hope"],
      ["electrical", "electr"],
      ["adjustment", "adjust"],
      ["adoption", "adopt"],
      ["controlling", "control"],
      ["roll", "roll"],
    ];
    for (const [word, expected] of cases) expect([word, stem(word)]).toEqual([word, expected]);
    expect(stem("deploying")).toBe(stem("deployed"));
    expect(stem("deployment")).toBe(stem("deploy"));
    expect(stem("animations")).toBe(stem("animated"));
  });
});

describe("terms", () => {
  it("lowercases, folds accents, drops stop words and stems", () => {
    expect(terms("Please help me with the Café's GIFs, I'd like 3 of them!")).toEqual(["cafe", "gif", "3"]);
    expect(terms("pdf-forms/fill.py")).toEqual(["pdf", "form", "fill", "py"]);
  });
});

describe("Ranker", () => {
  const docs = [
    {
      name: "gif",
      fields: [
        { text: "slack gif creator", weight: 3 },
        { text: "Create animated GIFs for Slack.", weight: 1 },
      ],
    },
    {
      name: "pdf",
      fields: [
        { text: "pdf forms", weight: 3 },
        { text: "Fill PDF forms and extract their fields.", weight: 1 },
      ],
    },
    {
      name: "notes",
      fields: [
        { text: "release notes", weight: 3 },
        { text: "Write release notes for a version.", weight: 1 },
      ],
    },
  ];

  it("ranks by BM25F with the name weighted up, ties by name", () => {
    const ranked = new Ranker(docs).rank("an animated gif please");
    expect(ranked.map((r) => r.name)).toEqual(["gif", "notes", "pdf"]);
    expect(ranked[1].score).toBe(0);
    expect(new Ranker(docs).rank("zebra").map((r) => r.name)).toEqual(["gif", "notes", "pdf"]);
  });

  it("a name match outweighs the same word in a description", () => {
    const ranker = new Ranker([
      {
        name: "a",
        fields: [
          { text: "deploy", weight: 3 },
          { text: "Ship it.", weight: 1 },
        ],
      },
      {
        name: "b",
        fields: [
          { text: "ship", weight: 3 },
          { text: "Helps deploy things.", weight: 1 },
        ],
      },
    ]);
    expect(ranker.rank("deploy")[0].name).toBe("a");
  });

  it("normalised scores do not shrink with a small catalog", () => {
    const entries = [
      { name: "slack-gif-creator", description: "Create animated GIFs for Slack." },
      { name: "pdf-forms", description: "Fill PDF forms." },
    ];
    const small = createCatalogRanker(entries).rank("animated gif for slack")[0].score;
    const padding = Array.from({ length: 200 }, (_, i) => ({ name: `skill-${i}`, description: `Topic number ${i} about something else entirely.` }));
    const large = createCatalogRanker([...entries, ...padding]).rank("animated gif for slack")[0].score;
    expect(small).toBeGreaterThan(SCORE_THRESHOLD);
    expect(large).toBeGreaterThan(SCORE_THRESHOLD);
    expect(Math.abs(small - large) / large).toBeLessThan(0.35);
  });

  it("decide picks the top skill only above the threshold", () => {
    const ranker = createCatalogRanker([
      { name: "slack-gif-creator", description: "Create animated GIFs for Slack." },
      { name: "pdf-forms", description: "Fill PDF forms." },
    ]);
    expect(decide(ranker, "a gif for slack").chosen).toBe("slack-gif-creator");
    expect(decide(ranker, "what is the weather").chosen).toBeNull();
    expect(decide(ranker, "").chosen).toBeNull();
  });

  it("needs more than one shared word, however strong that one word is", () => {
    expect(disqualification("which slack channel is the busiest", { name: "slack-gif-creator", score: 2.5 }, 1)).toBe(
      "the best match, slack-gif-creator, shares only 1 word with the message; a skill needs 2",
    );
    expect(disqualification("slack", { name: "slack-gif-creator", score: 2.5 }, 1)).toBeNull();
  });

  // "code" and "review" are in five descriptions of these 36: common words, worth half a distinctive one each.
  const reviewCatalog = [
    { name: "code-review", description: "Review code changes in pull requests for quality and design." },
    { name: "security-review", description: "Review code for security vulnerabilities such as injection." },
    { name: "perf-review", description: "Review code for slow database queries and performance problems." },
    { name: "docs-review", description: "Review code comments and documentation files for accuracy." },
    { name: "test-review", description: "Review code tests for coverage and flakiness." },
    { name: "pdf-forms", description: "Fill in and extract fields from PDF forms." },
    ...Array.from({ length: 30 }, (_, i) => ({ name: `topic-${i}`, description: `Topic number ${i} about something else entirely.` })),
  ];

  it("stays silent when only words common across the catalog are shared", () => {
    const decision = decide(createCatalogRanker(reviewCatalog), "please review this code carefully");
    expect(decision.ranked[0].score).toBeGreaterThan(0);
    expect(decision.chosen).toBeNull();
  });

  it("a message that spells out a skill's name of several words picks it, however common the words", () => {
    const ranker = createCatalogRanker(reviewCatalog);
    expect(decide(ranker, "do a code review of this branch").chosen).toBe("code-review");
    expect(decide(ranker, "a security review, please").chosen).toBe("security-review");
    // In another order the words name nothing.
    expect(decide(ranker, "review the code of this branch").chosen).toBeNull();
  });

  it("a redirect clause counts for the sibling it names, not for its own skill", () => {
    const ranker = createCatalogRanker([
      { name: "dask", description: "Distributed dataframes for pandas code across a cluster. For out-of-core analytics on a single machine use vaex." },
      { name: "vaex", description: "Lazy dataframes over huge tabular files." },
      { name: "polars", description: "Fast in-memory dataframes. For larger-than-RAM data use dask or vaex." },
      { name: "pdf-forms", description: "Fill in and extract fields from PDF forms." },
    ]);
    expect(decide(ranker, "out-of-core analytics on a single machine").chosen).toBe("vaex");
    expect(decide(ranker, "my data is larger than RAM, which dataframe library?").ranked[0].name).not.toBe("polars");
  });

  it("a negative clause does not count for its skill", () => {
    const ranker = createCatalogRanker([
      { name: "property-testing", description: "Write property-based tests with Hypothesis. Not for coverage-guided binary fuzzing or benchmarking." },
      { name: "unit-tests", description: "Write unit tests with pytest fixtures." },
      { name: "pdf-forms", description: "Fill in and extract fields from PDF forms." },
    ]);
    expect(decide(ranker, "benchmarking a coverage-guided binary fuzzing run").chosen).toBeNull();
    expect(decide(ranker, "property-based tests with hypothesis").chosen).toBe("property-testing");
  });
});
