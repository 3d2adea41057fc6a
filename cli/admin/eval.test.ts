import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serializeTriggerTests } from "@/lib/skills/format/trigger-tests";
import { startTestServer } from "@/lib/test/http-server";
import { startOpenAiServer } from "@/lib/test/openai-server";
import { routeRequests } from "@/lib/test/route-server";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

// `skills eval` on a folder (offline router and an OpenAI-compatible provider on 127.0.0.1) and
// against a server's HTTP API (the real routes on 127.0.0.1, a throwaway database).

const provider = await startOpenAiServer(() => ({
  kind: "tool",
  name: "load_skill",
  args: { name: "pdf-forms" },
  usage: { prompt_tokens: 250, completion_tokens: 5 },
}));
process.env.OPENAI_API_KEY = "test-key";
process.env.OPENAI_BASE_URL = provider.baseUrl;
process.env.OPENAI_MODELS = "scripted";

const { db, cleanup } = await createTestDatabase();
const { runCli } = await import("./main");
const { evalCommand } = await import("./eval");
const { createToken } = await import("@/lib/data/accounts/tokens");
const skills = await import("@/lib/data/skills");
const skillsRoute = await import("@/app/api/v1/skills/route");
const evalsRoute = await import("@/app/api/v1/skills/[skillId]/evals/route");

