import Link from "next/link";
import { HistoryIcon } from "lucide-react";
import { ArchivedBanner } from "@/components/skills/archived-banner";
import { CodeLines } from "@/components/skills/code-lines";
import { DisclosureBar } from "@/components/skills/disclosure-bar";
import { FileTree } from "@/components/skills/file-tree";
import { treeFiles } from "@/components/skills/file-tree-view";
import { DocumentOutline } from "@/components/skills/document-outline";
import { BinaryPreview, CodePreview, CsvPreview, ImagePreview, JsonPreview, TooLargePreview } from "@/components/skills/file-preview";
import { FrontmatterTable } from "@/components/skills/frontmatter-table";
import { loadHighlighter } from "@/components/skills/markdown/highlight";
import { fenceLanguages, languageForPath, type LanguageId } from "@/components/skills/markdown/languages";
import type { OutlineItem } from "@/components/skills/markdown/render-markdown";
import { MarkdownHtml } from "@/components/skills/markdown/markdown-html";
import { renderStoredMarkdown } from "@/components/skills/markdown/stored-markdown";
import { SkillFindings, type BrokenLink } from "@/components/skills/skill-findings";
import { SkillHeader } from "@/components/skills/skill-header";
import { SkillToolsPanel } from "@/components/skills/skill-tools";
import type { FlaggedSource } from "@/components/skills/review-dialog";
import { ReviewBanner, SecurityPanel } from "@/components/skills/security-panel";
import { skillRoutes, type DocumentView, type SkillPageAt, type SkillRoutes, type SkillTab } from "@/components/skills/skill-routes";
import { SkillTabs, type SkillTabsScan } from "@/components/skills/skill-tabs";
import { DocumentToolbar, MissingFile, MissingFileToolbar } from "@/components/skills/document-pane";
import { formatRelative } from "@/lib/display";
import { findUnreferenced, resolveLink, type MarkdownLink } from "@/lib/skills/format/links";
import { previewKind } from "@/lib/skills/format/preview";
import type { SkillDetail, SkillFileInfo, SkillVersionDetail } from "@/lib/types/skills";
import "./skill-content.css";

export interface SkillViewProps {
  skill: SkillDetail;
  /** The version shown: the current one, or the one /v/[n] names. */
  version: SkillVersionDetail;
  /** True on /skills/[id]/v/[n]: links stay on that version. */
  pinned: boolean;
  /**
   * The file shown (SKILL.md unless ?file= names another) and its text; null text for binaries and
   * files too large to preview. `missing` when ?file= names a path this version does not have.
   */
  selected: { file: SkillFileInfo; text: string | null } | { missing: string };
  view: DocumentView;
  /** Links and images of every Markdown file of the version. */
  documentLinks: { path: string; links: MarkdownLink[]; mentions?: string[] }[];
  /** Header actions the page adds for this viewer (manage, download, edit). */
  actions?: React.ReactNode;
  /** "security" (?tab=security) and "tools" (?tab=tools) show those tabs instead of the files. */
  tab?: SkillTab;
  /** For a reviewer of a version that needs review, on the Security tab: the flagged files' source. */
  flaggedSources?: FlaggedSource[] | null;
  /** The skill's open review requests ("2 proposals open"), under the header. */
  proposals?: React.ReactNode;
  /** For a skill a source keeps in sync: the header's line saying which. */
  origin?: React.ReactNode;
  /** Tags, star and owners, under the header's description. */
  meta?: React.ReactNode;
  /** Whether a source keeps the skill (its Edit then says it must be detached first). */
  synced?: boolean;
  /** The Triggers tab's content (?tab=triggers), loaded by the page only for that tab. */
  triggers?: React.ReactNode;
  /** The Usage tab's content (?tab=usage), loaded by the page only for that tab. */
  usage?: React.ReactNode;
}

