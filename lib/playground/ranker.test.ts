import { describe, expect, it } from "vitest";
import { createCatalogRanker, decide, Ranker, SCORE_THRESHOLD, terms } from "./ranker";
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
});
