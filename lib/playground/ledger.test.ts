import { describe, expect, it } from "vitest";
import { finishTurnLedger, showsSaving, tokensByLevel } from "./ledger";
import type { DisclosureEvent, PlaygroundSkill, TurnLedger } from "./domain";

const skill = (name: string, catalogTokens: number, bodyTokens: number, resourceTokens: number): PlaygroundSkill => ({
  skillId: name,
  name,
  description: "",
  version: 1,
  scope: "TEAM",
  frontmatter: {},
  catalogTokens,
  bodyTokens,
  resourceTokens,
  reviewStatus: "none",
  files: [],
});

// Catalog 100 tokens; eager = 100 + (400 + 500) + (300 + 0) + (200 + 1000) = 2500.
const skills = [skill("a", 30, 400, 500), skill("b", 30, 300, 0), skill("c", 30, 200, 1000)];
const catalog: DisclosureEvent = { level: 1, kind: "catalog", mode: "full", skills: ["a", "b", "c"], tokens: 100 };

describe("finishTurnLedger", () => {
  it("first turn: catalog + load + read are new and resident; errors and notices cost nothing", () => {
    const events: DisclosureEvent[] = [
      catalog,
      { level: 2, kind: "load", skill: "a", skillId: "a", version: 1, by: "model", tokens: 410, needsReview: false },
      { level: 3, kind: "read", skill: "a", path: "r.md", tokens: 90, size: 300, mediaType: "text/markdown", binary: false },
      { level: 3, kind: "error", tool: "read_skill_resource", skill: "a", path: "x", error: "no such file" },
      { level: 0, kind: "notice", message: "hi" },
    ];
    const ledger = finishTurnLedger({ turn: 1, modelId: "m", events, history: [], skills, catalogTokens: 100, usage: { inputTokens: 1234, outputTokens: 56 } });
    expect(ledger.totals).toEqual({
      newlyDisclosed: 600,
      resident: 600,
      catalogTokens: 100,
      inputTokens: 1234,
      outputTokens: 56,
      eagerTokens: 2500,
      savingPercent: 76,
      runTokens: 0,
      toolTokens: 0,
      callTokens: 0,
    });
    expect(ledger.router).toBeNull();
  });

  it("later turn: the catalog is not new, earlier model loads stay resident, earlier mention blocks do not", () => {
    const turn1: TurnLedger = finishTurnLedger({
      turn: 1,
      modelId: "m",
      events: [
        catalog,
        { level: 2, kind: "load", skill: "a", skillId: "a", version: 1, by: "model", tokens: 410, needsReview: false },
        { level: 2, kind: "load", skill: "b", skillId: "b", version: 1, by: "mention", tokens: 310, needsReview: false },
      ],
      history: [],
      skills,
      catalogTokens: 100,
    });
    expect(turn1.totals.newlyDisclosed).toBe(820);
    expect(turn1.totals.resident).toBe(820);
    const turn2 = finishTurnLedger({
      turn: 2,
      modelId: "m",
      events: [
        catalog,
        { level: 2, kind: "repeat", skill: "a", firstTurn: 1, tokens: 20 },
        { level: 2, kind: "load", skill: "c", skillId: "c", version: 1, by: "model", tokens: 205, needsReview: false },
      ],
      history: [turn1],
      skills,
      catalogTokens: 100,
      usage: null,
    });
    // new: only c's body; resident: catalog 100 + a 410 (turn 1, in history) + c 205; b's mention block is gone.
    expect(turn2.totals).toEqual({
      newlyDisclosed: 205,
      resident: 715,
      catalogTokens: 100,
      inputTokens: null,
      outputTokens: null,
      eagerTokens: 2500,
      savingPercent: 71.4,
      runTokens: 0,
      toolTokens: 0,
      callTokens: 0,
    });
  });

  it("counts the catalog as new again when it changed between turns", () => {
    const first = finishTurnLedger({ turn: 1, modelId: "m", events: [catalog], history: [], skills, catalogTokens: 100 });
    const second = finishTurnLedger({ turn: 2, modelId: "m", events: [{ ...catalog, tokens: 140 }], history: [first], skills, catalogTokens: 140 });
    expect(second.totals.newlyDisclosed).toBe(140);
  });

  it("search mode: search results are disclosed content; eager counts a listing of every skill", () => {
    const events: DisclosureEvent[] = [
      { level: 1, kind: "catalog", mode: "search", skills: [], tokens: 40 },
      { level: 1, kind: "search", query: "q", results: [{ name: "a", score: 2 }], tokens: 60 },
    ];
    const ledger = finishTurnLedger({ turn: 1, modelId: "m", events, history: [], skills, catalogTokens: 40 });
    // eager: 3 * 30 (catalog entries) + 900 + 300 + 1200 = 2490
    expect(ledger.totals).toMatchObject({ newlyDisclosed: 100, resident: 100, eagerTokens: 2490, savingPercent: 96 });
  });

  it("an empty catalog saves nothing and divides by nothing; bad provider numbers become null", () => {
    const ledger = finishTurnLedger({
      turn: 1,
      modelId: "m",
      events: [],
      history: [],
      skills: [],
      catalogTokens: 0,
      usage: { inputTokens: Number.NaN, outputTokens: -1 },
    });
    expect(ledger.totals).toMatchObject({ eagerTokens: 0, savingPercent: 0, inputTokens: null, outputTokens: null });
  });

  it("keeps the router's ranking", () => {
    const router = { query: "q", threshold: 1.5, ranked: [{ name: "a", score: 2 }], chosen: "a" };
    expect(finishTurnLedger({ turn: 1, modelId: "offline-router", events: [], history: [], skills, catalogTokens: 0, router }).router).toEqual(router);
  });
});

