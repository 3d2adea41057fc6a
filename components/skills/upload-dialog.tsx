"use client";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { CheckCircle2Icon, CircleXIcon, FileUpIcon, FolderUpIcon, LoaderCircleIcon, UploadIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toaster";
import { formatBytes } from "@/lib/format";
import { MAX_UPLOAD_BYTES } from "@/lib/skills/limits";
import { skillNameProblem } from "@/lib/skills/skill-name";
import type { ApiErrorBody, UploadChoice, UploadCommitResult, UploadPreview } from "@/lib/types/uploads";
import { cn } from "@/lib/utils";
import { collectDrop, type PickedFolderFile } from "./upload/collect-drop";
import { isRemoteArchive, postRemoteUpload, uploadToUploadthing } from "./upload/remote-upload";
import { postUpload, type UploadAnswer, type UploadProgress } from "./upload/upload-request";
import { FindingList, SkillChoice, SourceReport, type SkillDecision } from "./upload/upload-preview";
import { ScanOverride } from "./upload/upload-security";
import { MIN_OVERRIDE_REASON } from "@/lib/skills/scan-policy";

export interface UploadSkillsDialogProps {
  /** The viewer's teams: each is a destination. */
  teams: { id: string; name: string }[];
  /** Instance admins may also publish to the public space. */
  isAdmin: boolean;
  /** "personal", "public" or "team:<id>"; personal by default. */
  defaultDestination?: string;
  /** The button that opens the dialog; an "Upload skills" button by default. */
  children?: React.ReactNode;
  /**
   * The server has UPLOADTHING_TOKEN: a single archive or SKILL.md file goes to uploadthing and the
   * server fetches it by key (folders and pasted text still post directly).
   */
  remoteUploads?: boolean;
}

type Mode = "files" | "paste";
type Phase = { name: "pick" } | { name: "sending"; what: "preview" | "commit"; progress: UploadProgress } | { name: "preview" } | { name: "done"; result: UploadCommitResult };
type UploadError = ApiErrorBody["error"];

const ACCEPT = ".zip,.skill,.tar,.tgz,.tar.gz,.gz,.md,application/zip,application/gzip,application/x-tar,text/markdown";

function destinationFields(key: string): { scope: string; team?: string } {
  if (key.startsWith("team:")) return { scope: "team", team: key.slice(5) };
  return { scope: key };
}

/**
 * The upload modal: pick or drop archives, SKILL.md files, a folder, or paste SKILL.md; see the
 * server's preview (every skill, file, token cost and finding) before anything is stored; choose
 * the destination, which skills, and what to do about names already taken; import them all or none.
 */
export function UploadSkillsDialog({ teams, isAdmin, defaultDestination = "personal", children, remoteUploads = false }: UploadSkillsDialogProps) {
  const router = useRouter();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>("files");
  const [files, setFiles] = useState<File[]>([]);
  const [folder, setFolder] = useState<PickedFolderFile[]>([]);
  const [text, setText] = useState("");
  const [destination, setDestination] = useState(defaultDestination);
  const [phase, setPhase] = useState<Phase>({ name: "pick" });
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [selected, setSelected] = useState<Record<string, boolean>>({});
  const [decisions, setDecisions] = useState<Record<string, SkillDecision>>({});
  const [override, setOverride] = useState({ enabled: false, reason: "" });
  const [error, setError] = useState<UploadError | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const leftOut = useRef(new Set<string>());
  // The uploadthing key of the file last uploaded there, so the commit does not upload it again.
  const remoteKey = useRef<{ file: File; key: string } | null>(null);
  // Focused after the render that shows its error, so the alert above it does not push it out of view.
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  const destinations = useMemo(
    () => [
      { key: "personal", label: "Personal" },
      ...teams.map((team) => ({ key: `team:${team.id}`, label: `Team ${team.name}` })),
      ...(isAdmin ? [{ key: "public", label: "Public" }] : []),
    ],
    [teams, isAdmin],
  );
  const destinationLabel = destinations.find((d) => d.key === destination)?.label ?? "Personal";

  // A new step's heading takes focus, so keyboard and screen reader users land on what changed.
  useEffect(() => {
    if (phase.name === "preview" || phase.name === "done") stepHeading.current?.focus();
  }, [phase.name]);

  const hasInput = mode === "files" ? files.length > 0 || folder.length > 0 : text.trim().length > 0;
  const inputBytes = files.reduce((n, f) => n + f.size, 0) + folder.reduce((n, f) => n + f.file.size, 0);

  function inputsChanged() {
    // A preview describes exactly what was sent; after any change it must be asked for again.
    setPreview(null);
    setError(null);
    setShowErrors(false);
    if (phase.name !== "sending") setPhase({ name: "pick" });
  }

  function addFiles(list: File[]) {
    if (!list.length) return;
    setFiles((current) => [...current, ...list.filter((f) => !current.some((c) => c.name === f.name && c.size === f.size && c.lastModified === f.lastModified))]);
    inputsChanged();
  }

  function setFolderFiles(list: PickedFolderFile[]) {
    if (!list.length) return;
    setFolder(list);
    inputsChanged();
  }

  function buildForm(extra: Record<string, string> = {}): FormData {
    const form = new FormData();
    if (mode === "files") {
      for (const file of files) form.append("file", file, file.name);
      for (const { file, path } of folder) {
        form.append("files", file, path);
        form.append("paths", path);
      }
    } else form.append("text", text);
    const fields = { ...destinationFields(destination), ...extra };
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
    return form;
  }

  // With uploadthing: one archive or SKILL.md file, not a folder or pasted text.
  const remoteFile = remoteUploads && mode === "files" && !folder.length && files.length === 1 && isRemoteArchive(files[0]) ? files[0] : null;

  async function send<T>(what: "preview" | "commit", choices?: UploadChoice[]) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const { signal } = controller;
    const onProgress = (progress: UploadProgress) => setPhase({ name: "sending", what, progress });
    setError(null);
    onProgress({ loaded: 0, total: 0, sent: false });
    try {
      if (!remoteFile) {
        const url = what === "preview" ? "/api/upload/preview" : "/api/upload/commit";
        return await postUpload<T>(url, buildForm(choices ? { choices: JSON.stringify(choices), ...(overrideReason ? { overrideReason } : {}) } : {}), { signal, onProgress });
      }
      return await sendRemote<T>(remoteFile, what, choices, signal, onProgress);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "AbortError") return null;
      throw cause;
    }
  }

  async function sendRemote<T>(file: File, what: "preview" | "commit", choices: UploadChoice[] | undefined, signal: AbortSignal, onProgress: (progress: UploadProgress) => void): Promise<UploadAnswer<T>> {
    let key = remoteKey.current?.file === file ? remoteKey.current.key : null;
    if (!key) {
      const uploaded = await uploadToUploadthing(file, { signal, onProgress });
      if (!uploaded.ok) return uploaded;
      remoteKey.current = { file, key: uploaded.key };
      key = uploaded.key;
    }
    onProgress({ loaded: 1, total: 1, sent: true });
    return postRemoteUpload<T>({ key, name: file.name, commit: what === "commit", ...destinationFields(destination), choices, ...(what === "commit" && overrideReason ? { overrideReason } : {}) }, signal);
  }

  async function requestPreview() {
    if (!hasInput) {
      setError({ code: "empty", message: mode === "files" ? "Choose or drop a file or a folder first." : "Paste the text of a SKILL.md first." });
      return;
    }
    // Sizes are known before anything is sent: an upload over the limit is refused here, at once.
    if (inputBytes > MAX_UPLOAD_BYTES) {
      const biggest = [...files.map((f) => ({ name: f.name, size: f.size })), ...(folder.length ? [{ name: "the folder", size: folder.reduce((n, f) => n + f.file.size, 0) }] : [])].sort((a, b) => b.size - a.size)[0];
      setError({
        code: "too_large",
        message: `The upload is ${formatBytes(inputBytes)}; the limit is ${formatBytes(MAX_UPLOAD_BYTES)}${biggest && biggest.size > MAX_UPLOAD_BYTES / 2 ? ` (${biggest.name} alone is ${formatBytes(biggest.size)})` : ""}. Remove large files, or upload fewer skills at a time.`,
      });
      return;
    }
    const answer = await send<UploadPreview>("preview");
    if (!answer) return setPhase({ name: "pick" });
    if (!answer.ok) {
      setError(answer.error);
      return setPhase({ name: "pick" });
    }
    const next = answer.body;
    const refused = new Set(next.sources.filter((s) => s.findings.some((f) => f.severity === "error")).map((s) => s.index));
    setPreview(next);
    // Previewing again keeps what the user left out (same key); everything else importable is chosen.
    setSelected(Object.fromEntries(next.skills.map((s) => [s.key, s.ok && !refused.has(s.source) && !leftOut.current.has(s.key)])));
    setDecisions((current) =>
      Object.fromEntries(
        next.skills.map((s) => {
          const existing = Object.values(s.existing)[0];
          return [s.key, current[s.key] ?? { action: existing && !existing.canAddVersion ? "rename" : "version", message: "", name: s.name ? `${s.name}-2` : "" }];
        }),
      ),
    );
    setShowErrors(false);
    setFocusTarget(null);
    setPhase({ name: "preview" });
  }

  const refusedSources = useMemo(() => new Set(preview?.sources.filter((s) => s.findings.some((f) => f.severity === "error")).map((s) => s.index) ?? []), [preview]);
  const chosen = preview?.skills.filter((s) => selected[s.key] && s.ok && !refusedSources.has(s.source)) ?? [];
  // Chosen skills the security scan blocks: the import waits for their removal or an admin's override.
  const blocked = chosen.filter((s) => s.gate === "blocked");
  const overrideReady = !!preview?.canOverrideScan && override.enabled && override.reason.trim().length >= MIN_OVERRIDE_REASON;
  const overrideReason = blocked.length && overrideReady ? override.reason.trim() : undefined;
  const blockedReason = blocked.length && !overrideReady ? (preview?.canOverrideScan ? "Override the security block with a written reason, or leave the blocked skill out." : "A chosen skill has a critical security finding: leave it out to import the rest.") : null;

  function fieldErrors(key: string): { message?: string; name?: string } {
    const skill = preview?.skills.find((s) => s.key === key);
    const existing = skill?.existing[destination];
    const decision = decisions[key];
    if (!skill || !existing || !decision) return {};
    if (decision.action === "version") return decision.message.trim() ? {} : { message: "Say what changed in this version." };
    const problem = skillNameProblem(decision.name.trim());
    if (problem) return { name: problem };
    if (decision.name.trim() === skill.name) return { name: "Choose a name that differs from the existing skill's." };
    if (chosen.some((other) => other.key !== key && (other.name === decision.name.trim() || (decisions[other.key]?.action === "rename" && decisions[other.key]?.name.trim() === decision.name.trim()))))
      return { name: "Another chosen skill has this name." };
    return {};
  }

  async function commit() {
    if (!preview) return;
    if (!chosen.length) {
      setError({ code: "empty", message: "Choose at least one skill to import." });
      return;
    }
    if (blockedReason) {
      setShowErrors(true);
      setError({ code: "blocked", message: blockedReason });
      if (preview.canOverrideScan) setFocusTarget({ id: override.enabled ? `${ids}-scan-override-reason` : `${ids}-scan-override` });
      return;
    }
    const invalid = chosen.find((s) => Object.keys(fieldErrors(s.key)).length);
    if (invalid) {
      setShowErrors(true);
      setError({ code: "invalid", message: "Some choices need your attention before importing." });
      const errors = fieldErrors(invalid.key);
      const base = `upload-skill-${invalid.key.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
      setFocusTarget({ id: errors.message ? `${base}-message` : `${base}-name` });
      return;
    }
    const choices: UploadChoice[] = chosen.map((skill) => {
      const existing = skill.existing[destination];
      const decision = decisions[skill.key];
      if (existing && decision.action === "version") return { key: skill.key, action: "version", message: decision.message.trim(), baseVersion: existing.version, digest: skill.digest };
      if (existing) return { key: skill.key, action: "rename", name: decision.name.trim(), digest: skill.digest };
      return { key: skill.key, action: "create", digest: skill.digest };
    });
    const answer = await send<UploadCommitResult>("commit", choices);
    if (!answer) return setPhase({ name: "preview" });
    if (!answer.ok) {
      setError(answer.error);
      return setPhase({ name: "preview" });
    }
    setPhase({ name: "done", result: answer.body });
    const stored = answer.body.skills.filter((s) => s.action !== "unchanged").length;
    toast.success(stored ? `Imported ${stored} ${stored === 1 ? "skill" : "skills"} into ${answer.body.destination.label}.` : "Nothing changed: every skill was already there.");
    router.refresh();
  }

  function reset() {
    setFiles([]);
    setFolder([]);
    setText("");
    setPreview(null);
    setSelected({});
    setOverride({ enabled: false, reason: "" });
    leftOut.current.clear();
    setDecisions({});
    setError(null);
    setShowErrors(false);
    setPhase({ name: "pick" });
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      abort.current?.abort();
      // What the user picked, typed and chose survives closing, except after a finished import.
      if (phase.name === "done") reset();
      else if (phase.name === "sending") setPhase(preview ? { name: "preview" } : { name: "pick" });
    }
  }

  const sending = phase.name === "sending";
  const percent = sending && phase.progress.total ? Math.round((phase.progress.loaded / phase.progress.total) * 100) : sending && phase.progress.sent ? 100 : 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {children ?? (
          <Button>
            <UploadIcon aria-hidden /> Upload skills
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="flex max-h-[min(92vh,60rem)] flex-col gap-0 overflow-hidden p-0 sm:max-w-3xl" aria-describedby={`${ids}-description`}>
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>Upload skills</DialogTitle>
          <DialogDescription id={`${ids}-description`}>
            {phase.name === "done" ? "The import is done." : "Nothing is saved until you confirm: first you see every skill the upload holds and every problem found."}
          </DialogDescription>
        </DialogHeader>

        <div className="grid min-h-0 flex-1 gap-5 overflow-y-auto px-6 py-5">
          {phase.name === "done" ? (
            <DoneStep result={phase.result} headingRef={stepHeading} />
          ) : (
            <>
              {phase.name !== "preview" && !(sending && phase.what === "commit") ? (
                <Tabs
                  value={mode}
                  onValueChange={(value) => {
                    setMode(value as Mode);
                    inputsChanged();
                  }}
                  className="grid gap-3"
                >
                  <TabsList aria-label="How to add skills">
                    <TabsTrigger value="files">Files or folder</TabsTrigger>
                    <TabsTrigger value="paste">Paste SKILL.md</TabsTrigger>
                  </TabsList>
                  <TabsContent value="files" className="grid gap-3">
                    <div
                      className={cn(
                        "grid place-items-center gap-3 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors",
                        dragging ? "border-primary bg-primary/5" : "border-border",
                      )}
                      onDragOver={(event) => {
                        event.preventDefault();
                        setDragging(true);
                      }}
                      onDragLeave={() => setDragging(false)}
                      onDrop={(event) => {
                        event.preventDefault();
                        setDragging(false);
                        void collectDrop(event.dataTransfer).then((dropped) => {
                          addFiles(dropped.files);
                          setFolderFiles(dropped.folder);
                        });
                      }}
                    >
                      <UploadIcon aria-hidden className="size-8 text-muted-foreground" />
                      <p className="text-sm">
                        <span className="font-medium">Drop files or a folder here</span>
                        <span className="block text-muted-foreground">A ZIP or .skill, a .tar.gz, SKILL.md files, or a skill folder; several skills in one archive work too.</span>
                      </p>
                      <div className="flex flex-wrap justify-center gap-2">
                        <Button type="button" variant="outline" onClick={() => fileInput.current?.click()} disabled={sending}>
                          <FileUpIcon aria-hidden /> Choose files…
                        </Button>
                        <Button type="button" variant="outline" onClick={() => folderInput.current?.click()} disabled={sending}>
                          <FolderUpIcon aria-hidden /> Choose a folder…
                        </Button>
                      </div>
                      <input
                        ref={fileInput}
                        type="file"
                        multiple
                        accept={ACCEPT}
                        aria-label="Skill files"
                        className="sr-only"
                        tabIndex={-1}
                        onChange={(event) => {
                          addFiles([...(event.target.files ?? [])]);
                          event.target.value = "";
                        }}
                      />
                      <input
                        ref={folderInput}
                        type="file"
                        aria-label="Skill folder"
                        className="sr-only"
                        tabIndex={-1}
                        // React has no typed prop for it; every current browser supports the attribute.
                        {...{ webkitdirectory: "", directory: "" }}
                        onChange={(event) => {
                          setFolderFiles([...(event.target.files ?? [])].map((file) => ({ file, path: file.webkitRelativePath || file.name })));
                          event.target.value = "";
                        }}
                      />
                    </div>
                    {files.length || folder.length ? (
                      <ul aria-label="Chosen for upload" className="grid gap-1.5 text-sm">
                        {files.map((file, index) => (
                          <PickedRow key={`${file.name}-${index}`} label={file.name} detail={formatBytes(file.size)} disabled={sending} onRemove={() => {
                            setFiles((current) => current.filter((_, i) => i !== index));
                            inputsChanged();
                          }} />
                        ))}
                        {folder.length ? (
                          <PickedRow
                            label={`${folder[0].path.split("/")[0]}/`}
                            detail={`folder, ${folder.length} ${folder.length === 1 ? "file" : "files"}, ${formatBytes(folder.reduce((n, f) => n + f.file.size, 0))}`}
                            disabled={sending}
                            onRemove={() => {
                              setFolder([]);
                              inputsChanged();
                            }}
                          />
                        ) : null}
                      </ul>
                    ) : (
                      <p className="text-sm text-muted-foreground">Nothing chosen yet.</p>
                    )}
                  </TabsContent>
                  <TabsContent value="paste" className="grid gap-2">
                    <Label htmlFor={`${ids}-text`}>SKILL.md</Label>
                    <textarea
                      id={`${ids}-text`}
                      value={text}
                      onChange={(event) => {
                        setText(event.target.value);
                        if (preview || error) inputsChanged();
                      }}
                      rows={12}
                      spellCheck={false}
                      placeholder={"---\nname: my-skill\ndescription: What it does and when to use it.\n---\n\n# My skill\n"}
                      className="min-h-48 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-[13px] shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/50"
                    />
                    <p className="text-xs text-muted-foreground">Frontmatter with name and description, then the instructions. A skill with more files needs an archive or a folder.</p>
                  </TabsContent>
                </Tabs>
              ) : null}

              <div className="grid gap-1.5 sm:max-w-xs">
                <Label htmlFor={`${ids}-destination`}>Destination</Label>
                <select
                  id={`${ids}-destination`}
                  value={destination}
                  disabled={sending}
                  onChange={(event) => {
                    setDestination(event.target.value);
                    setShowErrors(false);
                    setError(null);
                  }}
                  className="h-9 rounded-md border border-input bg-background px-2.5 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/50"
                >
                  {destinations.map((d) => (
                    <option key={d.key} value={d.key}>
                      {d.label}
                    </option>
                  ))}
                </select>
              </div>

              {sending ? (
                <div className="grid gap-1.5" aria-live="polite">
                  <div className="flex justify-between text-sm">
                    <span>
                      {phase.progress.sent
                        ? phase.what === "preview"
                          ? "Checking the upload on the server…"
                          : "Importing…"
                        : `Uploading ${phase.progress.total ? `${formatBytes(phase.progress.loaded)} of ${formatBytes(phase.progress.total)}` : "…"}`}
                    </span>
                    <span className="tabular-nums text-muted-foreground">{percent}%</span>
                  </div>
                  <div
                    role="progressbar"
                    aria-label={phase.what === "preview" ? "Upload progress" : "Import progress"}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent}
                    className="h-2 overflow-hidden rounded-full bg-muted"
                  >
                    <div className={cn("h-full rounded-full bg-primary transition-[width]", phase.progress.sent && "animate-pulse")} style={{ width: `${percent}%` }} />
                  </div>
                </div>
              ) : null}

              {error ? <ErrorReport error={error} /> : null}

              {preview && phase.name !== "pick" ? (
                <section aria-labelledby={`${ids}-preview`} className="grid gap-4">
                  <h3 id={`${ids}-preview`} ref={stepHeading} tabIndex={-1} className="text-base font-semibold outline-none">
                    {preview.skills.length
                      ? `Found ${preview.skills.length} ${preview.skills.length === 1 ? "skill" : "skills"}${preview.importable < preview.skills.length ? `, ${preview.importable} importable` : ""}`
                      : "No skill found"}
                  </h3>
                  <div className="grid gap-2">
                    <h4 className="text-sm font-medium text-muted-foreground">Uploaded</h4>
                    <ul className="grid gap-2">
                      {preview.sources.map((source) => (
                        <SourceReport key={source.index} source={source} />
                      ))}
                    </ul>
                  </div>
                  {preview.skills.length ? (
                    <div className="grid gap-2">
                      <h4 className="text-sm font-medium text-muted-foreground">Skills{preview.skills.length > 1 ? ": choose which to import" : ""}</h4>
                      <ul className="grid gap-2">
                        {preview.skills.map((skill) => (
                          <SkillChoice
                            key={skill.key}
                            skill={skill}
                            sourceRefused={refusedSources.has(skill.source)}
                            selected={!!selected[skill.key]}
                            onSelectedChange={(value) => {
                              if (value) leftOut.current.delete(skill.key);
                              else leftOut.current.add(skill.key);
                              setSelected((current) => ({ ...current, [skill.key]: value }));
                            }}
                            destinationLabel={destinationLabel}
                            existing={skill.existing[destination]}
                            decision={decisions[skill.key]}
                            onDecisionChange={(decision) => setDecisions((current) => ({ ...current, [skill.key]: decision }))}
                            errors={showErrors ? fieldErrors(skill.key) : {}}
                          />
                        ))}
                      </ul>
                    </div>
                  ) : null}
                  <ScanOverride
                    blocked={blocked}
                    canOverride={preview.canOverrideScan}
                    override={override}
                    onOverrideChange={(next) => {
                      setOverride(next);
                      if (error?.code === "blocked") setError(null);
                    }}
                    showErrors={showErrors}
                    idPrefix={`${ids}-scan`}
                  />
                </section>
              ) : null}
            </>
          )}
        </div>

        <div className="flex flex-col-reverse gap-2 border-t px-6 py-4 sm:flex-row sm:items-center sm:justify-end">
          {phase.name === "done" ? (
            <>
              <Button type="button" variant="outline" onClick={reset}>
                Upload more
              </Button>
              <Button type="button" onClick={() => onOpenChange(false)}>
                Done
              </Button>
            </>
          ) : preview && phase.name !== "pick" ? (
            <>
              <p className="mr-auto text-sm text-muted-foreground">
                {chosen.length} of {preview.skills.length} chosen → {destinationLabel}
              </p>
              <Button
                type="button"
                variant="outline"
                disabled={sending}
                onClick={() => {
                  setPreview(null);
                  setError(null);
                  setPhase({ name: "pick" });
                }}
              >
                Change upload
              </Button>
              {blockedReason && !preview.canOverrideScan ? (
                <p className="text-sm text-destructive sm:max-w-64" id={`${ids}-import-blocked`}>
                  Import blocked: {blocked.map((s) => s.name).join(", ")} {blocked.length === 1 ? "has" : "have"} a critical finding.
                </p>
              ) : null}
              <Button
                type="button"
                onClick={commit}
                disabled={sending || !preview.importable || (!!blockedReason && !preview.canOverrideScan)}
                aria-describedby={blockedReason && !preview.canOverrideScan ? `${ids}-import-blocked` : undefined}
              >
                {sending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
                {chosen.length > 1 ? `Import ${chosen.length} skills` : "Import skill"}
              </Button>
            </>
          ) : (
            <>
              {hasInput ? <p className="mr-auto text-sm text-muted-foreground">{mode === "files" ? formatBytes(inputBytes) : `${text.length} characters`}</p> : null}
              <Button type="button" onClick={requestPreview} disabled={sending || !hasInput}>
                {sending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
                Preview
              </Button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function PickedRow({ label, detail, onRemove, disabled }: { label: string; detail: string; onRemove: () => void; disabled: boolean }) {
  return (
    <li className="flex items-center gap-2 rounded-md border px-3 py-1.5">
      <span className="min-w-0 flex-1 truncate font-mono text-[13px]">{label}</span>
      <span className="text-xs text-muted-foreground">{detail}</span>
      <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={`Remove ${label}`} onClick={onRemove} disabled={disabled}>
        <XIcon aria-hidden />
      </Button>
    </li>
  );
}

function ErrorReport({ error }: { error: UploadError }) {
  // a finding the message already states is not listed again under it
  const findings = error.findings?.filter((f) => f.severity === "error" && !error.message.includes(f.message)) ?? [];
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm">
      <p className="flex items-start gap-2 font-medium text-destructive">
        <CircleXIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
        {error.message}
      </p>
      {error.problems && error.problems.length > 1 ? (
        <ul className="grid list-disc gap-1 pl-9">
          {error.problems.map((problem, index) => (
            <li key={index}>{problem.message}</li>
          ))}
        </ul>
      ) : null}
      {findings.length && !error.problems?.length ? <FindingList findings={findings} className="pl-6" /> : null}
      <p className="pl-6 text-xs text-muted-foreground">Your files, text and choices are kept: fix what is named above and try again.</p>
    </div>
  );
}

function DoneStep({ result, headingRef }: { result: UploadCommitResult; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const label = { created: "created", version: "new version", unchanged: "unchanged" } as const;
  return (
    <section className="grid gap-3" aria-labelledby="upload-done-title">
      <h3 id="upload-done-title" ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-base font-semibold outline-none">
        <CheckCircle2Icon aria-hidden className="size-5 text-emerald-600 dark:text-emerald-400" />
        Imported into {result.destination.label}
      </h3>
      <ul className="grid gap-2">
        {result.skills.map((skill) => (
          <li key={skill.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-sm">
            <Link href={`/skills/${encodeURIComponent(skill.skillId)}`} className="font-mono font-semibold text-primary underline-offset-4 hover:underline">
              {skill.name}
            </Link>
            <span className="text-muted-foreground">
              v{skill.version} · {label[skill.action]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
