import "server-only";
import { getEnv } from "@/lib/env";
import { readBundleSteps, type BundleSkill } from "@/lib/skills/archive/bundle";
import { runStepsYielding } from "@/lib/skills/archive/steps";
import { basename } from "@/lib/skills/format/paths";
import type { Profile } from "@/lib/skills/format/findings";
import { readUploadYielding, type ReadUpload, type UploadSource } from "@/lib/skills/upload/upload";
import type { FetchedSkillFolder } from "@/lib/sources/types";
import type { SyncRefusal } from "@/lib/types/sources";

// The read stage: files become skills through the format core, within the server's configured
// limits (SKILL_MAX_FILES...), giving the event loop a turn between files.

/** Every source of an upload request. */
export function readUploadSources(sources: readonly UploadSource[], fields: { profile: Profile }): Promise<ReadUpload> {
  return readUploadYielding(sources, { profile: fields.profile, limits: getEnv().limits });
}

type Skipped = { path: string; reason: string }[];
export type FolderRead = { skill: BundleSkill; skipped: Skipped } | { refusal: SyncRefusal; skipped: Skipped };

/** A source's fetched folder read exactly as an upload of that folder would be (under its own name, so the name check applies). */
export async function readSourceFolder(folder: FetchedSkillFolder): Promise<FolderRead> {
  const root = folder.path === "" ? "" : basename(folder.path);
  const files = folder.files.map((file) => ({ ...file, path: root ? `${root}/${file.path}` : file.path }));
  const bundle = await runStepsYielding(readBundleSteps({ kind: "files", files }, { limits: getEnv().limits }));
  const skipped = bundle.skipped.map((entry) => ({
    path: folder.path ? `${folder.path}/${entry.path.slice(root.length + 1)}` : entry.path,
    reason: entry.reason,
  }));
  const skill = bundle.skills.find((candidate) => candidate.root === root) ?? null;
  const errors = [...bundle.findings, ...(skill?.findings ?? [])].filter((finding) => finding.severity === "error");
  if (!skill || errors.length || !skill.name) {
    const shown = errors.slice(0, 3).map((e) => (e.path && !e.message.includes(e.path) ? `${e.path}: ${e.message}` : e.message));
    const more = errors.length > shown.length ? ` (and ${errors.length - shown.length} more)` : "";
    return { refusal: { path: folder.path, name: skill?.name ?? null, message: `Invalid: ${shown.join("; ") || "no valid SKILL.md"}${more}.` }, skipped };
  }
  return { skill, skipped };
}
