import { createServer, type Server } from "node:http";
import { generateText } from "ai";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createCast, makeSkill } from "@/lib/test/support";
import { OFFLINE_ROUTER_ID } from "@/lib/playground/domain";

// Hybrid ranking live, as the chat route and MCP run it: the playground's sources read the stored vectors of the versions they
// disclose and embed the request, so the router (full mode), search_skills and MCP list_skills
// (both searchCatalog) fuse lexical and vector rankings. The local OpenAI-compatible server is a
// fixed table standing in for a model's sense of meaning: the request and "status-digest" point
// one way, everything else another, which no word of the request gives away.

const REQUEST = "status report for the launch";
const SIMILAR = [1, 0];
const OTHER = [0, 1];
let failing = false;
const calls: string[][] = [];

const server: Server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    const { input } = JSON.parse(body) as { input: string[] };
    calls.push(input);
    if (failing) {
      response.statusCode = 503;
      response.end("overloaded");
      return;
    }
    const vectorOf = (text: string) => (text === REQUEST || text.startsWith("status-digest\n") ? SIMILAR : OTHER);
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ data: input.map((text, index) => ({ index, embedding: vectorOf(text) })) }));
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const address = server.address();
// Read once by the process's environment (lib/env.ts): set before any module reads it.
process.env.EMBEDDINGS_BASE_URL = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/v1`;
process.env.EMBEDDINGS_MODEL = "table-2";

const { db, cleanup } = await createTestDatabase();
const skills = await import("@/lib/data/skills");
const { loadSkillSource } = await import("@/lib/data/playground/playground");
const { embeddingProvider } = await import("@/lib/embeddings/provider");
const { embedPendingVersions } = await import("@/lib/data/playground/embeddings");
const { searchCatalog, modelCatalog } = await import("@/lib/playground/tools");
const { resolveModel, withSkillSource } = await import("@/lib/ai/models");
const { prepareTurn } = await import("@/lib/playground/turn");
const { ada } = await createCast(db);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await cleanup();
});

const create = (name: string, description: string, body: string) =>
  skills.createSkill(ada, { skill: makeSkill(name, { description, body }), destination: { scope: "PERSONAL" } });

// Lexically "weekly-report" leads (status and report in its name and description), then
// "status-digest", then "report-archive"; only status-digest is near the request by its vector.
const weekly = await create("weekly-report", "Write the weekly status report for the team.", "# Status report\nWrite the status report.\n");
const digest = await create("status-digest", "Summarise the status of changes into a short digest.", "# Digest\nCollect the status of each change.\n");
await create("report-archive", "Archive old files.", "# Archive\nMove a report to the archive.\n");

async function source() {
  return (await loadSkillSource({ id: ada.id }, { kind: "all" })).source;
}

/** The names search_skills and MCP list_skills return for the request, best first, and what the router loads. */
async function rankings(source: Awaited<ReturnType<typeof loadSkillSource>>["source"]) {
  const search = await searchCatalog(source, modelCatalog(source.skills), REQUEST);
  const turn = await prepareTurn({
    source,
    settings: { mode: "full", exposeMetadata: false, instructions: "", modelId: OFFLINE_ROUTER_ID },
    history: [],
    userText: REQUEST,
  });
  const model = withSkillSource(resolveModel(OFFLINE_ROUTER_ID)!.model, source);
  const result = await generateText({ model, ...turn.request });
  const router = turn.finish(result.totalUsage).router!;
  return {
    search: search.ranked.map((r) => r.name),
    searchChosen: search.chosen,
    router: router.ranked.map((r) => r.name),
    chosen: router.chosen,
  };
}

const lexical = async () => {
  const { vectors: _vectors, ...withoutVectors } = await source();
  return withoutVectors;
};

describe("hybrid ranking in the playground and MCP", () => {
  it("offers vectors only with a provider configured, and ranks on words alone until the job has embedded the versions", async () => {
    expect(embeddingProvider()).not.toBeNull();
    const words = await rankings(await lexical());
    expect(words.search[0]).toBe("weekly-report");
    expect(words.search).toContain("status-digest");
    // Nothing embedded yet: the request is embedded, no skill has a vector, the order is the lexical one.
    expect(await rankings(await source())).toEqual(words);
  });

  it("fuses the stored vectors after the job: search_skills, list_skills and the router agree", async () => {
    expect(await embedPendingVersions(embeddingProvider()!)).toBe(await db.skill.count({ where: { currentVersionId: { not: null } } }));
    const hybrid = await rankings(await source());
    expect(hybrid.search[0]).toBe("status-digest");
    expect(hybrid.router).toEqual(hybrid.search);
    // Silence still reads the words: status-digest covers too little of the request to be loaded unasked, by either.
    expect(hybrid.chosen).toBe(hybrid.searchChosen);
    // The request is embedded once and kept: the router's steps and the search do not ask again.
    expect(calls.filter((input) => input.includes(REQUEST))).toHaveLength(1);
  });

  it("never ranks an edited skill with its old version's vector", async () => {
    await skills.addSkillVersion(ada, digest.skillId!, {
      skill: makeSkill("status-digest", { description: "Summarise the status of changes into a short digest.", body: "# Digest\nCollect each change.\n" }),
      message: "new body",
    });
    const edited = await rankings(await source());
    expect(edited.search[0]).toBe("weekly-report");
    expect(edited).toEqual(await rankings(await lexical()));
    await embedPendingVersions(embeddingProvider()!);
    expect((await rankings(await source())).search[0]).toBe("status-digest");
  });

  it("ranks on words alone when the provider fails, without failing the request", async () => {
    failing = true;
    try {
      // The request's vector was kept from before: still hybrid.
      expect((await rankings(await source())).search[0]).toBe("status-digest");
      // A new request cannot be embedded: ranked on words alone, as without a provider.
      const asked = "the status report of the launch";
      const live = await source();
      const other = await searchCatalog(live, modelCatalog(live.skills), asked);
      const words = await lexical();
      expect(other.ranked).toEqual((await searchCatalog(words, modelCatalog(words.skills), asked)).ranked);
      expect(other.ranked[0].name).toBe("weekly-report");
      expect(weekly.skillId).toBeTruthy();
    } finally {
      failing = false;
    }
  });
});