describe("tokensByLevel", () => {
  it("splits a turn's skill content by level and counts run results apart; repeats, errors and notices count nowhere", () => {
    const events: DisclosureEvent[] = [
      catalog,
      { level: 1, kind: "search", query: "pdf", results: [{ name: "a", score: 1 }], tokens: 25 },
      { level: 2, kind: "load", skill: "a", skillId: "a", version: 1, by: "model", tokens: 410, needsReview: false },
      { level: 2, kind: "load", skill: "b", skillId: "b", version: 1, by: "mention", tokens: 300, needsReview: false },
      { level: 2, kind: "repeat", skill: "a", firstTurn: 1, tokens: 20 },
      { level: 3, kind: "read", skill: "a", path: "r.md", tokens: 90, size: 300, mediaType: "text/markdown", binary: false },
      { level: 3, kind: "error", tool: "read_skill_resource", skill: "a", path: "x", error: "no such file" },
      {
        level: 3,
        kind: "run",
        skill: "a",
        version: 1,
        command: "python3 scripts/x.py",
        exitCode: 0,
        timedOut: false,
        durationMs: 40,
        files: [{ path: "out/r.md", size: 12, mediaType: "text/markdown" }],
        tokens: 64,
      },
      { level: 3, kind: "error", tool: "skill_run", skill: "a", error: "execution is off" },
      { level: 0, kind: "notice", message: "hi" },
    ];
    expect(tokensByLevel({ events })).toEqual({ l1: 125, l2: 710, l3: 90, runs: 64, tools: 0 });
  });
});

describe("showsSaving", () => {
  it("shows a saving only for a turn that disclosed something", () => {
    expect(showsSaving({ newlyDisclosed: 0, eagerTokens: 5000 })).toBe(false);
    expect(showsSaving({ newlyDisclosed: 120, eagerTokens: 5000 })).toBe(true);
    expect(showsSaving({ newlyDisclosed: 120, eagerTokens: 0 })).toBe(false);
  });
});

describe("run output in the ledger", () => {
  it("counts skill_run results as disclosed and resident context, but not in the saving", () => {
    const runSkills = [skill("a", 30, 400, 600)];
    const events: DisclosureEvent[] = [
      { level: 1, kind: "catalog", mode: "full", skills: ["a"], tokens: 100 },
      { level: 2, kind: "load", skill: "a", skillId: "a", version: 1, by: "model", tokens: 400, needsReview: false },
      { level: 3, kind: "run", skill: "a", version: 1, command: "python3 scripts/x.py", exitCode: 0, timedOut: false, durationMs: 40, files: [], tokens: 250 },
    ];
    const first = finishTurnLedger({ turn: 1, modelId: "m", events, history: [], skills: runSkills, catalogTokens: 100 });
    expect(first.totals).toMatchObject({ newlyDisclosed: 750, resident: 750, runTokens: 250, eagerTokens: 1100 });
    // Skill content resident: 500 of an eager 1100.
    expect(first.totals.savingPercent).toBe(54.5);
    const second = finishTurnLedger({ turn: 2, modelId: "m", events: [events[0]], history: [first], skills: runSkills, catalogTokens: 100 });
    expect(second.totals).toMatchObject({ newlyDisclosed: 0, resident: 750, runTokens: 0, savingPercent: 54.5 });
  });
});
