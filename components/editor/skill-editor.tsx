"use client";
import type { EvalOptions } from "@/components/skills/triggers/run-setup";
import type { EditorSkill } from "@/lib/types/editor";
import { DescriptionAbSection } from "./description-ab";
import { EditorChecks } from "./editor-checks";
import { DeleteFileDialog, LeaveDialog } from "./editor-dialogs";
import { extraProblems } from "./editor-files";
import { EditorHeader } from "./editor-header";
import { EditorNotices } from "./editor-notices";
import { EditorPanes } from "./editor-panes";
import { PathDialog } from "./path-dialog";
import { SaveDialog } from "./save-dialog";
import { TriggerTestsButton } from "./trigger-tests-button";
import { TriggerTestsDialog } from "./trigger-tests-dialog";
import type { RenderPreview } from "./use-draft-preview";
import { useSkillEditor } from "./use-skill-editor";

export type { RenderPreview };

/**
 * The skill editor: the draft's files, the open file's source and its preview, SKILL.md's checks
 * and token costs, and saving the draft as a new version. The state lives in useSkillEditor.
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
  const view = useSkillEditor({ skill, initialFile, renderPreview, initialPanel });
  const { state, changes, dirty, saveButton, triggers, saveDraft, files, guard } = view;
  const { draft } = state;

  const abSection = (idPrefix: string) =>
    triggers.abDescription ? (
      <DescriptionAbSection
        idPrefix={idPrefix}
        ab={triggers.ab}
        options={evalOptions}
        baseVersion={draft.baseVersion}
        draftDescription={triggers.abDescription}
        tests={triggers.tests.runnable}
      />
    ) : null;

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
        tools={<TriggerTestsButton tests={triggers.tests} onOpen={() => triggers.setOpen(true)} buttonRef={triggers.button} />}
      />

      <EditorNotices skill={skill} view={view} />

      <EditorChecks
        analysis={view.analysis}
        resourceTokens={view.resourceTokens}
        findings={[...view.findings, ...triggers.tests.parse.findings]}
        extra={extraProblems(saveDraft.activeNameProblem, view.preview.preview?.brokenLinks ?? [])}
        onJump={view.jump}
      />

      <EditorPanes skillId={skill.id} view={view} />

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
        open={triggers.open}
        onOpenChange={triggers.setOpen}
        tests={triggers.tests}
        onRows={view.setTriggerTests}
        onOpenFile={view.openTriggerTestsFile}
        ab={abSection("panel-ab")}
        returnFocus={triggers.button}
      />
      <PathDialog request={files.pathRequest} onClose={files.closePathRequest} />
      <DeleteFileDialog path={files.confirmDelete} onDelete={files.remove} onClose={() => files.askDelete(null)} />
      <LeaveDialog open={guard.pending !== null} changeCount={changes.length} onStay={guard.stay} onLeave={guard.leave} />
    </div>
  );
}
