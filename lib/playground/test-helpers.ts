import { readBundle, type FileInput } from "../skills/archive/bundle";
import { createFolderSource, type FolderSourceOptions } from "./folder-source";
import type { SkillSource } from "./types";

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
