import { cache } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { documentLinks, documentsToParse } from "@/components/skills/markdown/link-index";
import { SkillProposals } from "@/components/reviews/inbox-skill-proposals";
import { SkillView } from "@/components/skills/skill-view";
import { SyncedFrom } from "@/components/sources/synced-from";
import type { FlaggedSource } from "@/components/skills/review-dialog";
import { SkillHeaderActions } from "@/components/skills/skill-header-actions";
import { SkillMetaBar } from "@/components/skills/skill-meta-bar";
import { parseSkillTab, skillRoutes, type DocumentView } from "@/components/skills/skill-routes";
import { TriggersPanel } from "@/components/skills/triggers/triggers-panel";
import { listSkillReviewRequests } from "@/lib/data/reviews";
import { getTriggerTests, listTriggerEvalRuns } from "@/lib/data/playground";
import { requireViewer, type Viewer } from "@/lib/data/core";
import { getSkillPage, getSkillVersion, readSkillFiles } from "@/lib/data/skills";
import { getSkillUsage } from "@/lib/data/usage";
import { UsagePanel } from "@/components/usage/usage-panel";
import { isTextMediaType } from "@/lib/skills/format/media-type";
import { makeVisible } from "@/lib/skills/scan";
import type { SkillDetail } from "@/lib/types/skills";
import { loadEvalOptions } from "./eval-options";

// Shared by /skills/[skillId] (current version) and /skills/[skillId]/v/[n]. Everything that can
// answer 404 (skill, version) is settled here, before anything streams: no Suspense or
// loading.tsx sits above these pages. A ?file= the version lacks is not a 404: the page shows, and
// its file pane says so (the link may come from another version, or be mistyped).

/** Text previews above this are offered as a download instead. */
const PREVIEW_MAX_BYTES = 1024 * 1024;
/** Markdown files above this are left out of the link graph. */
const LINK_SCAN_MAX_BYTES = 512 * 1024;

export type SkillSearchParams = Promise<Record<string, string | string[] | undefined>>;

// The skill, its tags, stars, owners and source in one read, shared by the metadata and the page
// of this request (React `cache`: per request, and the viewer is the request's).
const loadSkill = cache(async (skillId: string) => getSkillPage(await requireViewer(), skillId));

