import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SkillFileInfo } from "@/lib/types/skills";
import { FileTree } from "./file-tree";
import { treeFiles } from "./file-tree-view";

// The skill page's file tree is a client component fed a slim view: what the view holds is what the
// page's payload carries, and what it renders must not depend on the browser's locale (hydration
// renders it again).

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
