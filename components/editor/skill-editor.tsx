"use client";
import { useCallback, useMemo, useRef, useState } from "react";
import { CrosshairIcon } from "lucide-react";
import type { EvalOptions } from "@/components/skills/triggers/run-setup";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { fileProposedRunAction } from "@/lib/actions/evals";
import { entrySize, entryText, findEntry, SKILL_MD } from "@/lib/skills/draft/draft";
import type { Finding } from "@/lib/skills/format/findings";
import { TRIGGER_TESTS_PATH } from "@/lib/skills/format/trigger-tests";
import type { EditorSkill } from "@/lib/types/editor";
import type { CodeEditorHandle } from "./code-editor";
import { ConflictPanel } from "./conflict-panel";
import { DraftNotices } from "./draft-notices";
import { DescriptionAbSection } from "./description-ab";
import { DeleteFileDialog, LeaveDialog } from "./editor-dialogs";
import { extraProblems, treeFiles } from "./editor-files";
import { EditorFileTree } from "./editor-file-tree";
import { EditorHeader } from "./editor-header";
import { PathDialog } from "./path-dialog";
import { PreviewPane } from "./preview-pane";
import { ProblemsPanel } from "./problems-panel";
import { RequestNotice } from "./request-notice";
import { SaveDialog } from "./save-dialog";
import { SourcePane } from "./source-pane";
import { TokenMeter } from "./token-meter";
import { abMatchesSave, baseDescription, descriptionChanged, descriptionOf, draftTriggerTests, withTriggerTests } from "./trigger-draft";
import { TriggerTestsDialog } from "./trigger-tests-dialog";
import { useDescriptionAb } from "./use-description-ab";
import { useDraftAnalysis } from "./use-draft-analysis";
import { useDraftPreview, type RenderPreview } from "./use-draft-preview";
import { useEditorDraft } from "./use-editor-draft";
import { useFileCommands } from "./use-file-commands";
import { useLeaveGuard } from "./use-leave-guard";
import { useSaveDraft } from "./use-save-draft";

export type { RenderPreview };

/**
 * The skill editor: the draft's files, the open file's source and its preview, SKILL.md's checks
 * and token costs, and saving the draft as a new version. The state lives in the use-* hooks.
 */
