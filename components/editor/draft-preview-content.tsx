import { FrontmatterTable } from "@/components/skills/frontmatter-table";
import type { Highlighter } from "@/components/skills/markdown/highlight";
import { extractMarkdownLinks, renderMarkdown } from "@/components/skills/markdown/render-markdown";
import { skillRoutes } from "@/components/skills/skill-routes";
import { resolveLink } from "@/lib/skills/format/links";
import { parseSkillMd } from "@/lib/skills/format/skill-md";
import type { PreviewInput } from "@/lib/skills/draft/inputs";
import "@/components/skills/skill-content.css";

// The editor's preview of one Markdown file of a draft, rendered by the skill page's own renderer
// (react-markdown, the same link and sanitizing rules) so what the author sees is what the page
// will show. The server renders it first (draft-preview.tsx, shiki on the server); while the author
// types, the browser renders it with this same code (client-preview.tsx). Links point at the files
// of the draft, so a reference added a minute ago is a working link; they open that file in the
// editor (editorFileHref), which the editor intercepts.

export function editorFileHref(skillId: string, path: string, id?: string | null): string {
  const file = encodeURIComponent(path).replace(/%2F/g, "/");
  return `/skills/${encodeURIComponent(skillId)}/edit?file=${file}${id ? `#${encodeURIComponent(id)}` : ""}`;
}

/** Links of the previewed document that point at no file of the draft, as the skill page reports them. */
export function draftBrokenLinks(
  path: string,
  text: string,
  files: readonly { path: string }[],
): { from: string; path: string; suggestion: string | null; image: boolean }[] {
  const markdown = path === "SKILL.md" ? parseSkillMd(text).body : text;
  const fileSet = new Set(files.map((f) => f.path));
  return extractMarkdownLinks(markdown).flatMap((link) => {
    const target = resolveLink(link.url, path, fileSet);
    return target.kind === "broken" ? [{ from: path, path: target.path, suggestion: target.suggestion, image: link.image }] : [];
  });
}

/** The Markdown a preview renders: a SKILL.md's body (its frontmatter shows as a table), any other file whole. */
export function previewMarkdown(path: string, text: string): string {
  return path === "SKILL.md" ? parseSkillMd(text).body : text;
}

export function DraftPreviewContent({ skillId, baseVersion, path, text, files, highlighter }: PreviewInput & { highlighter: Highlighter }) {
  const parsed = path === "SKILL.md" ? parseSkillMd(text) : null;
  const markdown = parsed ? parsed.body : text;
  const routes = skillRoutes(skillId, baseVersion, true);
  const { content } = renderMarkdown(markdown, {
    path,
    files: new Map(files.map((f) => [f.path, f])),
    fileHref: (target, id) => editorFileHref(skillId, target, id),
    rawHref: routes.raw,
    highlighter,
  });
  return (
    <>
      {parsed?.frontmatter ? <FrontmatterTable frontmatter={parsed.frontmatter} /> : null}
      <div className="prose">{content}</div>
    </>
  );
}
