import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SkillDetail, SkillFileInfo, SkillVersionDetail } from "@/lib/types/skills";
import { FileTree } from "./file-tree";
import { treeFiles } from "./file-tree-view";
import { SkillHeader } from "./skill-header";
import { skillHeaderView } from "./skill-header-view";

// The skill page's header and file tree are client components fed slim views: what a view holds is
// what the page's payload carries, and what they render must not depend on the browser's clock or
// locale (hydration renders them again).

const now = new Date("2026-12-04T12:00:00Z");
const file = (path: string, over: Partial<SkillFileInfo> = {}): SkillFileInfo => ({
  path,
  size: 2048,
  mediaType: "text/markdown",
  sha256: `sha-of-${path}`,
  tokens: 300,
  executable: false,
  ...over,
});
const files = [
  file("SKILL.md"),
  file("references/zeta.md"),
  file("references/Äpfel.md"),
  file("scripts/run.sh", { mediaType: "text/x-shellscript", executable: true }),
  file("assets/logo.png", { mediaType: "image/png", tokens: null }),
  file("LICENSE.txt", { mediaType: "text/plain" }),
];
const version = {
  id: "ver_2",
  number: 2,
  name: "pdf-tools",
  description: "Extract text and tables from PDF files.",
  frontmatter: { name: "pdf-tools", secret: "frontmatter-only-value" },
  body: "# The body, which the header never shows",
  invocation: { modelInvocable: true, userInvocable: true },
  author: { id: "user_ada", name: "Ada Lovelace" },
  createdAt: new Date("2026-12-04T09:00:00Z"),
  fileCount: files.length,
  totalBytes: 12_288,
  files,
  provenance: null,
} as unknown as SkillVersionDetail;
const skill = {
  id: "sk_1",
  name: "pdf-tools",
  scope: "TEAM",
  team: { id: "team_1", name: "Platform" },
  version: 3,
  current: version,
  versions: [
    { number: 3, labels: ["stable"] },
    { number: 2, labels: ["beta"] },
    { number: 1, labels: [] },
  ],
  can: { addVersion: true, manage: false, review: false },
  shadowedBy: { id: "sk_9", name: "pdf-tools", scope: "PERSONAL", reason: "Your personal pdf-tools wins" },
} as unknown as SkillDetail;

describe("skillHeaderView", () => {
  it("words the version's date on the server, from the render's clock", () => {
    const view = skillHeaderView(skill, version, now);
    expect(view.version.createdLabel).toBe("3 hours ago");
    expect(view.version.createdAt).toBe("2026-12-04T09:00:00.000Z");
    expect(skillHeaderView(skill, version, new Date("2026-12-05T09:00:00Z")).version.createdLabel).toBe("yesterday");
  });

  it("carries what the header shows and not the version's body, files or frontmatter", () => {
    const view = skillHeaderView(skill, version, now);
    const sent = JSON.stringify(view);
    for (const hidden of ["The body", "sha-of-", "frontmatter-only-value", "team_1", "user_ada"]) expect(sent).not.toContain(hidden);
    expect(view.version.labels).toEqual(["beta"]);
    expect(view.skill.versionCount).toBe(3);
    expect(view.skill.shadowedBy).toEqual({ id: "sk_9", reason: "Your personal pdf-tools wins" });
  });

  it("renders the header from the view alone", () => {
    const out = renderToStaticMarkup(createElement(SkillHeader, { ...skillHeaderView(skill, version, now), versions: [] }));
    expect(out).toContain("Team · Platform");
    expect(out).toContain("v2 created");
    expect(out).toContain('<time dateTime="2026-12-04T09:00:00.000Z">3 hours ago</time>');
    expect(out).toContain("3 versions");
    expect(out).toContain("6 files, 12 KB");
    expect(out).toContain('href="/skills/sk_1/edit"');
    expect(out).toContain('href="/skills/sk_9"');
    expect(out).toContain("beta");
  });
});

describe("FileTree", () => {
  const render = (selected: string, pinned: boolean, unreferenced: string[] = []) =>
    renderToStaticMarkup(createElement(FileTree, { files: treeFiles(files), selected, unreferenced, at: { skillId: "sk_1", version: 2, pinned } }));

  it("sends each file's path, size, tokens, kind and mode, and nothing else", () => {
    const sent = JSON.stringify(treeFiles(files));
    expect(sent).not.toContain("sha-of-");
    expect(sent).not.toContain("text/markdown");
    expect(treeFiles(files).map((f) => f.kind)).toEqual(["markdown", "markdown", "markdown", "code", "image", "code"]);
  });

  it("links every file to the version shown, SKILL.md first and names in one fixed order", () => {
    const out = render("references/zeta.md", true, ["LICENSE.txt"]);
    expect(out).toContain('href="/skills/sk_1/v/2?file=references/zeta.md"');
    expect(render("SKILL.md", false)).toContain('href="/skills/sk_1?file=references/zeta.md"');
    const order = [...out.matchAll(/title="([^"]+)" class="tree-file"/g)].map((m) => m[1]);
    expect(order).toEqual(["SKILL.md", "assets/logo.png", "references/Äpfel.md", "references/zeta.md", "scripts/run.sh", "LICENSE.txt"]);
    expect(out).toMatch(/aria-current="page" title="references\/zeta.md"/);
    expect(out).toMatch(/title="LICENSE.txt"[^>]*>.*?unreferenced/);
    expect(out).toMatch(/title="scripts\/run.sh"[^>]*>.*?executable/);
    expect(out).toContain('data-kind="image"');
  });
});
