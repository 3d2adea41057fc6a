import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { serializeTriggerTests } from "@/lib/skills/format/trigger-tests";
import { startOpenAiServer, type ChatRequestBody } from "@/lib/test/openai-server";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import type { EvalRunView } from "@/lib/types/evals";

// Trigger tests through the HTTP API, with the offline router and with a real provider path: the
// local OpenAI-compatible server the playground tests use, scripted like a model that loads the
// skill whose catalog description mentions a word of the request (and answers in text otherwise).

let failNext = 0;
/** While set, the model's answers wait for it: a run stays in flight until a test lets it go on. */
let held: Promise<void> | null = null;
const provider = await startOpenAiServer(async (body) => {
  if (held) await held;
  if (failNext > 0) {
    failNext--;
    return { kind: "error", status: 400, message: "This model's maximum context length is 10 tokens", type: "invalid_request_error" };
  }
  const user = JSON.stringify(body.messages.filter((m) => m.role === "user").map((m) => m.content)).toLowerCase();
  const system = JSON.stringify(body.messages[0]?.content ?? "").toLowerCase();
  const skills = [...system.matchAll(/<name>\\n([a-z0-9-]+)\\n<\/name>\\n<description>\\n([^<]*)/g)].map((m) => ({ name: m[1], description: m[2] }));
  const words = user.match(/[a-z]{4,}/g) ?? [];
  const match = skills.find((s) => words.some((w) => s.description.includes(w)));
  return match
    ? { kind: "tool", name: "load_skill", args: { name: match.name }, usage: { prompt_tokens: 400, completion_tokens: 9 } }
    : { kind: "text", text: "I can answer that directly.", usage: { prompt_tokens: 380, completion_tokens: 7 } };
});
process.env.OPENAI_API_KEY = "test-key";
process.env.OPENAI_BASE_URL = provider.baseUrl;
process.env.OPENAI_MODELS = "scripted";

const { db, cleanup } = await createTestDatabase();
const skills = await import("@/lib/data/skills");
const { createToken } = await import("@/lib/data/accounts/tokens");
const route = await import("@/app/api/v1/skills/[skillId]/evals/route");
const runningRoute = await import("@/app/api/v1/skills/[skillId]/evals/running/route");
afterAll(async () => {
  await provider.close();
  await cleanup();
});

const { ada, linus } = await createCast(db);
const adaRead = (await createToken(ada, { name: "ci", scope: "read" })).secret;
const linusRead = (await createToken(linus, { name: "ci", scope: "read" })).secret;

const tests = [
  { query: "fill the insurance claim with my details", shouldTrigger: true },
  { query: "what is our refund window for annual plans", shouldTrigger: false },
];
const claims = await skills.createSkill(ada, {
  skill: makeSkill("claim-forms", { description: "Fill insurance forms.", files: { "evals/triggers.json": serializeTriggerTests(tests) } }),
  destination: { scope: "PERSONAL" },
});
await skills.createSkill(ada, {
  skill: makeSkill("billing-faq", { description: "Answers about refund policy and annual plans." }),
  destination: { scope: "PERSONAL" },
});