/** "3" -> 3; anything but a plain positive integer -> null (answered with 404). */
export function parseVersionNumber(raw: string): number | null {
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

export async function skillMetadata(skillId: string, versionNumber?: number | null): Promise<Metadata> {
  const skill = (await loadSkill(skillId))?.skill;
  if (!skill) return { title: "Skill not found" };
  return { title: versionNumber && versionNumber !== skill.version ? `${skill.name} v${versionNumber}` : skill.name, description: skill.description };
}

/** Flagged files above this show their first part in the review dialog. */
const REVIEW_SOURCE_MAX_BYTES = 256 * 1024;

function flaggedSource(path: string, file: { bytes: Uint8Array; mediaType: string } | undefined): FlaggedSource {
  if (!file || !isTextMediaType(file.mediaType)) return { path, text: null, truncated: false };
  const truncated = file.bytes.length > REVIEW_SOURCE_MAX_BYTES;
  const text = new TextDecoder().decode(truncated ? file.bytes.subarray(0, REVIEW_SOURCE_MAX_BYTES) : file.bytes);
  // Line by line, so a made-visible character never merges or splits lines.
  return { path, text: text.split("\n").map(makeVisible).join("\n"), truncated };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function SkillPage({
  skillId,
  versionNumber,
  searchParams,
}: {
  skillId: string;
  versionNumber: number | null;
  searchParams: Awaited<SkillSearchParams>;
}) {
  const viewer = await requireViewer();
  const page = await loadSkill(skillId);
  if (!page) notFound();
  const { skill, meta, source } = page;
  const version = versionNumber === null || versionNumber === skill.version ? skill.current : await getSkillVersion(viewer, skillId, versionNumber);
  if (!version) notFound();

  const selectedPath = first(searchParams.file) || "SKILL.md";
  const selectedFile = version.files.find((f) => f.path === selectedPath);
  const view: DocumentView = first(searchParams.view) === "source" ? "source" : "preview";
  const parsedTab = parseSkillTab(first(searchParams.tab));
  // A version without tools has no Tools tab: ?tab=tools shows its files.
  const tab = parsedTab === "tools" && version.tools.length === 0 ? "files" : parsedTab;
  // The review dialog shows the raw source of every flagged file, to reviewers only.
  const flaggedPaths =
    tab === "security" && skill.can.review && version.scan.review.status === "needs_review"
      ? [...new Set(version.scan.findings.map((f) => f.file))].filter((path) => version.files.some((f) => f.path === path))
      : null;

  const markdownFiles = version.files.filter((f) => f.mediaType === "text/markdown" && f.size <= LINK_SCAN_MAX_BYTES);
  const selectedIsText = selectedFile !== undefined && isTextMediaType(selectedFile.mediaType) && selectedFile.size <= PREVIEW_MAX_BYTES;
  const toRead = documentsToParse(markdownFiles).map((f) => f.path);
  if (selectedIsText) toRead.push(selectedFile.path);
  if (flaggedPaths) toRead.push(...flaggedPaths);
  const [files, proposals] = await Promise.all([
    readSkillFiles(viewer, skillId, version.number, toRead),
    page.hasOpenProposals ? listSkillReviewRequests(viewer, skillId) : [],
  ]);
  if (!files) notFound();

  const triggers = tab === "triggers" ? await loadTriggers(viewer, skill, version.number) : null;
  const usage = tab === "usage" ? await loadUsage(viewer, skill.id, version.number, first(searchParams.days) === "90" ? 90 : 30) : null;

  const decoder = new TextDecoder();
  const texts = new Map([...files].map(([path, file]) => [path, decoder.decode(file.bytes)]));

  return (
    <SkillView
      skill={skill}
      version={version}
      pinned={versionNumber !== null}
      selected={selectedFile ? { file: selectedFile, text: selectedIsText ? (texts.get(selectedFile.path) ?? null) : null } : { missing: selectedPath }}
      view={view}
      documentLinks={documentLinks(markdownFiles, texts)}
      actions={<SkillHeaderActions skill={{ id: skill.id, name: skill.name }} />}
      tab={tab}
      flaggedSources={flaggedPaths ? flaggedPaths.map((path) => flaggedSource(path, files.get(path))) : null}
      proposals={<SkillProposals skillId={skill.id} open={proposals} />}
      origin={source ? <SyncedFrom source={source} /> : null}
      meta={<SkillMetaBar skillId={skill.id} teamId={skill.team?.id ?? null} meta={meta} />}
      synced={source !== null}
      triggers={triggers}
      usage={usage}
    />
  );
}

/** The Usage tab: the skill's usage whatever version is shown. */
async function loadUsage(viewer: Viewer, skillId: string, versionNumber: number, days: 30 | 90) {
  const usage = await getSkillUsage(viewer, skillId, days);
  if (!usage) notFound();
  const routes = skillRoutes(skillId, versionNumber, versionNumber !== usage.currentVersion);
  return <UsagePanel usage={usage} href={(d) => routes.usage(d)} />;
}

/** The Triggers tab of the version shown: its tests, what a run may be made with, and the runs the viewer may see. */
async function loadTriggers(viewer: Viewer, skill: SkillDetail, versionNumber: number) {
  const [tests, runs, options] = await Promise.all([
    getTriggerTests(viewer, skill.id, versionNumber),
    listTriggerEvalRuns(viewer, skill.id),
    loadEvalOptions(viewer),
  ]);
  if (!tests || !runs) notFound();
  const routes = skillRoutes(skill.id, versionNumber, true);
  return (
    <TriggersPanel
      skill={{ id: skill.id, name: skill.name, currentVersion: skill.version, canEdit: skill.can.addVersion, versions: skill.versions.map((v) => v.number) }}
      tests={tests}
      runs={runs}
      options={options}
      versionHref={(n) => (n === skill.version ? `${routes.latest()}?tab=triggers` : `${routes.version(n)}?tab=triggers`)}
    />
  );
}
