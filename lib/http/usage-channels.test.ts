import { afterAll, describe, expect, it } from "vitest";
import { createOfflineRouterModel } from "@/lib/playground/router";
import { OFFLINE_ROUTER_ID, type PlaygroundSkill } from "@/lib/playground/domain";
import { serializeTriggerTests } from "@/lib/skills/format/trigger-tests";
import { folderFingerprint } from "@/lib/skills/clawhub/protocol";
import { installTestSandbox } from "@/lib/test/chat-stream";
import { setSkillExecutor } from "@/lib/sandbox/registry";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";

// Every channel that delivers a skill, driven once through its real entry point (route handler,
// MCP endpoint, playground turn, run session, trigger-test run), must leave exactly one usage
// event with the right skill, version and channel; a client's digest check (a 304, ClawHub's
// resolve, a refetch of the same version) leaves none.

Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", BETTER_AUTH_URL: "http://localhost:3000" });
const sandbox = await installTestSandbox("usage channel tests");
const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const { createSkill, addSkillVersion } = await import("@/lib/data/skills");
const { createFeed } = await import("@/lib/data/distribution/feeds");
const { flushUsage } = await import("@/lib/data/usage/usage");
const { loadSkillSource } = await import("@/lib/data/playground/playground");
const { openRunSession } = await import("@/lib/data/playground/skill-runs");
const { runSkillTriggerEval } = await import("@/lib/data/playground/trigger-evals");
const { playgroundChat } = await import("./playground-chat");
const { skillZipResponse } = await import("./skill-zip");
const agentSkills = await import("@/app/api/agent-skills/[...path]/route");
const feeds = await import("@/app/api/feeds/[secret]/[[...path]]/route");
const clawhub = await import("@/app/api/clawhub/[...path]/route");
const mcp = await import("@/app/api/mcp/route");
afterAll(async () => {
  setSkillExecutor(null);
  await cleanup();
});

await createUser(db, "ada");
const ada = { id: "ada" };
const token = await createToken(ada, { name: "read", scope: "read" });
const bearer = { authorization: `Bearer ${token.secret}` };
const created = await createSkill(ada, {
  skill: makeSkill("pdf-tools", {
    description: "Fill PDF forms. Use when the user needs to fill a PDF form.",
    files: {
      "references/forms.md": "# Forms\n",
      "scripts/hello.sh": "echo hello\n",
      "evals/triggers.json": serializeTriggerTests([{ query: "please fill out this PDF form", shouldTrigger: true }]),
    },
  }),
  destination: { scope: "PERSONAL" },
});
const skillId = created.skillId;
// Version 2 is current: every event below must name it.
await addSkillVersion(ada, skillId, {
  skill: makeSkill("pdf-tools", {
    description: "Fill PDF forms. Use when the user needs to fill a PDF form.",
    files: {
      "references/forms.md": "# Forms, v2\n",
      "scripts/hello.sh": "echo hello\n",
      "evals/triggers.json": serializeTriggerTests([{ query: "please fill out this PDF form", shouldTrigger: true }]),
    },
  }),
  message: "v2",
});

/** The events one action left, once written. */
async function eventsOf(action: () => Promise<unknown>) {
  await flushUsage();
  const before = new Set((await db.usageEvent.findMany({ select: { id: true } })).map((e) => e.id));
  await action();
  await flushUsage();
  return (await db.usageEvent.findMany({ orderBy: { createdAt: "asc" } }))
    .filter((e) => !before.has(e.id))
    .map((e) => ({ skillId: e.skillId, version: e.version, channel: e.channel, actorId: e.actorId, tokenId: e.tokenId, path: e.path }));
}

const one = (channel: string, extra: Record<string, unknown> = {}) => [{ skillId, version: 2, channel, actorId: "ada", tokenId: null, path: null, ...extra }];
const viaToken = { tokenId: token.token.id };

const agentSkill = (path: string, headers: Record<string, string> = {}) =>
  agentSkills.GET(new Request(`http://localhost:3000/.well-known/agent-skills/${path}`, { headers: { ...bearer, ...headers } }), {
    params: Promise.resolve({ path: path.split("/") }),
  });

