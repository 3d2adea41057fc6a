import { useEffect, useMemo, useRef, useState } from "react";
import type { Draft } from "@/lib/skills/draft/draft";
import type { PreviewInput } from "@/lib/skills/draft/inputs";
import type { PreviewResult } from "@/lib/types/editor";
import { draftFileList, isMarkdownPath, type BaseFiles, type BrokenLink } from "./editor-files";

export type RenderPreview = (input: PreviewInput) => Promise<PreviewResult>;
export type DraftPreview = { path: string; node: React.ReactNode; error: string | null; brokenLinks: BrokenLink[] };

type BrowserRenderer = typeof import("./client-preview");

/** Quiet time after a keystroke before the preview follows: rendering here takes a few milliseconds, a round trip took seconds under load. */
const TYPING_PAUSE_MS = 120;

/**
 * The open Markdown file rendered with the skill page's renderer: by the server the first time
 * (so opening the editor downloads no renderer), then in the browser, shortly after typing stops,
 * with the same component and rules (client-preview.tsx, loaded on the first edit). If that
 * module cannot load, the server renders as before. An answer overtaken by a newer one is dropped.
 */
export function useDraftPreview({
  skillId,
  draft,
  baseFiles,
  path,
  text,
  renderPreview,
}: {
  skillId: string;
  draft: Draft;
  baseFiles: BaseFiles;
  path: string;
  text: string | null;
  renderPreview: RenderPreview;
}) {
  const [preview, setPreview] = useState<DraftPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const rendered = useRef(false);
  const browser = useRef<Promise<BrowserRenderer | null> | null>(null);

  const fileList = useMemo(() => draftFileList(draft, baseFiles), [draft, baseFiles]);
  const previewPath = isMarkdownPath(path) && text !== null ? path : null;
  // The file list as a value: a new draft object with the same files asks for no new preview.
  const fileListKey = JSON.stringify(fileList);

  useEffect(() => {
    if (previewPath === null || text === null) return;
    const current = ++seq.current;
    const show = (next: DraftPreview | ((old: DraftPreview | null) => DraftPreview)) => {
      rendered.current = true;
      setPreview(next);
    };
    // From the first change on, renders happen here: start loading the renderer now.
    if (rendered.current) browser.current ??= import("./client-preview").catch(() => null);
    const timer = window.setTimeout(
      async () => {
        setBusy(true);
        try {
          const input = { skillId, baseVersion: draft.baseVersion, path: previewPath, text, files: JSON.parse(fileListKey) };
          const local = browser.current ? await browser.current : null;
          const result = local ? await local.renderPreviewInBrowser(input) : await renderPreview(input);
          if (current !== seq.current) return;
          show(
            result.ok
              ? { path: previewPath, node: result.node, error: null, brokenLinks: result.brokenLinks }
              : { path: previewPath, node: null, error: result.message, brokenLinks: [] },
          );
        } catch {
          if (current === seq.current)
            show((old) => ({
              path: previewPath,
              node: old?.path === previewPath ? old.node : null,
              error: "The preview could not be updated; check your connection.",
              brokenLinks: old?.path === previewPath ? old.brokenLinks : [],
            }));
        } finally {
          if (current === seq.current) setBusy(false);
        }
      },
      rendered.current ? TYPING_PAUSE_MS : 0,
    );
    return () => window.clearTimeout(timer);
  }, [previewPath, text, fileListKey, draft.baseVersion, renderPreview, skillId]);

  // Broken links belong to the file they were found in.
  const shown = preview && preview.path === previewPath ? preview : null;
  return { fileList, previewPath, preview: shown, busy };
}
