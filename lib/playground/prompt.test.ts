import { describe, expect, it } from "vitest";
import { countTokens } from "../skills/format/tokens";
import { buildSystemPrompt, catalogOverBudget, chooseInstructions, DEFAULT_INSTRUCTIONS, parseCatalogXml, SEARCH_MODE_NOTE } from "./prompt";
import { inlineSource } from "./test-helpers";

const source = inlineSource([
  { name: "alpha", description: `'Handles <tags> & "quotes" here.'`, frontmatter: "license: MIT\nmetadata:\n  author: ada\n  version: '2'\n" },
  { name: "beta", description: "Second skill." },
]);

describe("buildSystemPrompt", () => {
  it("full mode: header, then the reference <available_skills> block, with its token count", () => {
    const prompt = buildSystemPrompt({ mode: "full", exposeMetadata: false, instructions: "  " }, source.skills);
    expect(prompt.header).toBe(DEFAULT_INSTRUCTIONS);
    expect(prompt.catalogXml).toBe(
      "<available_skills>\n<skill>\n<name>\nalpha\n</name>\n<description>\nHandles &lt;tags&gt; &amp; &quot;quotes&quot; here.\n</description>\n</skill>\n<skill>\n<name>\nbeta\n</name>\n<description>\nSecond skill.\n</description>\n</skill>\n</available_skills>",
    );
    expect(prompt.system).toBe(`${DEFAULT_INSTRUCTIONS}\n\n${prompt.catalogXml}`);
    expect(prompt.catalogTokens).toBe(countTokens(prompt.catalogXml));
    expect(parseCatalogXml(prompt.system)).toEqual([
      { name: "alpha", description: 'Handles <tags> & "quotes" here.' },
      { name: "beta", description: "Second skill." },
    ]);
  });

  it("exposes every frontmatter field when asked, still readable as a catalog", () => {
    const prompt = buildSystemPrompt({ mode: "full", exposeMetadata: true, instructions: "Be brief." }, source.skills);
    expect(prompt.header).toBe("Be brief.");
    expect(prompt.catalogXml).toContain(
      "<license>\nMIT\n</license>\n<metadata>\n{&quot;author&quot;:&quot;ada&quot;,&quot;version&quot;:&quot;2&quot;}\n</metadata>",
    );
    expect(prompt.catalogTokens).toBeGreaterThan(buildSystemPrompt({ mode: "full", exposeMetadata: false, instructions: "" }, source.skills).catalogTokens);
    expect(parseCatalogXml(prompt.system)?.map((e) => e.name)).toEqual(["alpha", "beta"]);
  });

  it("search mode: no catalog, a note about search_skills instead", () => {
    const prompt = buildSystemPrompt({ mode: "search", exposeMetadata: false, instructions: "" }, source.skills);
    expect(prompt.catalogXml).toBe("");
    expect(prompt.system).toBe(`${DEFAULT_INSTRUCTIONS}\n\n${SEARCH_MODE_NOTE}`);
    expect(prompt.system).not.toContain("alpha");
    expect(parseCatalogXml(prompt.system)).toBeNull();
    expect(prompt.catalogTokens).toBe(countTokens(SEARCH_MODE_NOTE));
  });
});

describe("the setup's choices", () => {
  it("uses the setup's header, else the profile's instructions", () => {
    expect(chooseInstructions("  Be brief. ", "From the profile.")).toBe("Be brief.");
    expect(chooseInstructions("   ", "From the profile.")).toBe("From the profile.");
    expect(chooseInstructions("", null)).toBe("");
  });

  it("flags a full catalog over a quarter of the context, never search mode", () => {
    expect(catalogOverBudget("full", 8_000, 32_000)).toBeNull();
    expect(catalogOverBudget("full", 8_001, 32_000)).toEqual({ budget: 8_000, contextWindow: 32_000 });
    expect(catalogOverBudget("search", 100_000, 32_000)).toBeNull();
  });
});
