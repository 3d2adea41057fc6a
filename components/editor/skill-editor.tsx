"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ChevronRightIcon, EyeIcon, FileIcon, HistoryIcon, InfoIcon, LoaderCircleIcon, SaveIcon, UploadIcon } from "lucide-react";
import { ScopeBadge } from "@/components/skills/scope-badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toaster";
import { loadEditorVersionAction, saveSkillDraftAction } from "@/lib/actions/editor";
import { formatBytes, formatRelative } from "@/lib/format";
import {
  addTextFile,
  checkDraftPath,
  createDraft,
  deleteFile,
  draftChanges,
  draftManifest,
  DraftError,
  editText,
  entrySize,
  entryText,
  findEntry,
  isDraftDirty,
  parseStoredDraft,
  putBytes,
  rebaseDraft,
  renameFile,
  restoreFile,
  SKILL_MD,
  type Draft,
  type DraftBaseFile,
} from "@/lib/skills/draft/draft";
import type { PreviewInput } from "@/lib/skills/draft/inputs";
import type { Finding } from "@/lib/skills/format/findings";
import { ACTION_BODY_MAX_BYTES, actionBodyTooLargeMessage } from "@/lib/skills/format/limits";
import { detectMediaType, isTextMediaType } from "@/lib/skills/format/media-type";
import { findUnreferenced, linkTargetsInText, mentionedPaths } from "@/lib/skills/format/links";
import { isImageMediaType } from "@/lib/skills/format/preview";
import { decodeUtf8 } from "@/lib/skills/format/text";
import type { EditorSkill, EditorVersion, PreviewResult } from "@/lib/types/editor";
import { base64ToBytes, bytesToBase64 } from "./bytes";
import { CodeEditor, type CodeEditorHandle } from "./code-editor";
import { ConflictPanel } from "./conflict-panel";
import { EditorFileTree, type TreeFile } from "./editor-file-tree";
import { PathDialog, type PathRequest } from "./path-dialog";
import { ProblemsPanel } from "./problems-panel";
import { SaveDialog, type SaveRefusal } from "./save-dialog";
import { TokenMeter } from "./token-meter";
import { useLeaveGuard } from "./use-leave-guard";
import type { SkillMdAnalysis } from "./analyze";

export type RenderPreview = (input: PreviewInput) => Promise<PreviewResult>;

const storageKey = (skillId: string) => `skillshelf:editor-draft:${skillId}`;
const isMarkdownPath = (path: string) => /\.(md|markdown)$/i.test(path);

let analyzer: Promise<typeof import("./analyze")> | null = null;
const loadAnalyzer = () => (analyzer ??= import("./analyze"));

type Conflict = { message: string; currentVersion: number; theirs: EditorVersion | null; error: string | null };
type StoredOffer = { draft: Draft; loading: boolean; error: string | null };

function suggestedFolder(name: string, text: boolean): string {
  if (/\.(md|markdown|txt)$/i.test(name)) return "references/";
  if (/\.(py|sh|bash|js|mjs|ts|rb|pl|ps1)$/i.test(name)) return "scripts/";
  return text ? "references/" : "assets/";
}

