import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { createOfflineRouterModel } from "./router";
import { sourceLookup } from "./skill-ranking";
import { inlineSource, SAMPLE_SKILLS } from "./test-helpers";
import { modelCatalog, searchCatalog } from "./tools";
import { prepareTurn } from "./turn";
import { OFFLINE_ROUTER_ID } from "./domain";

// One ranking: the router (full mode), search_skills (search mode) and MCP list_skills (which calls
// searchCatalog on the skills it serves) order the same request's skills the same way.

const source = inlineSource(SAMPLE_SKILLS);

async function routerOrder(query: string) {
  const turn = await prepareTurn({
    source,
    settings: { mode: "full", exposeMetadata: false, instructions: "", modelId: OFFLINE_ROUTER_ID },
    history: [],
    userText: query,
  });
  const result = await generateText({ model: createOfflineRouterModel({ skillTexts: sourceLookup(source) }), ...turn.request });
  return turn.finish(result.totalUsage).router!;
}

describe("one ranking for the router, search_skills and list_skills", () => {
  for (const query of ["Make me an animated GIF for Slack, what size should the emoji be?", "fill in the fields of a PDF form", "release notes for the sea"]) {
    it(`orders "${query}" the same way`, async () => {
      const router = await routerOrder(query);
      const search = await searchCatalog(source, modelCatalog(source.skills), query);
      expect(router.ranked.length).toBeGreaterThan(0);
      expect(search.ranked.map((r) => r.name)).toEqual(router.ranked.map((r) => r.name));
      expect(search.chosen).toBe(router.chosen);
    });
  }
});
