import { describe, expect, it } from "vitest";
import { chatFiles, loadedSkills, turnSkills } from "./chat-links";
import type { DisclosureEvent } from "./domain";

const load = (skill: string, files: { path: string; mediaType: string }[], version = 1): DisclosureEvent => ({
  level: 2,
  kind: "load",
  skill,
  skillId: `id-${skill}`,
  version,
  by: "model",
  tokens: 10,
  needsReview: false,
  files,
});

describe("which skill a chat answer's relative paths belong to", () => {
  it("puts the router's pick first, then what the turn loaded, reloaded or read", () => {
    const events: DisclosureEvent[] = [
      load("b", []),
      { level: 2, kind: "repeat", skill: "c", firstTurn: 1, tokens: 5 },
      { level: 3, kind: "read", skill: "d", path: "x.md", tokens: 1, size: 1, mediaType: "text/markdown", binary: false },
      { level: 1, kind: "search", query: "q", results: [{ name: "e", score: 1 }], tokens: 3 },
    ];
    expect(turnSkills({ events, router: { query: "q", threshold: 0, ranked: [], chosen: "a" } })).toEqual(["a", "b", "c", "d"]);
    expect(turnSkills({ events: [], router: null })).toEqual([]);
  });

  it("maps each path to the first skill that has it, at the version that was loaded", () => {
    const loaded = loadedSkills([
      load("a", [{ path: "assets/p.png", mediaType: "image/png" }], 1),
      load("b", [
        { path: "assets/p.png", mediaType: "image/png" },
        { path: "ref.md", mediaType: "text/markdown" },
      ]),
      load("a", [{ path: "assets/p.png", mediaType: "image/png" }], 3),
    ]);
    expect(loaded.get("a")?.version).toBe(3);
    const files = chatFiles(["b", "a", "unknown"], loaded);
    expect(Object.fromEntries(files)).toEqual({
      "SKILL.md": { mediaType: "text/markdown", skillId: "id-b", version: 1 },
      "assets/p.png": { mediaType: "image/png", skillId: "id-b", version: 1 },
      "ref.md": { mediaType: "text/markdown", skillId: "id-b", version: 1 },
    });
    // A ledger saved before loads recorded files resolves nothing but SKILL.md.
    const old = loadedSkills([{ ...load("a", []), files: undefined } as DisclosureEvent]);
    expect([...chatFiles(["a"], old).keys()]).toEqual(["SKILL.md"]);
  });
});