export function SkillEditor({ skill, initialFile, renderPreview }: { skill: EditorSkill; initialFile: string | null; renderPreview: RenderPreview }) {
  const router = useRouter();
  const [base, setBase] = useState<EditorVersion>(skill.current);
  const [draft, setDraft] = useState<Draft>(() => createDraft(skill.id, skill.current.number, skill.current.files));
  const [selected, setSelected] = useState(() => (initialFile && skill.current.files.some((f) => f.path === initialFile) ? initialFile : SKILL_MD));
  const [editorKey, setEditorKey] = useState(0);
  const [checkedStorage, setCheckedStorage] = useState(false);
  const [offer, setOffer] = useState<StoredOffer | null>(null);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const [storageProblem, setStorageProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
  const [nameProblem, setNameProblem] = useState<{ name: string; message: string } | null>(null);
  const [pathRequest, setPathRequest] = useState<PathRequest | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [analysis, setAnalysis] = useState<SkillMdAnalysis | null>(null);
  const [resourceTokens, setResourceTokens] = useState<number | null>(null);
  const [preview, setPreview] = useState<{ path: string; node: React.ReactNode; error: string | null; brokenLinks: Extract<PreviewResult, { ok: true }>["brokenLinks"] } | null>(null);
  const [previewBusy, setPreviewBusy] = useState(false);
  const editor = useRef<CodeEditorHandle>(null);
  const uploadInput = useRef<HTMLInputElement>(null);
  const uploadTarget = useRef<string | null>(null);
  const tokenCache = useRef(new Map<string, number>());
  const previewSeq = useRef(0);

  const baseFiles = useMemo(() => new Map<string, DraftBaseFile & { tokens: number | null }>(base.files.map((f) => [f.path, f])), [base]);
  const changes = useMemo(() => draftChanges(draft, base.files), [draft, base]);
  const dirty = changes.length > 0;
  const selectedEntry = findEntry(draft, selected) ?? findEntry(draft, SKILL_MD)!;
  const selectedText = entryText(draft, selectedEntry, baseFiles);
  const skillMdText = entryText(draft, findEntry(draft, SKILL_MD)!, baseFiles) ?? "";

  // ---- The draft in this browser: offered back on load, kept on every change, dropped when saved.
  useEffect(() => {
    let stored: Draft | null = null;
    try {
      stored = parseStoredDraft(window.localStorage.getItem(storageKey(skill.id)), skill.id);
    } catch {
      // storage disabled: the editor still works, edits just do not survive a reload
    }
    /* eslint-disable react-hooks/set-state-in-effect -- localStorage exists only after hydration */
    if (stored && stored.baseVersion === skill.current.number) {
      if (isDraftDirty(stored, skill.current.files)) {
        setDraft(stored);
        setRestoredAt(stored.updatedAt);
        if (!findEntry(stored, selected)) setSelected(SKILL_MD);
      }
    } else if (stored) {
      setOffer({ draft: stored, loading: false, error: null });
    }
    setCheckedStorage(true);
    /* eslint-enable react-hooks/set-state-in-effect */
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on load
  }, []);

  useEffect(() => {
    if (!checkedStorage || offer || saved) return;
    const timer = window.setTimeout(() => {
      try {
        if (dirty) window.localStorage.setItem(storageKey(skill.id), JSON.stringify(draft));
        else window.localStorage.removeItem(storageKey(skill.id));
        setStorageProblem(null);
      } catch {
        setStorageProblem("This browser could not keep a copy of your draft (uploads may be too large for its storage): save before you reload or leave.");
      }
    }, 250);
    return () => window.clearTimeout(timer);
  }, [draft, dirty, checkedStorage, offer, saved, skill.id]);

  const guard = useLeaveGuard(dirty && !saved);

  // ---- Checks and token counts, a moment after typing stops.
  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(async () => {
      const { analyzeSkillMd, countTokens } = await loadAnalyzer();
      if (!live) return;
      setAnalysis(analyzeSkillMd(skillMdText));
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
        let tokens = tokenCache.current.get(text);
        if (tokens === undefined) {
          tokens = countTokens(text);
          tokenCache.current.set(text, tokens);
        }
        total += tokens;
      }
      setResourceTokens(total);
    }, 200);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [skillMdText, draft, baseFiles]);

  const findings = useMemo(() => analysis?.findings ?? [], [analysis]);
  const errorCount = findings.filter((f) => f.severity === "error").length;
  // The name clash the server reported holds only while the name is the one it refused.
  const activeNameProblem = nameProblem && analysis?.name === nameProblem.name ? nameProblem : null;
  const blocked = errorCount > 0 || activeNameProblem !== null;

  // ---- Preview: the server renders the draft's Markdown with the skill page's renderer.
  const fileList = useMemo(
    () =>
      draft.entries.map((entry) => {
        const stored = entry.source.kind === "stored" ? baseFiles.get(entry.source.path) : undefined;
        if (stored && entry.source.kind === "stored" && entry.source.version === draft.baseVersion) return { path: entry.path, mediaType: stored.mediaType };
        const text = entryText(draft, entry, baseFiles);
        return { path: entry.path, mediaType: text !== null ? detectMediaType(new Uint8Array(0), entry.path, text) : entry.source.kind === "bytes" ? detectMediaType(base64ToBytes(entry.source.base64.slice(0, 88)).subarray(0, 64), entry.path, null) : "application/octet-stream" };
      }),
    [draft, baseFiles],
  );
  const previewPath = isMarkdownPath(selectedEntry.path) && selectedText !== null ? selectedEntry.path : null;
  const fileListKey = JSON.stringify(fileList);
  useEffect(() => {
    if (previewPath === null || selectedText === null) return;
    const seq = ++previewSeq.current;
    const timer = window.setTimeout(async () => {
      setPreviewBusy(true);
      try {
        const result = await renderPreview({ skillId: skill.id, baseVersion: draft.baseVersion, path: previewPath, text: selectedText, files: JSON.parse(fileListKey) });
        if (seq !== previewSeq.current) return;
        setPreview(result.ok ? { path: previewPath, node: result.node, error: null, brokenLinks: result.brokenLinks } : { path: previewPath, node: null, error: result.message, brokenLinks: [] });
      } catch {
        if (seq === previewSeq.current) setPreview((old) => ({ path: previewPath, node: old?.path === previewPath ? old.node : null, error: "The preview could not be updated; check your connection.", brokenLinks: old?.path === previewPath ? old.brokenLinks : [] }));
      } finally {
        if (seq === previewSeq.current) setPreviewBusy(false);
      }
    }, preview ? 300 : 0);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the preview itself is not an input
  }, [previewPath, selectedText, fileListKey, draft.baseVersion, renderPreview, skill.id]);

  // ---- Editing
  const onText = useCallback((path: string, text: string) => setDraft((d) => (findEntry(d, path) ? editText(d, base.files, path, text) : d)), [base]);

  const run = (action: () => void) => {
    try {
      action();
    } catch (error) {
      if (error instanceof DraftError) toast.error(error.message);
      else throw error;
    }
  };

  const newFile = () =>
    setPathRequest({
      title: "New file",
      description: "An empty text file; reference files usually go in references/, scripts in scripts/.",
      submitLabel: "Create file",
      initial: "references/",
      check: (path) => checkDraftPath(draft, path),
      onSubmit: (path) =>
        run(() => {
          const next = addTextFile(draft, path);
          setDraft(next);
          setSelected(next.entries.find((e) => e.origin === null && !draft.entries.includes(e))?.path ?? path);
        }),
    });

  const startUpload = (target: string | null) => {
    uploadTarget.current = target;
    uploadInput.current?.click();
  };

  const onUploadChosen = async (file: File) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const text = decodeUtf8(bytes);
    const mediaType = detectMediaType(bytes, file.name, text);
    const asText = text !== null && isTextMediaType(mediaType) && bytes.length <= 1024 * 1024;
    const target = uploadTarget.current;
    if (target) {
      // Replacing keeps the file's place and history; text stays editable.
      run(() => setDraft(asText ? editText(draft, base.files, target, text!) : putBytes(draft, target, bytesToBase64(bytes), bytes.length)));
      toast.success(`Replaced ${target} with ${file.name}.`);
      return;
    }
    setPathRequest({
      title: "Add an uploaded file",
      description: `${file.name}, ${formatBytes(bytes.length)}${asText ? ", opens as text" : ""}. Choose where it goes in the skill.`,
      submitLabel: "Add file",
      initial: `${suggestedFolder(file.name, asText)}${file.name}`,
      check: (path) => checkDraftPath(draft, path),
      onSubmit: (path) =>
        run(() => {
          const next = asText ? addTextFile(draft, path, text!) : putBytes(draft, path, bytesToBase64(bytes), bytes.length);
          setDraft(next);
          setSelected(next.entries.find((e) => !draft.entries.includes(e))?.path ?? path);
        }),
    });
  };

  const rename = (path: string) =>
    setPathRequest({
      title: `Rename or move ${path}`,
      description: "Change the name or the folder. Links in your documents are not rewritten: update them in the editor.",
      submitLabel: "Rename",
      initial: path,
      check: (next) => checkDraftPath(draft, next, path),
      onSubmit: (next) =>
        run(() => {
          const result = renameFile(draft, path, next);
          setDraft(result.draft);
          if (selected === path) setSelected(result.path);
        }),
    });

  const remove = (path: string) => {
    run(() => setDraft(deleteFile(draft, path)));
    if (selected === path) setSelected(SKILL_MD);
    setConfirmDelete(null);
  };

  // ---- Conflicts and stored drafts based on an older version
  const loadTheirs = async (version: number, message: string) => {
    setConflict({ message, currentVersion: version, theirs: null, error: null });
    const loaded = await loadEditorVersionAction(skill.id, version).catch(() => ({ ok: false as const, message: "Their version could not be loaded; check your connection." }));
    setConflict((c) => (c && c.currentVersion === version ? { ...c, theirs: loaded.ok ? loaded.version : null, error: loaded.ok ? null : loaded.message } : c));
  };

  const rebase = () => {
    if (!conflict?.theirs) return;
    const theirs = conflict.theirs;
    const next = rebaseDraft(draft, base.files, theirs.files, theirs.number);
    setBase(theirs);
    setDraft(next);
    setConflict(null);
    setRefusal(null);
    setEditorKey((k) => k + 1);
    if (!findEntry(next, selected)) setSelected(SKILL_MD);
    toast.success(`Your draft now builds on v${theirs.number}; your edits are kept.`);
  };

  const restoreOffer = async () => {
    if (!offer) return;
    setOffer({ ...offer, loading: true, error: null });
    const old = await loadEditorVersionAction(skill.id, offer.draft.baseVersion).catch(() => ({ ok: false as const, message: "The version could not be loaded; check your connection." }));
    if (!old.ok) {
      setOffer({ ...offer, loading: false, error: `${old.message} Your draft cannot be compared with it; discard it or try again.` });
      return;
    }
    setBase(old.version);
    setDraft(offer.draft);
    setOffer(null);
    setEditorKey((k) => k + 1);
    if (!findEntry(offer.draft, selected)) setSelected(SKILL_MD);
    const current = skill.current;
    setConflict({ message: `Your draft was based on v${old.version.number}; the skill is now at v${current.number}.`, currentVersion: current.number, theirs: current, error: null });
  };

  const discardOffer = () => {
    try {
      window.localStorage.removeItem(storageKey(skill.id));
    } catch {}
    setOffer(null);
  };

  const discardDraft = () => {
    setDraft(createDraft(skill.id, base.number, base.files));
    setRestoredAt(null);
    setEditorKey((k) => k + 1);
    setSelected(SKILL_MD);
  };

  // ---- Save
  const save = async (message: string) => {
    setSaving(true);
    setRefusal(null);
    const { entries, uploads } = draftManifest(draft);
    const form = new FormData();
    form.set("skillId", skill.id);
    form.set("baseVersion", String(draft.baseVersion));
    form.set("message", message);
    form.set("manifest", JSON.stringify(entries));
    uploads.forEach((upload, index) => form.set(`upload-${index}`, new Blob([base64ToBytes(upload.base64)]), upload.path.split("/").pop()));
    // The server refuses a request over the limit before reading it, and the action call would
    // only fail with a network error: say what is wrong here instead.
    const bytes = [...form.values()].reduce((sum, value) => sum + (typeof value === "string" ? new Blob([value]).size : value.size), 0);
    if (bytes > ACTION_BODY_MAX_BYTES) {
      setRefusal({ message: actionBodyTooLargeMessage(bytes), findings: [] });
      setSaving(false);
      return;
    }
    try {
      const result = await saveSkillDraftAction(form);
      if (result.ok) {
        setSaved(true);
        try {
          window.localStorage.removeItem(storageKey(skill.id));
        } catch {}
        setSaveOpen(false);
        toast.success(`Saved ${result.name} v${result.version}.`);
        router.push(`/skills/${encodeURIComponent(result.skillId)}`);
        return;
      }
      if (result.kind === "conflict") {
        setSaveOpen(false);
        void loadTheirs(result.currentVersion, result.message);
      } else if (result.kind === "invalid" && result.field === "name") {
        setNameProblem({ name: analysis?.name ?? "", message: result.message });
        setRefusal({ message: result.message, findings: [], field: "name" });
      } else {
        setRefusal({ message: result.message, findings: result.kind === "invalid" ? result.findings : [], field: result.kind === "invalid" ? result.field : undefined });
      }
    } catch {
      setRefusal({ message: "The save did not reach the server; check your connection and try again.", findings: [] });
    } finally {
      setSaving(false);
    }
  };

  const openSave = useCallback(() => {
    if (!dirty || blocked || saving || conflict) return;
    setRefusal(null);
    setSaveOpen(true);
  }, [dirty, blocked, saving, conflict]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        openSave();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [openSave]);

  // ---- Preview links to files of the draft open them here instead of navigating.
  const onPreviewClick = (event: React.MouseEvent) => {
    const anchor = (event.target as Element).closest("a[href]");
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname !== `/skills/${encodeURIComponent(skill.id)}/edit`) return;
    event.preventDefault();
    const file = url.searchParams.get("file");
    if (file && findEntry(draft, file)) setSelected(file);
  };

  const jump = (finding: Finding) => {
    if (finding.line === undefined) return;
    if (selected !== SKILL_MD) setSelected(SKILL_MD);
    window.setTimeout(() => editor.current?.goToLine(finding.line!), selected !== SKILL_MD ? 50 : 0);
  };

  const unreferenced = new Set(
    findUnreferenced(
      draft.entries.map((entry) => entry.path),
      draft.entries.flatMap((entry) => {
        const text = /\.(md|markdown)$/i.test(entry.path) ? entryText(draft, entry, baseFiles) : null;
        return text === null ? [] : [{ path: entry.path, urls: linkTargetsInText(text), mentions: mentionedPaths(text) }];
      }),
    ),
  );
  const tree: TreeFile[] = draft.entries.map((entry) => {
    const info = fileList.find((f) => f.path === entry.path);
    return {
      path: entry.path,
      text: entryText(draft, entry, baseFiles) !== null,
      image: isImageMediaType(info?.mediaType ?? ""),
      change: changes.find((c) => c.path === entry.path && c.kind !== "deleted") ?? null,
      unreferenced: unreferenced.has(entry.path),
    };
  });
  const deleted = changes.filter((c) => c.kind === "deleted").map((c) => c.path);
  const skillHref = `/skills/${encodeURIComponent(skill.id)}`;
  // Broken links are warnings, as on the skill page: they do not block saving.
  const brokenLinks = preview && preview.path === previewPath ? preview.brokenLinks : [];
  const extraProblems = [
    ...(activeNameProblem ? [{ severity: "error" as const, message: activeNameProblem.message }] : []),
    ...brokenLinks.map((link) => ({
      severity: "warning" as const,
      message: `${link.from} ${link.image ? "shows the image" : "links to"} ${link.path}, which is not a file of the draft${link.suggestion ? ` (did you mean ${link.suggestion}?)` : ""}`,
    })),
  ];
  const selectedInfo = fileList.find((f) => f.path === selectedEntry.path);

  return (
    <div className="relative left-1/2 grid w-[calc(100vw-2rem)] max-w-[96rem] -translate-x-1/2 gap-4 sm:w-[calc(100vw-3rem)]">
      <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="grid min-w-0 gap-1.5">
          <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-muted-foreground">
            <Link href="/skills" className="rounded-sm outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50">
              Skills
            </Link>
            <ChevronRightIcon aria-hidden className="size-3.5" />
            <Link href={skillHref} className="truncate rounded-sm outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50">
              {skill.name}
            </Link>
            <ChevronRightIcon aria-hidden className="size-3.5" />
            <span aria-current="page" className="text-foreground">
              Edit
            </span>
          </nav>
          <div className="flex flex-wrap items-center gap-2.5">
            <h1 className="font-mono text-xl font-semibold tracking-tight break-all">Edit {skill.name}</h1>
            <ScopeBadge scope={skill.scope} team={skill.team ?? undefined} />
            <span className="rounded-md border px-1.5 py-0.5 text-xs text-muted-foreground tabular-nums" title={`Your draft starts from version ${draft.baseVersion}`}>
              from v{draft.baseVersion}
            </span>
            <span className="text-sm text-muted-foreground" aria-live="polite" data-testid="draft-status">
              {dirty ? `${changes.length} unsaved ${changes.length === 1 ? "change" : "changes"}` : "No changes"}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {blocked ? (
            <span id="save-blocked" className="text-sm text-destructive">
              Fix {errorCount + (activeNameProblem ? 1 : 0)} {errorCount + (activeNameProblem ? 1 : 0) === 1 ? "error" : "errors"} to save
            </span>
          ) : null}
          <Button asChild variant="outline">
            <Link href={skillHref}>{dirty ? "Cancel" : "Back to skill"}</Link>
          </Button>
          <Button type="button" onClick={openSave} disabled={!dirty || blocked || saving || conflict !== null} aria-describedby={blocked ? "save-blocked" : undefined} aria-keyshortcuts="Control+S Meta+S" title="Save (Ctrl+S)">
            <SaveIcon aria-hidden /> Save…
          </Button>
        </div>
      </header>

      {offer ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
          <HistoryIcon aria-hidden className="size-4 text-primary" />
          <span className="min-w-0 flex-1">
            You have unsaved changes from {formatRelative(new Date(offer.draft.updatedAt))}, based on <strong>v{offer.draft.baseVersion}</strong>; the skill is now at v{skill.current.number}. Restore them to compare with v{skill.current.number} and keep working.
            {offer.error ? <span className="mt-1 block text-destructive">{offer.error}</span> : null}
          </span>
          <Button type="button" size="sm" onClick={restoreOffer} disabled={offer.loading}>
            {offer.loading ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null} Restore my changes
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={discardOffer} disabled={offer.loading}>
            Discard them
          </Button>
        </div>
      ) : null}
      {restoredAt !== null && dirty && !conflict ? (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border bg-muted/40 px-4 py-2.5 text-sm">
          <InfoIcon aria-hidden className="size-4 text-muted-foreground" />
          <span className="flex-1">Restored your unsaved changes from {formatRelative(new Date(restoredAt))} (kept in this browser).</span>
          <Button type="button" size="sm" variant="ghost" onClick={discardDraft}>
            Discard them
          </Button>
        </div>
      ) : null}
      {storageProblem ? (
        <p role="alert" className="rounded-xl border border-amber-500/40 bg-amber-500/5 px-4 py-2.5 text-sm">
          {storageProblem}
        </p>
      ) : null}
      {conflict ? <ConflictPanel message={conflict.message} theirs={conflict.theirs} error={conflict.error} draft={draft} base={baseFiles} onRebase={rebase} /> : null}

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <TokenMeter catalog={analysis ? analysis.catalogTokens : null} body={analysis ? analysis.bodyTokens : null} resources={resourceTokens} pending={!analysis} />
        <ProblemsPanel findings={findings} extra={extraProblems} onJump={jump} checking={!analysis} />
      </div>

      <div className="grid gap-4 lg:grid-cols-[14rem_minmax(0,1fr)_minmax(0,1fr)]">
        <aside className="rounded-xl border bg-card p-2 shadow-xs lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto">
          <EditorFileTree
            files={tree}
            deleted={deleted}
            selected={selectedEntry.path}
            onSelect={setSelected}
            onNewFile={newFile}
            onUpload={() => startUpload(null)}
            onRename={rename}
            onReplace={(path) => startUpload(path)}
            onDelete={(path) => setConfirmDelete(path)}
            onRestore={(path) => run(() => setDraft(restoreFile(draft, base.files, path)))}
          />
          <input
            ref={uploadInput}
            type="file"
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose a file to upload"
            data-testid="editor-upload"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void onUploadChosen(file);
            }}
          />
        </aside>

        <section aria-label="Editor" className="flex h-[calc(100dvh-8rem)] min-h-[26rem] flex-col overflow-hidden rounded-xl border bg-card shadow-xs">
          <div className="flex items-center gap-2 border-b px-3 py-2 text-sm">
            <FileIcon aria-hidden className="size-4 text-muted-foreground" />
            <span className="truncate font-mono font-medium" data-testid="editor-path">
              {selectedEntry.path}
            </span>
            <span className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums">{formatBytes(entrySize(selectedEntry, baseFiles))}</span>
          </div>
          <div className="min-h-0 flex-1">
            {selectedText !== null ? (
              <CodeEditor key={editorKey} handle={editor} path={selectedEntry.path} text={selectedText} onChange={onText} findings={selectedEntry.path === SKILL_MD ? findings : []} label={`Source of ${selectedEntry.path}`} />
            ) : (
              <div className="grid h-full place-content-center justify-items-center gap-3 p-6 text-center text-sm text-muted-foreground">
                <FileIcon aria-hidden className="size-8" />
                <p>
                  <span className="font-mono text-foreground">{selectedEntry.path}</span> is a binary file ({selectedInfo?.mediaType ?? "unknown type"}, {formatBytes(entrySize(selectedEntry, baseFiles))}); it cannot be edited here.
                </p>
                <Button type="button" variant="outline" onClick={() => startUpload(selectedEntry.path)}>
                  <UploadIcon aria-hidden /> Replace with an upload…
                </Button>
              </div>
            )}
          </div>
        </section>

        <section aria-labelledby="preview-title" className="flex h-[calc(100dvh-8rem)] min-h-[26rem] flex-col overflow-hidden rounded-xl border bg-card shadow-xs">
          <div className="flex items-center gap-2 border-b px-3 py-2 text-sm">
            <EyeIcon aria-hidden className="size-4 text-muted-foreground" />
            <h2 id="preview-title" className="font-medium">
              Preview
            </h2>
            <span className="truncate text-xs text-muted-foreground">as the skill page shows it</span>
            {previewBusy ? <LoaderCircleIcon aria-label="Updating the preview" className="ml-auto size-3.5 animate-spin text-muted-foreground" /> : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5" data-testid="preview" data-leave-guard="off" onClickCapture={onPreviewClick} aria-busy={previewBusy}>
            {previewPath === null ? (
              <p className="text-sm text-muted-foreground">The preview shows Markdown files. Select SKILL.md or a .md file to see it rendered.</p>
            ) : preview?.path === previewPath ? (
              <>
                {preview.error ? <p className="mb-3 text-sm text-destructive">{preview.error}</p> : null}
                {preview.node}
              </>
            ) : (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <LoaderCircleIcon aria-hidden className="size-4 animate-spin" /> Rendering…
              </p>
            )}
          </div>
        </section>
      </div>

      <SaveDialog key={saveOpen ? "open" : "closed"} open={saveOpen} onOpenChange={setSaveOpen} changes={changes} nextVersion={draft.baseVersion + 1} saving={saving} refusal={refusal} onSave={save} />
      <PathDialog request={pathRequest} onClose={() => setPathRequest(null)} />
      <Dialog open={confirmDelete !== null} onOpenChange={(open) => (open ? null : setConfirmDelete(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete {confirmDelete}?</DialogTitle>
            <DialogDescription>It is removed from the draft; until you save, you can restore it from the Deleted list.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirmDelete(null)}>
              Keep it
            </Button>
            <Button type="button" variant="destructive" onClick={() => confirmDelete && remove(confirmDelete)}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={guard.pending !== null} onOpenChange={(open) => (open ? null : guard.stay())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Leave with unsaved changes?</DialogTitle>
            <DialogDescription>
              Your {changes.length === 1 ? "change is" : `${changes.length} changes are`} not saved as a version. This browser keeps a copy, and the editor offers it back when you return.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={guard.stay}>
              Stay and keep editing
            </Button>
            <Button type="button" onClick={guard.leave}>
              Leave
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
