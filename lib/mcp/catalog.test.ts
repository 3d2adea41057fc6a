import { describe, expect, it } from "vitest";
import { renderSkillList, serverInstructions, type ListedSkill } from "./catalog";

const pdf: ListedSkill = { name: "pdf-tools", description: "Fill PDF\n  forms.", place: "Team Platform", version: 3, tokens: 1234 };

describe("renderSkillList", () => {
  it("puts one skill per line, descriptions on one line, and notices last", () => {
    expect(renderSkillList([pdf], null, ['"old-skill" is archived, so agents do not see it; it was left out of profile "Bot".'])).toBe(
      [
        "1 skill, one per name. Call load_skill with a name when a task matches its description.",
        "- pdf-tools: Fill PDF forms. [Team Platform, v3, 1,234 tokens]",
        'Note: "old-skill" is archived, so agents do not see it; it was left out of profile "Bot".',
      ].join("\n"),
    );
  });

  it("says when there is nothing, with and without a query", () => {
    expect(renderSkillList([], null)).toBe("No skills are available to you here.");
    expect(renderSkillList([], "gifs")).toBe('No skill matches "gifs". Call list_skills without a query to see every skill.');
  });

  it("numbers query results with their scores", () => {
    expect(renderSkillList([{ ...pdf, score: 1.5 }], "pdf")).toBe(
      'Skills matching "pdf", best first (at most 5):\n1. pdf-tools (score 1.50): Fill PDF forms. [Team Platform, v3, 1,234 tokens]',
    );
  });
});

describe("serverInstructions", () => {
  it("names the levels in order, and a profile with its own instructions", () => {
    const all = serverInstructions(null);
    expect(all).toMatch(/list_skills[\s\S]*load_skill[\s\S]*read_skill_resource/);
    expect(all).not.toContain("profile");
    expect(serverInstructions({ name: "Bot", instructions: "  " })).not.toContain("The profile's instructions");
    expect(serverInstructions({ name: "Bot", instructions: "Be brief." })).toMatch(/agent profile "Bot"[\s\S]*The profile's instructions:\nBe brief\.$/);
  });
});
