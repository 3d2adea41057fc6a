import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { generateText } from "ai";
import { readBundle, type BundleSkill, type FileInput } from "../skills/archive/bundle";
import { readTree } from "../skills/test-helpers/shared";
import { createFolderSource, type FolderSourceOptions } from "./folder-source";
import { sourceLookup } from "./skill-ranking";
import { createOfflineRouterModel } from "./router";
import { prepareTurn } from "./turn";
import { OFFLINE_ROUTER_ID, type SkillSource } from "./domain";

// Builds a SkillSource from skills written inline, through readBundle like the route CLI does.

export interface InlineSkill {
  name: string;
  description: string;
  body?: string;
  /** Extra frontmatter lines, e.g. "license: MIT\n". */
  frontmatter?: string;
  files?: Record<string, string | Uint8Array>;
}

export function inlineSource(skills: readonly InlineSkill[], options: FolderSourceOptions = {}): SkillSource {
  const bundles = skills.map((skill) => {
    const md = `---\nname: ${skill.name}\ndescription: ${skill.description}\n${skill.frontmatter ?? ""}---\n${skill.body ?? `# ${skill.name}\n\nBody of ${skill.name}.\n`}`;
    const files: FileInput[] = [{ path: `${skill.name}/SKILL.md`, bytes: new TextEncoder().encode(md) }];
    for (const [path, content] of Object.entries(skill.files ?? {})) {
      files.push({ path: `${skill.name}/${path}`, bytes: typeof content === "string" ? new TextEncoder().encode(content) : content });
    }
    const bundle = readBundle({ kind: "files", files });
    if (!bundle.skills[0]?.ok) throw new Error(`test skill ${skill.name} is invalid: ${JSON.stringify(bundle.skills[0]?.findings ?? bundle.findings)}`);
    return bundle.skills[0];
  });
  return createFolderSource(bundles, options).source;
}

/** A small catalog with distinct topics, resources and a binary file. */
export const SAMPLE_SKILLS: InlineSkill[] = [
  {
    name: "slack-gif-creator",
    description: "Create animated GIFs optimized for Slack. Use when users ask for an animated GIF or emoji for Slack.",
    body: "# Slack GIF creator\n\n## Sizes\n\nEmoji GIFs are 128x128; message GIFs up to 480 pixels wide.\n\n## Animation\n\nKeep animations under 50 frames so the file stays small.\n",
    files: {
      "reference/palette.md": "# Palette\n\nUse at most 48 colors.\n",
      "assets/sample.gif": new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b]),
    },
  },
  {
    name: "pdf-forms",
    description: "Fill in and extract fields from PDF forms. Use when the user needs to fill a PDF form or read form fields.",
    body: "# PDF forms\n\n## Filling\n\nRead reference/fields.md first, then fill each field.\n\n## Extracting\n\nList the fields with their types.\n",
    files: { "reference/fields.md": "# Field types\n\nText, checkbox, radio, choice and signature fields.\n", "scripts/fill.py": "print('fill')\n" },
  },
  {
    name: "release-notes",
    description: "Write release notes and changelogs from merged pull requests. Use when preparing a release announcement.",
  },
];

// Scoring the offline router's skill selection through the real loop (prompt, tools, generateText,
// ledger), shared by the trigger evaluation tests of each catalog.

/** Every folder holding a SKILL.md under dir (dir itself when it holds one), sorted by name. */
export function skillFolders(dir: string): string[] {
  if (existsSync(path.join(dir, "SKILL.md"))) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => skillFolders(path.join(dir, e.name)));
}

/** Each skill folder read as an upload would be, first skill of each. */
export function readSkillFolders(dir: string): BundleSkill[] {
  return skillFolders(dir).map((folder) => readBundle({ kind: "files", files: readTree(folder, path.basename(folder)) }).skills[0]);
}

export interface TriggerScore {
  /** Queries with an expected skill whose first disclosed skill is one of them, of all such queries. */
  right: number;
  positive: number;
  /** Queries expecting no skill that disclosed none, of all such queries. */
  quiet: number;
  negative: number;
  misses: string[];
}

/** Routes every query of a `{"query", "expected"}` JSONL file as a first turn in full mode. */
export async function scoreTriggerFile(source: SkillSource, file: string): Promise<TriggerScore> {
  const queries = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { query: string; expected: string[] });
  const model = createOfflineRouterModel({ skillTexts: sourceLookup(source) });
  const score: TriggerScore = { right: 0, positive: 0, quiet: 0, negative: 0, misses: [] };
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
      score.negative++;
      if (disclosed.length === 0) score.quiet++;
      else score.misses.push(`${q.query} -> ${disclosed.join(", ")}`);
    } else {
      score.positive++;
      if (q.expected.includes(disclosed[0])) score.right++;
      else score.misses.push(`${q.query} -> ${disclosed.join(", ") || "nothing"} (expected ${q.expected.join(" or ")})`);
    }
  }
  return score;
}

/** The score on one line, then each miss, for the test log. */
export function describeScore(label: string, s: TriggerScore): string {
  return `[router] ${label}: right skill first ${s.right}/${s.positive}, nothing disclosed ${s.quiet}/${s.negative}\n  ${s.misses.join("\n  ")}`;
}
