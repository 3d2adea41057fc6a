import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./main";

let dir: string;

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), cwd: dir });
  return { code, out, err };
}

const skill = (name: string, description: string, body = `# ${name}\n\nSteps.\n`) => `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "skills-route-"));
  const write = (rel: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  };
  write(
    "catalog/team/slack-gif-creator/SKILL.md",
    skill("slack-gif-creator", "Create animated GIFs optimized for Slack. Use when asked for a GIF or emoji for Slack."),
  );
  write("catalog/team/pdf-forms/SKILL.md", skill("pdf-forms", "Fill in PDF forms and extract their fields. Use when the user needs to fill a PDF form."));
  write("catalog/team/pdf-forms/reference/fields.md", "# Fields\n\nText and checkbox fields.\n");
  write("catalog/other/deploy-app/SKILL.md", skill("deploy-app", "Deploy web applications to production and share the preview link."));
  write("catalog/other/broken/SKILL.md", "---\nname: Broken Skill\n---\nno description\n");
  write(
    "queries.jsonl",
    [
      { query: "make a GIF of a cat for Slack", expected: ["slack-gif-creator"] },
      { query: "fill this PDF form using the fields reference", expected: ["pdf-forms"] },
      { query: "deploy my app and send me the preview link", expected: ["slack-gif-creator"] },
      { query: "what's the capital of France?", expected: [] },
    ]
      .map((q) => JSON.stringify(q))
      .join("\n") + "\n",
  );
  write("plain.jsonl", '{"query": "a slack gif"}\n\n');
  write("bad.jsonl", '{"query": "ok"}\nnot json\n');
  write("no-query.jsonl", '{"text": "ok"}\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("skills route", () => {
  it("prints one JSON line per query with the skills disclosed on the first turn, and a score on stderr", async () => {
    const result = await run("route", "--catalog", "catalog", "--queries", "queries.jsonl");
    expect(result.code).toBe(0);
    expect(result.out.map((l) => JSON.parse(l))).toEqual([
      { query: "make a GIF of a cat for Slack", disclosed: ["slack-gif-creator"] },
      { query: "fill this PDF form using the fields reference", disclosed: ["pdf-forms"] },
      { query: "deploy my app and send me the preview link", disclosed: ["deploy-app"] },
      { query: "what's the capital of France?", disclosed: [] },
    ]);
    expect(result.err).toContain("right skill first: 2/3; nothing disclosed: 1/1");
    expect(result.err.some((l) => l.startsWith("skipped other/broken:"))).toBe(true);
  });

  it("adds the router's ranking with --explain, and works without expectations or in search mode", async () => {
    const explained = await run("route", "--catalog", "catalog", "--queries", "plain.jsonl", "--explain", "--mode", "search");
    expect(explained.code).toBe(0);
    const [line] = explained.out.map((l) => JSON.parse(l));
    expect(line.disclosed).toEqual(["slack-gif-creator"]);
    expect(line.ranking).toMatchObject({ query: "a slack gif", chosen: "slack-gif-creator" });
    expect(explained.err.some((l) => l.startsWith("right skill first"))).toBe(false);
  });

  it("scores plain BM25 beside the router with --baseline, on the same queries", async () => {
    const result = await run("route", "--catalog", "catalog", "--queries", "queries.jsonl", "--baseline");
    expect(result.code).toBe(0);
    expect(result.out).toEqual((await run("route", "--catalog", "catalog", "--queries", "queries.jsonl")).out);
    // Here both agree: the deploy request (labelled wrong on purpose) goes to deploy-app, France to nothing.
    expect(result.err).toContain("right skill first: 2/3; nothing disclosed: 1/1");
    expect(result.err).toContain("router: right skill first 2/3 (66.7%); nothing disclosed 1/1 (100.0%)");
    expect(result.err).toContain("bm25: right skill first 2/3 (66.7%); nothing disclosed 1/1 (100.0%)");
  });

  it("plain BM25 loads a skill for any shared word, where the router stays silent", async () => {
    writeFileSync(path.join(dir, "weak.jsonl"), JSON.stringify({ query: "which slack channel is the busiest?", expected: [] }) + "\n");
    const result = await run("route", "--catalog", "catalog", "--queries", "weak.jsonl", "--baseline");
    expect(result.out.map((l) => JSON.parse(l).disclosed)).toEqual([[]]);
    expect(result.err).toContain("router: right skill first 0/0 (n/a); nothing disclosed 1/1 (100.0%)");
    expect(result.err).toContain("bm25: right skill first 0/0 (n/a); nothing disclosed 0/1 (0.0%)");
  });

  it("names the file and line of a bad query", async () => {
    expect((await run("route", "--catalog", "catalog", "--queries", "bad.jsonl")).err).toEqual(["bad.jsonl:2: not valid JSON"]);
    expect((await run("route", "--catalog", "catalog", "--queries", "no-query.jsonl")).err).toEqual(['no-query.jsonl:1: needs a non-empty "query" string']);
    const missing = await run("route", "--catalog", "catalog", "--queries", "missing.jsonl");
    expect(missing.code).toBe(1);
    expect(missing.err).toEqual(["missing.jsonl: file not found"]);
  });

  it("rejects missing options and a catalog that is not a folder", async () => {
    expect((await run("route", "--queries", "queries.jsonl")).code).toBe(2);
    expect((await run("route", "--catalog", "catalog")).code).toBe(2);
    expect((await run("route", "--catalog", "catalog", "--queries", "queries.jsonl", "--mode", "fast")).err[0]).toMatch(
      /^--mode must be full or search\nusage: /,
    );
    const notDir = await run("route", "--catalog", "queries.jsonl", "--queries", "queries.jsonl");
    expect(notDir).toMatchObject({ code: 1, err: ["queries.jsonl: not a folder"] });
  });
});