export function SkillEditor({
  skill,
  initialFile,
  renderPreview,
  evalOptions,
  initialPanel = null,
}: {
  skill: EditorSkill;
  initialFile: string | null;
  renderPreview: RenderPreview;
  /** What a description A/B may run with (catalogs and models). */
  evalOptions: EvalOptions;
  /** "triggers" (?panel=triggers): open with the Trigger tests panel. */
  initialPanel?: "triggers" | null;
}) {
  const { state, dispatch, key, baseFiles, changes, dirty, storageProblem, restoreOffer, discardOffer, discardDraft } = useEditorDraft(skill, initialFile);
  const { base, draft, selected, conflict } = state;
  const editor = useRef<CodeEditorHandle>(null);

  const selectedEntry = findEntry(draft, selected) ?? findEntry(draft, SKILL_MD)!;
  const selectedText = entryText(draft, selectedEntry, baseFiles);
  const skillMdText = entryText(draft, findEntry(draft, SKILL_MD)!, baseFiles) ?? "";

  const { analysis, resourceTokens } = useDraftAnalysis(draft, baseFiles, skillMdText);
  const findings = useMemo(() => analysis?.findings ?? [], [analysis]);
  const errorCount = findings.filter((f) => f.severity === "error").length;
  const {
    fileList,
    previewPath,
    preview,
    busy: previewBusy,
  } = useDraftPreview({ skillId: skill.id, draft, baseFiles, path: selectedEntry.path, text: selectedText, renderPreview });
  const [triggersOpen, setTriggersOpen] = useState(initialPanel === "triggers");
  const triggersButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const triggerTests = useMemo(() => draftTriggerTests(draft, baseFiles), [draft, baseFiles]);
  const draftDescription = useMemo(() => descriptionOf(skillMdText), [skillMdText]);
  const descriptionAb = useDescriptionAb(skill.id);
  const abSection = (idPrefix: string) =>
    draftDescription && descriptionChanged(baseDescription(baseFiles), draftDescription) ? (
      <DescriptionAbSection
        idPrefix={idPrefix}
        ab={descriptionAb}
        options={evalOptions}
        baseVersion={draft.baseVersion}
        draftDescription={draftDescription}
        tests={triggerTests.runnable}
      />
    ) : null;
  // A save of exactly what the last A/B measured: its proposed run becomes the new version's run.
  const fileAbRun = async (saved: { skillId: string; version: number }) => {
    const measured = descriptionAb.measured;
    if (!measured || !abMatchesSave(measured, { description: draftDescription, tests: triggerTests.runnable })) return;
    try {
      const filed = await fileProposedRunAction({ skillId: saved.skillId, runId: measured.runId, version: saved.version });
      if (!filed.ok) toast.error(`The description comparison was not added to v${saved.version}'s trigger history: ${filed.message}`);
    } catch {
      toast.error(`The description comparison was not added to v${saved.version}'s trigger history; run the tests there again.`);
    }
  };

  const saveDraft = useSaveDraft({
    skillId: skill.id,
    draftKey: key,
    requestId: skill.request?.id ?? null,
    draft,
    conflict,
    dispatch,
    dirty,
    errorCount,
    analyzedName: analysis?.name,
    onSaved: fileAbRun,
  });
  const { pathRequest, closePathRequest, confirmDelete, askDelete, uploadInput, newFile, startUpload, onUploadChosen, rename, remove, restore } =
    useFileCommands({ draft, base, selected, dispatch });
  const guard = useLeaveGuard(dirty && !state.saved);

  const onText = useCallback((path: string, text: string) => dispatch({ type: "edit", path, text }), [dispatch]);
  const select = (path: string) => dispatch({ type: "select", path });

  const jump = (finding: Finding) => {
    if (finding.line === undefined) return;
    const target = finding.path && findEntry(draft, finding.path) ? finding.path : SKILL_MD;
    if (selected !== target) select(target);
    // From another file, the editor shows the target only after the next render: go to the line then.
    window.setTimeout(() => editor.current?.goToLine(finding.line!), selected !== target ? 50 : 0);
  };
  const triggerCount = triggerTests.parse.tests.length;

  const deleted = changes.filter((c) => c.kind === "deleted").map((c) => c.path);

  return (
    <div className="relative left-1/2 grid w-[calc(100vw-2rem)] max-w-[96rem] -translate-x-1/2 gap-4 sm:w-[calc(100vw-3rem)]">
      <EditorHeader
        skill={skill}
        baseVersion={draft.baseVersion}
        changeCount={changes.length}
        request={skill.request ? { id: skill.request.id, revision: skill.request.revision, edited: dirty } : null}
        blockingErrors={saveDraft.blockingErrors}
        canSave={saveDraft.canSave}
        onSave={saveDraft.openSave}
        saveButton={saveButton}
        tools={
          <Button ref={triggersButton} type="button" variant="outline" onClick={() => setTriggersOpen(true)}>
            <CrosshairIcon aria-hidden /> Trigger tests
            {triggerTests.exists ? (
              <span className="rounded bg-muted px-1.5 font-mono text-xs text-muted-foreground tabular-nums">
                {triggerCount}
                <span className="sr-only"> in the draft</span>
              </span>
            ) : null}
          </Button>
        }
      />

      <DraftNotices
        offer={state.offer}
        currentVersion={skill.current.number}
        restoredAt={dirty && !conflict ? state.restoredAt : null}
        storageProblem={storageProblem}
        onRestoreOffer={restoreOffer}
        onDiscardOffer={discardOffer}
        onDiscardDraft={discardDraft}
      />
      {skill.request ? <RequestNotice skillId={skill.id} request={skill.request} baseVersion={base.number} /> : null}
      {conflict ? (
        <ConflictPanel
          title={
            skill.request && conflict.currentVersion === skill.request.currentVersion && base.number === skill.current.number
              ? "Your proposal is out of date"
              : undefined
          }
          message={conflict.message}
          theirs={conflict.theirs}
          error={conflict.error}
          draft={draft}
          base={baseFiles}
          onRebase={saveDraft.rebase}
        />
      ) : null}

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <TokenMeter
          catalog={analysis ? analysis.catalogTokens : null}
          body={analysis ? analysis.bodyTokens : null}
          resources={resourceTokens}
          pending={!analysis}
        />
        <ProblemsPanel
          findings={[...findings, ...triggerTests.parse.findings]}
          extra={extraProblems(saveDraft.activeNameProblem, preview?.brokenLinks ?? [])}
          onJump={jump}
          checking={!analysis}
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-[14rem_minmax(0,1fr)_minmax(0,1fr)]">
        <aside className="rounded-xl border bg-card p-2 shadow-xs lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto">
          <EditorFileTree
            files={treeFiles(draft, baseFiles, fileList, changes)}
            deleted={deleted}
            selected={selectedEntry.path}
            onSelect={select}
            onNewFile={newFile}
            onUpload={() => startUpload(null)}
            onRename={rename}
            onReplace={(path) => startUpload(path)}
            onDelete={askDelete}
            onRestore={restore}
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

        <SourcePane
          path={selectedEntry.path}
          size={entrySize(selectedEntry, baseFiles)}
          text={selectedText}
          mediaType={fileList.find((f) => f.path === selectedEntry.path)?.mediaType}
          editorKey={state.editorKey}
          handle={editor}
          findings={selectedEntry.path === SKILL_MD ? findings : []}
          onChange={onText}
          onReplace={() => startUpload(selectedEntry.path)}
        />

        <PreviewPane
          skillId={skill.id}
          previewPath={previewPath}
          preview={preview}
          busy={previewBusy}
          onOpenFile={(path) => {
            if (findEntry(draft, path)) select(path);
          }}
        />
      </div>

      <SaveDialog
        key={saveDraft.open ? "open" : "closed"}
        open={saveDraft.open}
        onOpenChange={saveDraft.setOpen}
        changes={changes}
        nextVersion={Math.max(skill.nextVersion, draft.baseVersion + 1)}
        proposes={skill.proposes}
        request={skill.request ? { revision: skill.request.revision } : null}
        saving={saveDraft.saving}
        refusal={saveDraft.refusal}
        onSave={saveDraft.save}
        beforeSave={abSection("save-ab")}
        returnFocus={saveButton}
      />
      <TriggerTestsDialog
        open={triggersOpen}
        onOpenChange={setTriggersOpen}
        tests={triggerTests}
        onRows={(rows) => dispatch({ type: "setDraft", draft: withTriggerTests(draft, base.files, rows) })}
        onOpenFile={() => {
          setTriggersOpen(false);
          if (!triggerTests.exists) dispatch({ type: "setDraft", draft: withTriggerTests(draft, base.files, []) });
          select(TRIGGER_TESTS_PATH);
          // After the panel handed focus back to its button: the JSON is where the user goes next.
          window.setTimeout(() => editor.current?.focus(), 50);
        }}
        ab={abSection("panel-ab")}
        returnFocus={triggersButton}
      />
      <PathDialog request={pathRequest} onClose={closePathRequest} />
      <DeleteFileDialog path={confirmDelete} onDelete={remove} onClose={() => askDelete(null)} />
      <LeaveDialog open={guard.pending !== null} changeCount={changes.length} onStay={guard.stay} onLeave={guard.leave} />
    </div>
  );
}