const call = (method: "GET" | "POST", secret: string | null, body?: unknown, query = "") => {
  const headers: Record<string, string> = secret ? { authorization: `Bearer ${secret}` } : {};
  const request = new Request(`http://localhost/api/v1/skills/${claims.skillId}/evals${query}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return route[method](request, { params: Promise.resolve({ skillId: claims.skillId }) });
};

const running = async (secret: string) => {
  const request = new Request(`http://localhost/api/v1/skills/${claims.skillId}/evals/running`, { headers: { authorization: `Bearer ${secret}` } });
  const response = await runningRoute.GET(request, { params: Promise.resolve({ skillId: claims.skillId }) });
  return { status: response.status, body: (await response.json()) as { running: { modelId: string; done: number; total: number | null }[] } };
};

beforeEach(() => {
  provider.requests.length = 0;
  failNext = 0;
});

describe("trigger tests against an OpenAI-compatible provider", () => {
  it("estimates the tokens first (dry run), then runs each test as one model call and records the calls and their cost", async () => {
    const dry = await call("POST", adaRead, { modelId: "openai:scripted", dryRun: true });
    expect(dry.status).toBe(200);
    const { estimate } = await dry.json();
    expect(estimate).toMatchObject({ modelId: "openai:scripted", costsTokens: true, tests: 2, arms: 1, catalogSize: 2 });
    expect(estimate.inputTokens).toBeGreaterThan(2 * 150);
    expect(provider.requests).toHaveLength(0);

    const response = await call("POST", adaRead, { modelId: "openai:scripted" });
    expect(response.status).toBe(201);
    const { runs } = (await response.json()) as { runs: EvalRunView[] };
    // one call per test: the run stops at the load, or at the text answer
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests.every((r: ChatRequestBody) => r.model === "scripted" && r.tools?.some((t) => t.function.name === "load_skill"))).toBe(true);
    const [run] = runs;
    expect(run.results.map((r) => [r.disclosed, r.passed, r.toolCalls])).toEqual([
      [["claim-forms"], true, [{ toolName: "load_skill", input: { name: "claim-forms" } }]],
      [["billing-faq"], true, [{ toolName: "load_skill", input: { name: "billing-faq" } }]],
    ]);
    expect(run.summary).toMatchObject({ passed: 2, recall: 1, precision: 1, inputTokens: 800, outputTokens: 18 });
    expect(run.results[0].ranking).toBeNull();
  });

  it("A/B with a provider is blind: each request carries one description and no arm label, and the arms alternate", async () => {
    const response = await call("POST", adaRead, {
      modelId: "openai:scripted",
      compare: { description: "Complete claim paperwork for insurers, with the customer's details." },
    });
    const { runs } = (await response.json()) as { runs: EvalRunView[] };
    expect(runs.map((r) => r.arm)).toEqual(["version", "proposed"]);
    expect(runs[1].results[0]).toMatchObject({ passed: true, disclosed: ["claim-forms"] });
    expect(provider.requests).toHaveLength(4);
    const descriptions = provider.requests.map((r) => JSON.stringify(r.messages[0].content));
    expect(descriptions.map((d) => (d.includes("Fill insurance forms.") ? "A" : d.includes("claim paperwork") ? "B" : "?"))).toEqual(["A", "B", "B", "A"]);
    for (const body of provider.requests) expect(JSON.stringify(body)).not.toMatch(/\barm\b|proposed|version [AB]/i);
  });

  it("a provider error fails that test with the provider's message; the run goes on and is stored", async () => {
    failNext = 1;
    const { runs } = (await (await call("POST", adaRead, { modelId: "openai:scripted" })).json()) as { runs: EvalRunView[] };
    expect(runs[0].results[0]).toMatchObject({ passed: false, disclosed: [] });
    expect(runs[0].results[0].error).toMatch(/maximum context length/);
    expect(runs[0].results[1].passed).toBe(true);
  });
});

describe("GET/POST /api/v1/skills/{id}/evals", () => {
  it("lists the version's tests and the caller's runs, newest first", async () => {
    const response = await call("GET", adaRead);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.tests).toEqual({ version: 1, exists: true, tests, problems: [] });
    expect(body.runs.length).toBeGreaterThanOrEqual(3);
    expect(body.runs[0].createdAt >= body.runs.at(-1).createdAt).toBe(true);
  });

  it("runs with the offline router by default and says what is wrong with a request", async () => {
    const offline = await call("POST", adaRead, {});
    expect(offline.status).toBe(201);
    const { runs, estimate } = await offline.json();
    expect(runs[0]).toMatchObject({ modelId: "offline-router", catalog: { kind: "all" } });
    expect(estimate.costsTokens).toBe(false);

    const unknown = await call("POST", adaRead, { modelId: "openai:gpt-9" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toMatch(/"openai:gpt-9" is not configured/);
    const bad = await call("POST", adaRead, { catalog: { kind: "team" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/Team not found|catalog/);
    const notJson = await call("POST", adaRead, "{nope");
    expect(notJson.status).toBe(400);
    const noVersion = await call("GET", adaRead, undefined, "?version=9");
    expect(noVersion.status).toBe(404);
  });

  it("shows the caller's run as running, with how far it got, while the POST that runs it is still open", async () => {
    // The model answers only once the run has been seen in flight: a run that finished between two
    // polls left nothing to see (a flaky failure on PostgreSQL).
    let release!: () => void;
    held = new Promise<void>((resolve) => (release = resolve));
    let settled = false;
    const post = call("POST", adaRead, { modelId: "openai:scripted" }).finally(() => (settled = true));
    const seen: { modelId: string; done: number; total: number | null }[] = [];
    while (!settled) {
      if (seen.length > 0 && held) {
        held = null;
        release();
      }
      const answer = await running(adaRead);
      expect(answer.status).toBe(200);
      seen.push(...answer.body.running);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    held = null; // a POST that ended without asking the model must not hold the next tests' runs
    release();
    expect((await post).status).toBe(201);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p.modelId === "openai:scripted" && (p.total === null ? p.done === 0 : p.total === 2 && p.done <= 2))).toBe(true);
    expect((await running(adaRead)).body).toEqual({ running: [] });
    expect((await running(linusRead)).status).toBe(404);
  });

  it("answers 404 to whoever cannot see the skill and 401 without a token", async () => {
    expect((await call("GET", linusRead)).status).toBe(404);
    expect((await call("POST", linusRead, {})).status).toBe(404);
    expect((await call("GET", null)).status).toBe(401);
  });
});
