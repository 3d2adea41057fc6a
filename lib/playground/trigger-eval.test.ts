import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { readBundle } from "../skills/archive/bundle";
import { hasShared, noteIfSharedMissing, readTree, SHARED_DIR } from "../skills/test-helpers/shared";
import { createFolderSource } from "./folder-source";
import { createOfflineRouterModel } from "./router";
import { prepareTurn } from "./turn";
import { OFFLINE_ROUTER_ID, type SkillSource } from "./types";

// Skill selection quality of the offline router over the shared corpus, through the real loop
// (prompt, tools, generateText, ledger), on the development set and on this folder's own
// paraphrased set (written independently of the development queries, to catch overfitting).

const CORPUS = path.join(SHARED_DIR, "corpus");
const DEV = path.join(SHARED_DIR, "trigger-eval/dev.jsonl");
const PARAPHRASE = path.join(import.meta.dirname, "testdata/paraphrase.jsonl");

function skillFolders(dir: string): string[] {
  if (existsSync(path.join(dir, "SKILL.md"))) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => skillFolders(path.join(dir, e.name)));
}

async function score(source: SkillSource, file: string) {
  const queries = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { query: string; expected: string[] });
  const model = createOfflineRouterModel();
  let right = 0,
    positive = 0,
    quiet = 0,
    negative = 0;
  const misses: string[] = [];
  for (const q of queries) {
    const turn = await prepareTurn({
      source,
      settings: { mode: "full", exposeMetadata: false, instructions: "", modelId: OFFLINE_ROUTER_ID },
      history: [],
      userText: q.query,
    });
    const result = await generateText({ model, ...turn.request });
    const disclosed = turn.finish(result.totalUsage).events.flatMap((e) => (e.kind === "load" ? [e.skill] : []));
    if (q.expected.length === 0) {
      negative++;
      if (disclosed.length === 0) quiet++;
      else misses.push(`${q.query} -> ${disclosed.join(", ")}`);
    } else {
      positive++;
      if (q.expected.includes(disclosed[0])) right++;
      else misses.push(`${q.query} -> ${disclosed.join(", ") || "nothing"} (expected ${q.expected.join(" or ")})`);
    }
  }
  return { right, positive, quiet, negative, misses };
}

describe.skipIf(!hasShared)("offline router selection quality (shared corpus)", () => {
  noteIfSharedMissing("the router's trigger evaluation");
  let source: SkillSource;

  it("reads the corpus as a catalog of 42 names (skill-creator appears twice)", () => {
    const bundles = skillFolders(CORPUS).map((folder) => readBundle({ kind: "files", files: readTree(folder, path.basename(folder)) }).skills[0]);
    const result = createFolderSource(bundles, { includeInvalid: true });
    source = result.source;
    expect(bundles).toHaveLength(43);
    expect(source.skills).toHaveLength(42);
    expect(result.invalid.map((s) => s.root)).toEqual(["claude-api"]);
  });

  it("meets the targets on the development set", async () => {
    const s = await score(source, DEV);
    console.info(`[router] dev: right skill first ${s.right}/${s.positive}, nothing disclosed ${s.quiet}/${s.negative}\n  ${s.misses.join("\n  ")}`);
    expect(s.right / s.positive).toBeGreaterThanOrEqual(0.9);
    expect(s.quiet / s.negative).toBeGreaterThanOrEqual(0.9);
  });

  it("meets the targets on the paraphrased set", async () => {
    const s = await score(source, PARAPHRASE);
    console.info(`[router] paraphrase: right skill first ${s.right}/${s.positive}, nothing disclosed ${s.quiet}/${s.negative}\n  ${s.misses.join("\n  ")}`);
    expect(s.right / s.positive).toBeGreaterThanOrEqual(0.9);
    expect(s.quiet / s.negative).toBeGreaterThanOrEqual(0.9);
  });
});
