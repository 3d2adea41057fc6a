import { describe, expect, it } from "vitest";
import { coverage, routeRequest, SILENCE_RULE, silenceReason } from "./skill-decision";
import { EXACT_NAME_BONUS, indexFor, prepareIndex, SkillIndex, splitBody, type SkillText } from "./skill-ranking";
import { cosine, fuseRankings, rankByVector, RRF_K } from "./skill-vectors";

const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i % 7}`).join(" ");

const CATALOG: SkillText[] = [
  {
    name: "pdf-forms",
    description: "Fill in PDF forms and extract their fields.",
    body: "# Filling forms\nUse the fill script.\n## Checkbox widgets\nTick boxes by name.\n" + filler(40),
    files: ["scripts/fill_pdf.py", "reference/acroform.md"],
  },
  { name: "csv-cleaner", description: "Clean messy CSV exports: fix delimiters and encodings.", body: "# Cleaning\nDetect the delimiter.\n" + filler(40) },
  {
    name: "git-commit",
    description: "Write commit messages in the conventional format.",
    body: "# Messages\nSubject lines under fifty characters.\n" + filler(40),
  },
  {
    name: "image-resize",
    description: "Resize and crop images for the web.",
    body: "# Resizing\nKeep the aspect ratio; mention checkbox only in prose.\n" + filler(40),
  },
];

describe("whole-skill ranking", () => {
  it("ranks on the body and on resource file names, not only the catalog entry", () => {
    const index = new SkillIndex(CATALOG);
    expect(index.rank("acroform")[0].name).toBe("pdf-forms");
    expect(index.rank("tick the widgets")[0].name).toBe("pdf-forms");
    const entriesOnly = new SkillIndex(CATALOG.map(({ name, description }) => ({ name, description })));
    expect(entriesOnly.rank("acroform")).toEqual([]);
  });

  it("weighs a heading above the same word in prose", () => {
    // "checkbox" is a heading of pdf-forms and a prose word of image-resize; the bodies are alike in length.
    const ranked = new SkillIndex(CATALOG).rank("checkbox");
    expect(ranked.map((r) => r.name)).toEqual(["pdf-forms", "image-resize"]);
    expect(ranked[0].score).toBeGreaterThan(ranked[1].score * 1.5);
  });

  it("weighs the name above the description", () => {
    const index = new SkillIndex([
      { name: "resize", description: "Change pictures." },
      { name: "photos", description: "Resize pictures." },
    ]);
    const [first, second] = index.rank("resize");
    expect(first.name).toBe("resize");
    expect(first.score).toBeGreaterThan(second.score);
  });

  it("splits a body into headings and prose", () => {
    expect(splitBody("# Title\ntext\n  ## Sub\nmore")).toEqual({ headings: "Title\nSub", prose: "text\nmore" });
  });

  it("puts a skill whose exact name is the whole query first, and boosts a hyphenated name written out", () => {
    const index = new SkillIndex(CATALOG);
    expect(index.rank("csv-cleaner")[0]).toMatchObject({ name: "csv-cleaner" });
    expect(index.rank("csv-cleaner")[0].score).toBeGreaterThan(EXACT_NAME_BONUS);
    const phrased = index.rank("run git-commit on this");
    expect(phrased[0].name).toBe("git-commit");
  });

  it("keeps a sibling's redirect clause as the target's evidence", () => {
    const index = new SkillIndex([
      { name: "dask", description: "Distributed dataframes across a cluster. For out-of-core analytics on one machine use vaex instead." },
      { name: "vaex", description: "Lazy dataframes over huge files." },
    ]);
    expect(index.rank("out-of-core analytics on one machine").map((r) => r.name)).toEqual(["vaex"]);
  });

  it("restricts the ranking to the candidates and to a limit", () => {
    const index = new SkillIndex(CATALOG);
    expect(index.rank("checkbox", { candidates: new Set(["image-resize"]) }).map((r) => r.name)).toEqual(["image-resize"]);
    expect(index.rank("fill delimiter commit resize", { limit: 2 })).toHaveLength(2);
  });

  it("reuses an index while the same skills at the same versions are asked for, and rebuilds for a new version", () => {
    const keyed = CATALOG.map((t, i) => ({ ...t, key: `s${i}@1` }));
    expect(indexFor(keyed)).toBe(indexFor(keyed.map((t) => ({ ...t }))));
    const edited = keyed.map((t, i) => (i === 0 ? { ...t, body: "# Other\nnothing", key: "s0@2" } : t));
    const index = indexFor(edited);
    expect(index).not.toBe(indexFor(keyed));
    expect(index.rank("checkbox").map((r) => r.name)).toEqual(["image-resize"]);
  });
});

describe("fusion and vectors", () => {
  it("fuses rankings by reciprocal rank: agreement beats one list's top", () => {
    const fused = fuseRankings([
      [{ name: "a" }, { name: "b" }, { name: "c" }],
      [{ name: "b" }, { name: "c" }, { name: "a" }],
    ]);
    expect(fused.map((r) => r.name)).toEqual(["b", "a", "c"]);
    expect(fused[0].score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
  });

  it("ranks by cosine similarity", () => {
    expect(cosine([1, 0], [1, 0])).toBe(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 0], [0, 0])).toBe(0);
    const vectors = new Map([
      ["x", [1, 0]],
      ["y", [0.7, 0.7]],
      ["z", [0, 1]],
    ]);
    expect(rankByVector([1, 0.1], vectors, 2).map((r) => r.name)).toEqual(["x", "y"]);
  });

  it("hybrid: a skill the vectors favour rises, and silence still reads the lexical evidence", () => {
    const index = new SkillIndex(CATALOG);
    const skills = new Map(CATALOG.map((t, i) => [t.name, [i === 1 ? 1 : 0, i === 1 ? 0 : 1]]));
    const lexical = routeRequest(index, "fix the delimiter of a messy CSV export");
    expect(lexical.chosen).toBe("csv-cleaner");
    const hybrid = routeRequest(index, "fix the delimiter of a messy CSV export", { vectors: { query: [1, 0], skills } });
    expect(hybrid.chosen).toBe("csv-cleaner");
    // Vectors alone never speak: a request sharing no word stays silent whatever its nearest vector.
    const unrelated = routeRequest(index, "bake sourdough bread", { vectors: { query: [1, 0], skills } });
    expect(unrelated.ranked[0].name).toBe("csv-cleaner");
    expect(unrelated.chosen).toBeNull();
  });
});

describe("silence from evidence", () => {
  const index = new SkillIndex(CATALOG);

  it("chooses a skill the request is written for", () => {
    const decision = routeRequest(index, "fill the checkbox fields of a PDF form");
    expect(decision.chosen).toBe("pdf-forms");
    expect(decision.evidence!.coverage).toBeGreaterThan(0.8);
  });

  it("stays silent when most informative words are foreign to the best skill (low coverage)", () => {
    const decision = routeRequest(index, "deploy the form service to Netlify with a Helm chart on Kubernetes");
    expect(decision.chosen).toBeNull();
    expect(decision.evidence!.coverage).toBeLessThan(SILENCE_RULE.crowdedCoverage);
    expect(decision.reason).toMatch(/covers \d+% of the message's informative words|name and description score only/);
  });

  it("coverage weighs a word no skill has like the rarest word", () => {
    expect(coverage(index, "csv-cleaner", "csv delimiter")).toBe(1);
    expect(coverage(index, "csv-cleaner", "csv zzyzx")).toBeCloseTo(0.5);
  });

  it("needs more coverage when the runner-up is close than when the best stands alone", () => {
    const base = { score: 3, entryScore: 3, coverage: 0.4 };
    expect(silenceReason("x", { ...base, margin: 0.5 })).toBeNull();
    expect(silenceReason("x", { ...base, margin: 0.05 })).toMatch(/this close to the runner-up needs 50%/);
  });

  it("stays silent when only the body matches and the skill's own entry says little", () => {
    expect(silenceReason("x", { score: 3, entryScore: 0.5, coverage: 1, margin: 1 })).toMatch(/matches the message in its body/);
    expect(silenceReason("x", { score: 0.5, entryScore: 3, coverage: 1, margin: 1 })).toMatch(/scores 0.50; a skill needs 1.00/);
  });

  it("says so when no skill shares a word", () => {
    expect(routeRequest(index, "sourdough")).toMatchObject({ chosen: null, reason: "no skill shares a word with the message", ranked: [] });
  });
});

describe("prepareIndex", () => {
  it("gives the event loop turns while analysing many long bodies, and indexes as indexFor does", async () => {
    const words = ["deploy", "rollback", "canary", "metrics", "alert", "incident", "runbook", "release"];
    const body = (i: number) => Array.from({ length: 3_000 }, (_, j) => `${words[(i + j) % words.length]}${j % 97}`).join(" ");
    const texts = Array.from({ length: 200 }, (_, i) => ({ name: `skill-${i}`, description: "Ships releases.", body: body(i), key: `prepare-${i}@1` }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      const index = await prepareIndex(texts);
      expect(ticks).toBeGreaterThan(0);
      expect(index.rank("canary release").map((r) => r.name)).toEqual(new SkillIndex(texts).rank("canary release").map((r) => r.name));
    } finally {
      clearInterval(timer);
    }
  });
});