export async function SkillView({
  skill,
  version,
  pinned,
  selected,
  view,
  documentLinks,
  actions,
  tab = "files",
  flaggedSources = null,
  proposals = null,
  origin = null,
  meta = null,
  synced = false,
  triggers = null,
  usage = null,
}: SkillViewProps) {
  const at: SkillPageAt = { skillId: skill.id, version: version.number, pinned };
  const routes = skillRoutes(at.skillId, at.version, at.pinned);
  const paths = version.files.map((f) => f.path);
  const fileSet = new Set(paths);
  const unreferenced = new Set(
    findUnreferenced(
      paths,
      documentLinks.map((doc) => ({ path: doc.path, urls: doc.links.map((l) => l.url), mentions: doc.mentions })),
    ),
  );
  const brokenLinks: BrokenLink[] = [];
  for (const doc of documentLinks) {
    for (const link of doc.links) {
      const target = resolveLink(link.url, doc.path, fileSet);
      if (target.kind === "broken") brokenLinks.push({ from: doc.path, path: target.path, suggestion: target.suggestion, image: link.image });
    }
  }
  const resources = version.files.filter((f) => f.path !== "SKILL.md" && f.tokens !== null).map((f) => ({ path: f.path, tokens: f.tokens! }));
  const versions = skill.versions.map((v) => ({
    number: v.number,
    href: v.number === skill.version ? routes.latest() : routes.version(v.number),
    message: v.message,
    labels: v.labels,
    detail: [v.author?.name, formatRelative(v.createdAt)].filter(Boolean).join(" · "),
  }));

  const selectedPath = "missing" in selected ? selected.missing : selected.file.path;
  const document =
    tab !== "files"
      ? null
      : "missing" in selected
        ? { content: <MissingFile path={selected.missing} at={at} />, outline: [], hasSource: false }
        : await renderDocument({ version, selected, view, routes });

  return (
    // One column no wider than the page: no section's content may widen it (a phone is 390 px).
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <SkillHeader skill={skill} version={version} versions={versions} actions={actions} origin={origin} meta={meta} synced={synced} />

      {proposals}

      {skill.archive ? (
        <ArchivedBanner skill={{ id: skill.id, scope: skill.scope, team: skill.team, canManage: skill.can.manage }} archive={skill.archive} />
      ) : null}

      {version.number !== skill.version ? (
        <p className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/25 bg-primary/5 px-4 py-2.5 text-sm" role="note">
          <HistoryIcon aria-hidden className="size-4 text-primary" />
          <span>
            You are reading <strong>version {version.number}</strong> of {skill.versions.length}, read-only.{" "}
            {version.message ? <span className="text-muted-foreground">“{version.message}”</span> : null}
          </span>
          <span className="ml-auto flex flex-wrap items-center gap-x-4 gap-y-1">
            <Link
              href={`/skills/${encodeURIComponent(skill.id)}/versions/compare?from=${version.number}&to=${skill.version}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Compare with v{skill.version}
            </Link>
            <Link href={routes.latest()} className="font-medium text-primary underline-offset-4 hover:underline">
              Go to the latest version (v{skill.version})
            </Link>
          </span>
        </p>
      ) : null}

      <section className="rounded-xl border bg-card px-5 py-4 shadow-xs">
        <DisclosureBar
          catalogTokens={version.catalogTokens}
          bodyTokens={version.bodyTokens}
          toolTokens={version.tools.reduce((sum, tool) => sum + tool.tokens, 0)}
          toolCount={version.tools.length}
          resources={resources}
          at={at}
        />
      </section>

      {version.findings.length || brokenLinks.length ? (
        <SkillFindings findings={version.findings} brokenLinks={brokenLinks} files={fileSet} routes={routes} />
      ) : null}

      {tab === "files" ? <ReviewBanner scan={version.scan} routes={routes} showLink /> : null}

      <SkillTabs tab={tab} at={at} scan={tabsScan(version.scan)} toolCount={version.tools.length} />

      {tab === "tools" ? (
        <SkillToolsPanel skill={skill} version={version} routes={routes} />
      ) : tab === "triggers" ? (
        triggers
      ) : tab === "usage" ? (
        usage
      ) : document === null ? (
        <SecurityPanel skill={skill} version={version} routes={routes} flaggedSources={flaggedSources} />
      ) : (
        <div className="grid items-start gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[15rem_minmax(0,1fr)_11rem]">
          <aside className="lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:pr-1">
            <h2 className="mb-2 px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Files</h2>
            <FileTree files={treeFiles(version.files)} selected={selectedPath} unreferenced={[...unreferenced]} at={at} />
            {unreferenced.size ? (
              <p className="mt-3 px-2 text-xs leading-relaxed text-muted-foreground">
                <span className="rounded-sm bg-amber-500/15 px-1 text-amber-700 dark:text-amber-300">unreferenced</span>: no document of this skill links to{" "}
                {unreferenced.size === 1 ? "this file" : `these ${unreferenced.size} files`}, so an agent may never read{" "}
                {unreferenced.size === 1 ? "it" : "them"}.
              </p>
            ) : null}
          </aside>

          <article className="min-w-0" aria-labelledby="document-title">
            {"missing" in selected ? (
              <MissingFileToolbar path={selected.missing} />
            ) : (
              <DocumentToolbar
                file={{ path: selected.file.path, size: selected.file.size, tokens: selected.file.tokens }}
                view={view}
                hasSource={document.hasSource}
                at={at}
              />
            )}
            {/* Keyed so a new file mounts fresh: a reused heading would keep the old :target state. */}
            <div key={`${selectedPath}:${view}`} className="mt-5">
              {document.content}
            </div>
          </article>

          {document.outline.length ? <DocumentOutline items={document.outline} /> : null}
        </div>
      )}
    </div>
  );
}

function tabsScan(scan: SkillVersionDetail["scan"]): SkillTabsScan {
  const badge = scan.highest === "critical" || scan.highest === "high" || scan.highest === "medium" ? scan.highest : null;
  return { badge, findings: scan.findings.length, needsReview: scan.review.status === "needs_review" };
}

async function renderDocument({
  version,
  selected,
  view,
  routes,
}: {
  version: SkillVersionDetail;
  selected: { file: SkillFileInfo; text: string | null };
  view: DocumentView;
  routes: SkillRoutes;
}): Promise<{
  content: React.ReactNode;
  outline: OutlineItem[];
  hasSource: boolean;
}> {
  const { file, text } = selected;
  const kind = previewKind(file.mediaType);
  const isSkillMd = file.path === "SKILL.md";
  const label = `Contents of ${file.path}`;

  if (kind === "image") {
    const source = view === "source" && text !== null;
    if (!source) return { content: <ImagePreview src={routes.raw(file.path)} file={file} />, outline: [], hasSource: text !== null };
    const highlighter = await loadHighlighter(["xml"]);
    return { content: <CodeLines lines={highlighter.lines(text, "xml")} lineNumbers label={label} className="code-panel" />, outline: [], hasSource: true };
  }
  if (kind === "binary") return { content: <BinaryPreview file={file} href={routes.raw(file.path)} />, outline: [], hasSource: false };
  if (text === null) return { content: <TooLargePreview file={file} href={routes.raw(file.path)} />, outline: [], hasSource: false };

  const sourceLanguage: LanguageId | null =
    kind === "markdown"
      ? "markdown"
      : kind === "csv"
        ? file.mediaType === "text/tab-separated-values"
          ? "tsv"
          : "csv"
        : kind === "json"
          ? "json"
          : kind === "jsonl"
            ? "jsonl"
            : kind === "yaml"
              ? "yaml"
              : languageForPath(file.path);
  const hasSource = kind === "markdown" || kind === "csv" || kind === "json";

  if (view === "source" || !hasSource) {
    // The Markdown grammar colours frontmatter and fenced code only with their grammars loaded.
    const languages = kind === "markdown" ? [sourceLanguage, "yaml" as const, ...fenceLanguages(text)] : [sourceLanguage];
    const highlighter = await loadHighlighter(languages);
    return { content: <CodePreview text={text} language={sourceLanguage} highlighter={highlighter} label={label} />, outline: [], hasSource };
  }

  if (kind === "json") {
    const highlighter = await loadHighlighter(["json"]);
    return { content: <JsonPreview text={text} highlighter={highlighter} label={label} />, outline: [], hasSource };
  }
  if (kind === "csv") return { content: <CsvPreview text={text} tab={file.mediaType === "text/tab-separated-values"} />, outline: [], hasSource };

  const markdown = isSkillMd ? version.body : text;
  const highlighter = await loadHighlighter(fenceLanguages(markdown));
  const { html, outline } = renderStoredMarkdown(markdown, {
    path: file.path,
    files: new Map(version.files.map((f) => [f.path, f])),
    fileHref: routes.file,
    rawHref: routes.raw,
    highlighter,
  });
  return {
    content: (
      <>
        {isSkillMd ? <FrontmatterTable frontmatter={version.frontmatter} /> : null}
        <MarkdownHtml className="prose" html={html} />
      </>
    ),
    outline: isSkillMd ? [{ depth: 2, id: "frontmatter", text: "Frontmatter" }, ...outline] : outline,
    hasSource,
  };
}
