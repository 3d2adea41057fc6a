import { entryText, SKILL_MD, type Draft, type DraftBaseFile, type DraftChange } from "@/lib/skills/draft/draft";
import { findUnreferenced, linkTargetsInText, mentionedPaths } from "@/lib/skills/format/links";
import { detectMediaType } from "@/lib/skills/format/media-type";
import { isImageMediaType } from "@/lib/skills/format/preview";
import type { PreviewResult } from "@/lib/types/editor";
import { base64ToBytes } from "./bytes";
import type { TreeFile } from "./editor-file-tree";

// What the editor shows about the draft's files, derived from the draft alone.

export type BaseFiles = ReadonlyMap<string, DraftBaseFile & { tokens: number | null }>;
export type BrokenLink = Extract<PreviewResult, { ok: true }>["brokenLinks"][number];

export const storageKey = (skillId: string) => `skillshelf:editor-draft:${skillId}`;
export const isMarkdownPath = (path: string) => /\.(md|markdown)$/i.test(path);

/** Where an uploaded file probably belongs, as the skill format's folders suggest. */
export function suggestedFolder(name: string, text: boolean): string {
  if (/\.(md|markdown|txt)$/i.test(name)) return "references/";
  if (/\.(py|sh|bash|js|mjs|ts|rb|pl|ps1)$/i.test(name)) return "scripts/";
  return text ? "references/" : "assets/";
}

/** Every file of the draft with its media type: the stored one when unchanged, else sniffed. */
export function draftFileList(draft: Draft, baseFiles: BaseFiles): { path: string; mediaType: string }[] {
  return draft.entries.map((entry) => {
    const stored = entry.source.kind === "stored" ? baseFiles.get(entry.source.path) : undefined;
    if (stored && entry.source.kind === "stored" && entry.source.version === draft.baseVersion) return { path: entry.path, mediaType: stored.mediaType };
    const text = entryText(draft, entry, baseFiles);
    if (text !== null) return { path: entry.path, mediaType: detectMediaType(new Uint8Array(0), entry.path, text) };
    // 88 base64 characters hold the 64 bytes the sniffer looks at.
    if (entry.source.kind === "bytes")
      return { path: entry.path, mediaType: detectMediaType(base64ToBytes(entry.source.base64.slice(0, 88)).subarray(0, 64), entry.path, null) };
    return { path: entry.path, mediaType: "application/octet-stream" };
  });
}

/** The file tree's rows: editable or not, image or not, the change, and whether anything references it. */
export function treeFiles(draft: Draft, baseFiles: BaseFiles, fileList: { path: string; mediaType: string }[], changes: DraftChange[]): TreeFile[] {
  const unreferenced = new Set(
    findUnreferenced(
      draft.entries.map((entry) => entry.path),
      draft.entries.flatMap((entry) => {
        const text = isMarkdownPath(entry.path) ? entryText(draft, entry, baseFiles) : null;
        return text === null ? [] : [{ path: entry.path, urls: linkTargetsInText(text), mentions: mentionedPaths(text) }];
      }),
    ),
  );
  return draft.entries.map((entry) => ({
    path: entry.path,
    text: entryText(draft, entry, baseFiles) !== null,
    image: isImageMediaType(fileList.find((f) => f.path === entry.path)?.mediaType ?? ""),
    change: changes.find((c) => c.path === entry.path && c.kind !== "deleted") ?? null,
    unreferenced: unreferenced.has(entry.path),
  }));
}

/**
 * The resources' token count: unchanged stored files count what the server counted, the rest are
 * counted here (`cache` keeps counts by text, so typing in one file does not recount the others).
 */
export function resourceTokens(draft: Draft, baseFiles: BaseFiles, countTokens: (text: string) => number, cache: Map<string, number>): number {
  let total = 0;
  for (const entry of draft.entries) {
    if (entry.path === SKILL_MD) continue;
    const source = entry.source;
    if (source.kind === "stored" && source.version === draft.baseVersion) {
      total += baseFiles.get(source.path)?.tokens ?? 0;
      continue;
    }
    const text = entryText(draft, entry, baseFiles);
    if (text === null) continue;
    let tokens = cache.get(text);
    if (tokens === undefined) {
      tokens = countTokens(text);
      cache.set(text, tokens);
    }
    total += tokens;
  }
  return total;
}

/**
 * The problems beside SKILL.md's own findings: the name the server refused (an error), and broken
 * links in the previewed file (warnings, as on the skill page: they do not block saving).
 */
export function extraProblems(nameProblem: { message: string } | null, brokenLinks: BrokenLink[]): { severity: "error" | "warning"; message: string }[] {
  return [
    ...(nameProblem ? [{ severity: "error" as const, message: nameProblem.message }] : []),
    ...brokenLinks.map((link) => ({
      severity: "warning" as const,
      message: `${link.from} ${link.image ? "shows the image" : "links to"} ${link.path}, which is not a file of the draft${link.suggestion ? ` (did you mean ${link.suggestion}?)` : ""}`,
    })),
  ];
}