const mcpCall = async (method: string, params: Record<string, unknown>) => {
  const response = await mcp.POST(
    new Request("http://localhost:3000/api/mcp", {
      method: "POST",
      headers: { ...bearer, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    }),
  );
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  expect(body.error).toBeUndefined();
  return body.result;
};

const clawhubGet = (path: string) => {
  const url = new URL(`http://localhost:3000/api/clawhub/${path}`);
  const segments = url.pathname.split("/").slice(3).filter(Boolean);
  return clawhub.GET(new Request(url, { headers: bearer }), { params: Promise.resolve({ path: segments }) });
};

describe("every channel counts what it delivers, once", () => {
  it("a ZIP download from the app", async () => {
    expect(await eventsOf(() => skillZipResponse(new Request(`http://localhost:3000/api/skills/${skillId}/download`), ada, skillId))).toEqual(one("download"));
  });

  it("the discovery index: the index itself (a digest list) counts nothing; an artifact counts once per client and version", async () => {
    expect(await eventsOf(() => agentSkill("index.json"))).toEqual([]);
    expect(await eventsOf(() => agentSkill("pdf-tools.zip"))).toEqual(one("discovery", viaToken));
    // `skills update` fetches every artifact again: the same version from the same client is no new install.
    expect(await eventsOf(() => agentSkill("pdf-tools.zip"))).toEqual([]);
  });

  it("the sync CLI (named by its User-Agent), whichever file it fetches", async () => {
    expect(await eventsOf(() => agentSkill("pdf-tools/references/forms.md", { "user-agent": "skillshelf-sync/1" }))).toEqual(one("sync", viaToken));
    expect(await eventsOf(() => agentSkill("pdf-tools/SKILL.md", { "user-agent": "skillshelf-sync/1" }))).toEqual([]);
  });

  it("a delivery link: its artifacts once per link and version, its index never", async () => {
    const { secret } = await createFeed(ada, { name: "laptop" });
    const get = (path: string[]) =>
      feeds.GET(new Request(`http://localhost:3000/feeds/${secret}/${path.join("/")}`), { params: Promise.resolve({ secret, path }) });
    expect(await eventsOf(() => get([".well-known", "agent-skills", "index.json"]))).toEqual([]);
    expect(await eventsOf(() => get([".well-known", "agent-skills", "pdf-tools.zip"]))).toEqual(one("feed"));
    expect(await eventsOf(() => get([".well-known", "agent-skills", "pdf-tools.zip"]))).toEqual([]);
  });

  it("ClawHub: download counts, resolve?hash= (the CLI's digest check) does not", async () => {
    const version = await (await import("@/lib/data/skills")).readSkillVersionFiles(ada, skillId);
    const hash = folderFingerprint(version!.files);
    expect(await eventsOf(async () => expect((await clawhubGet(`api/v1/resolve?slug=pdf-tools&hash=${hash}`)).status).toBe(200))).toEqual([]);
    expect(await eventsOf(async () => expect((await clawhubGet("api/v1/download?slug=pdf-tools")).status).toBe(200))).toEqual(one("clawhub", viaToken));
    expect(await eventsOf(() => clawhubGet("api/v1/download?slug=pdf-tools"))).toEqual([]);
  });

  it("MCP tools: list_skills offers, load_skill loads, read_skill_resource reads with its path", async () => {
    expect(await eventsOf(() => mcpCall("tools/call", { name: "list_skills", arguments: {} }))).toEqual(one("catalog", viaToken));
    expect(await eventsOf(() => mcpCall("tools/call", { name: "load_skill", arguments: { name: "pdf-tools" } }))).toEqual(one("mcp-load", viaToken));
    expect(await eventsOf(() => mcpCall("tools/call", { name: "read_skill_resource", arguments: { name: "pdf-tools", path: "references/forms.md" } }))).toEqual(
      one("mcp-read", { ...viaToken, path: "references/forms.md" }),
    );
  });

  it("MCP Skills extension: skills/list and skills/get offer, resources/read of SKILL.md loads and of a file reads", async () => {
    expect(await eventsOf(() => mcpCall("skills/list", {}))).toEqual(one("catalog", viaToken));
    expect(await eventsOf(() => mcpCall("skills/get", { uri: "skill://pdf-tools/SKILL.md" }))).toEqual(one("catalog", viaToken));
    expect(await eventsOf(() => mcpCall("resources/read", { uri: "skill://pdf-tools/SKILL.md" }))).toEqual(one("mcp-load", viaToken));
    expect(await eventsOf(() => mcpCall("resources/read", { uri: "skill://pdf-tools/references/forms.md" }))).toEqual(
      one("mcp-read", { ...viaToken, path: "references/forms.md" }),
    );
  });

  it("a playground turn: its catalog offered once, a $mention loaded once", async () => {
    const events = await eventsOf(async () => {
      const response = await playgroundChat(ada, {
        conversationId: null,
        text: "$pdf-tools fill this form",
        setup: { source: { kind: "all" }, mode: "full", exposeMetadata: false, instructions: "", modelId: OFFLINE_ROUTER_ID },
      });
      await response.text();
    });
    expect(events).toEqual([...one("catalog"), ...one("load")]);
  });

  it.skipIf(!sandbox.available)("skill_run", async () => {
    const skill = (await loadSkillSource(ada, { kind: "all" })).source.skills.find((s) => s.name === "pdf-tools") as PlaygroundSkill;
    const { runner } = await openRunSession(ada, { conversationId: null, attachments: [] });
    expect(await eventsOf(() => runner!.run(skill, { command: "sh scripts/hello.sh", outputGlobs: [], timeoutMs: 10_000 }, { toolCallId: "t1" }))).toEqual(
      one("run"),
    );
  });

  it("a trigger-test run", async () => {
    const offline = { id: OFFLINE_ROUTER_ID, model: createOfflineRouterModel(), costsTokens: false };
    expect(await eventsOf(() => runSkillTriggerEval(ada, skillId, { catalog: { kind: "all" }, modelId: OFFLINE_ROUTER_ID }, offline))).toEqual(one("eval"));
  });

  it("the rollup holds exactly what the raw events count", async () => {
    const raw = await db.usageEvent.groupBy({ by: ["day", "skillId", "version", "channel"], _count: { _all: true } });
    const rollup = await db.usageDaily.findMany();
    expect(rollup.map((r) => [r.day, r.skillId, r.version, r.channel, r.count]).sort()).toEqual(
      raw.map((r) => [r.day, r.skillId, r.version, r.channel, r._count._all]).sort(),
    );
  });
});