const dir = mkdtempSync(path.join(tmpdir(), "skills-eval-"));
const write = (rel: string, content: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), content);
};
const skillMd = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nSteps.\n`;
const tests = [
  { query: "please fill out this PDF form with my address", shouldTrigger: true },
  { query: "email the billing invoices to our customers as PDF files", shouldTrigger: true },
  { query: "make a party parrot gif for our slack", shouldTrigger: false },
];
write("skills/pdf-forms/SKILL.md", skillMd("pdf-forms", "Fill in PDF forms and extract their fields. Use when the user needs to fill a PDF form."));
write("skills/pdf-forms/evals/triggers.json", serializeTriggerTests(tests));
write("skills/invoice-export/SKILL.md", skillMd("invoice-export", "Export invoices from the billing system as PDF files and email them to customers."));
write(
  "skills/slack-gif-creator/SKILL.md",
  skillMd("slack-gif-creator", "Create animated GIFs optimized for Slack. Use when asked for a GIF or emoji for Slack."),
);
write("skills/no-tests/SKILL.md", skillMd("no-tests", "Nothing to test here."));
write("skills/bad-tests/SKILL.md", skillMd("bad-tests", "Broken tests."));
write("skills/bad-tests/evals/triggers.json", '[\n  {"query": "x", "should_trigger": "yes"}\n]\n');
write("good.json", serializeTriggerTests([tests[0], tests[2]]));

const { ada } = await createCast(db);
const token = (await createToken(ada, { name: "ci", scope: "read" })).secret;
const stored = await skills.createSkill(ada, {
  skill: makeSkill("pdf-forms", {
    description: "Fill in PDF forms and extract their fields.",
    files: { "evals/triggers.json": serializeTriggerTests(tests.slice(0, 1)) },
  }),
  destination: { scope: "PERSONAL" },
});
const server = await startTestServer(routeRequests({ "/api/v1/skills": skillsRoute, "/api/v1/skills/[skillId]/evals": evalsRoute }, []));

afterAll(async () => {
  await server.close();
  await provider.close();
  await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l), cwd: dir };
  const code = argv[0] === "eval" && Object.keys(env).length ? await evalCommand(argv.slice(1), io, env) : await runCli(argv, io);
  return { code, out, err };
}

describe("skills eval on a folder", () => {
  it("runs the folder's tests against the skills beside it and exits 1 under the threshold, naming the competitor", async () => {
    const result = await run(["eval", "skills/pdf-forms"]);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([
      'PASS  should load      "please fill out this PDF form with my address" -> loaded pdf-forms',
      'FAIL  should load      "email the billing invoices to our customers as PDF files" -> loaded invoice-export (lost to invoice-export)',
      'PASS  should not load  "make a party parrot gif for our slack" -> loaded slack-gif-creator',
      "pdf-forms: 2/3 passed; recall 1/2 (50%); precision 1/1 (100%) (offline-router, 5 skills)",
      "  wins this skill's requests: invoice-export (1)",
    ]);
    expect(result.err).toEqual(["under the threshold: recall must be at least 0.8, precision at least 0.8"]);
    expect((await run(["eval", "skills/pdf-forms", "--min-recall", "0.5"])).code).toBe(0);
  });

  it("prints JSON for CI, and takes another eval set with --tests", async () => {
    const result = await run(["eval", "skills/pdf-forms", "--tests", "good.json", "--json", "--catalog", "skills"]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out.join("\n"));
    expect(report).toMatchObject({
      skill: "pdf-forms",
      model: "offline-router",
      ok: true,
      summary: { tests: 2, passed: 2, recall: 1 },
      thresholds: { recall: 0.8 },
    });
    expect(report.results[0]).toMatchObject({ disclosed: ["pdf-forms"], passed: true });
    expect(report.results[0].ranking[0]).toMatchObject({ name: "pdf-forms" });
  });

  it("runs with a provider model after printing the token estimate", async () => {
    const result = await run(["eval", "skills/pdf-forms", "--model", "openai:scripted", "--json"]);
    expect(result.err[0]).toMatch(/^openai:scripted: about [\d,]+ input tokens for 3 tests against 5 skills$/);
    const report = JSON.parse(result.out.join("\n"));
    expect(report.summary).toMatchObject({ passed: 2, truePositives: 2, falsePositives: 1, inputTokens: 750, outputTokens: 15 });
    expect(result.code).toBe(1);
  });

  it("says what is wrong, naming the file and line", async () => {
    expect((await run(["eval", "skills/bad-tests"])).err[0]).toBe(
      `${path.join(dir, "skills/bad-tests/evals/triggers.json")}:2: test 1: "should_trigger" must be true or false`,
    );
    expect((await run(["eval", "skills/no-tests"])).err[0]).toMatch(/no-tests\/evals\/triggers\.json: no trigger tests/);
    expect((await run(["eval", "skills/pdf-forms", "--tests", "missing.json"])).err).toEqual(["missing.json: file not found"]);
    expect((await run(["eval", "skills/pdf-forms", "--model", "openai:nope"])).err[0]).toMatch(/--model openai:nope: not available here/);
    expect((await run(["eval", "skills/pdf-forms", "--min-recall", "2"])).code).toBe(2);
  });
});

describe("skills eval against a server", () => {
  it("finds the skill by name, runs it there with the token, and reports the stored run", async () => {
    const result = await run(["eval", "pdf-forms", "--json"], { SKILLSHELF_URL: server.origin, SKILLSHELF_TOKEN: token });
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out.join("\n"))).toMatchObject({
      skill: "pdf-forms",
      version: 1,
      model: "offline-router",
      summary: { passed: 1, tests: 1 },
      ok: true,
    });
    expect(await db.triggerEvalRun.count({ where: { skillId: stored.skillId } })).toBe(1);
  });

  it("says what is missing or refused", async () => {
    expect((await run(["eval", "pdf-forms"], { SKILLSHELF_URL: server.origin })).err).toEqual([
      "put a token of the read scope in SKILLSHELF_TOKEN (Account → Access tokens)",
    ]);
    expect((await run(["eval", "nope"], { SKILLSHELF_TOKEN: token, X: "1" })).err[0]).toMatch(/^nope: not a folder; to run a skill on a server/);
    const refused = await run(["eval", "pdf-forms", "--catalog", "team:nope"], { SKILLSHELF_URL: server.origin, SKILLSHELF_TOKEN: token });
    expect(refused.err).toEqual([`${server.origin}: 404: Team not found.`]);
  });
});
