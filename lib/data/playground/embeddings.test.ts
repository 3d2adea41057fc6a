import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cosine } from "@/lib/playground/skill-vectors";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

// The versions.embed job against a local OpenAI-compatible server that returns deterministic
// vectors (each word hashed into one of 64 dimensions): no network, and a changed text gives a
// changed vector.

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const { embeddingProvider } = await import("@/lib/embeddings/provider");
const { countPendingEmbeddings, embedPendingVersions, vectorsOfVersions } = await import("./embeddings");
const { ada } = await createCast(db);

function hashedVector(text: string): number[] {
  const vector = new Array<number>(64).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let h = 2166136261;
    for (const c of word) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
    vector[(h >>> 0) % 64] += 1;
  }
  return vector;
}

let server: Server;
let baseUrl = "";
const calls: string[][] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const { input } = JSON.parse(body) as { input: string[] };
      calls.push(input);
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ data: input.map((text, index) => ({ index, embedding: hashedVector(text) })) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await cleanup();
});

const provider = () => embeddingProvider({ EMBEDDINGS_BASE_URL: baseUrl, EMBEDDINGS_MODEL: "hash-64" } as Parameters<typeof embeddingProvider>[0])!;
const currentVersionId = async (skillId: string) => (await db.skill.findUniqueOrThrow({ where: { id: skillId } })).currentVersionId!;

describe("version embeddings (hybrid routing)", () => {
  it("is off without a provider", () => {
    expect(embeddingProvider({ EMBEDDINGS_MODEL: "x" } as Parameters<typeof embeddingProvider>[0])).toBeNull();
  });

  it("embeds each current version once, in the job, and re-embeds an edited skill's new version; the old vector is never read for it", async () => {
    const created = await skills.createSkill(ada, {
      skill: makeSkill("csv-cleaner", { description: "Clean messy CSV exports.", body: "# Delimiters\nDetect the delimiter of a CSV file.\n" }),
      destination: { scope: "PERSONAL" },
    });
    const skillId = created.skillId!;
    const v1 = await currentVersionId(skillId);
    expect(await countPendingEmbeddings("hash-64")).toBe(1);
    expect(await vectorsOfVersions([v1], "hash-64")).toEqual(new Map());

    expect(await embedPendingVersions(provider())).toBe(1);
    expect(calls.at(-1)![0]).toContain("Detect the delimiter");
    const first = (await vectorsOfVersions([v1], "hash-64")).get(v1)!;
    expect(first).toHaveLength(64);
    expect(Array.from(first)).toEqual(hashedVector(calls.at(-1)![0]));
    // Nothing left: a second run calls the provider for nothing.
    const before = calls.length;
    expect(await embedPendingVersions(provider())).toBe(0);
    expect(calls).toHaveLength(before);

    await skills.addSkillVersion(ada, skillId, {
      skill: makeSkill("csv-cleaner", { description: "Render charts from spreadsheets.", body: "# Charts\nPlot bar and line charts from a spreadsheet.\n" }),
      message: "now about charts",
    });
    const v2 = await currentVersionId(skillId);
    expect(v2).not.toBe(v1);
    // Read by the version the skill points at now: the old vector is not the skill's any more.
    expect(await vectorsOfVersions([v2], "hash-64")).toEqual(new Map());
    expect(await countPendingEmbeddings("hash-64")).toBe(1);

    expect(await embedPendingVersions(provider())).toBe(1);
    const second = (await vectorsOfVersions([v2], "hash-64")).get(v2)!;
    expect(calls.at(-1)![0]).toContain("Plot bar and line charts");
    expect(cosine(second, first)).toBeLessThan(0.9);
    expect(Array.from(second)).toEqual(hashedVector(calls.at(-1)![0]));
  });

  it("re-embeds vectors another model made", async () => {
    const other = { model: "hash-other", embed: provider().embed };
    expect(await countPendingEmbeddings("hash-other")).toBeGreaterThan(0);
    expect(await embedPendingVersions(other)).toBe(await db.skill.count({ where: { currentVersionId: { not: null } } }));
    expect(await countPendingEmbeddings("hash-other")).toBe(0);
  });
});
