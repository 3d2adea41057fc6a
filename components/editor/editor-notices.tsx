import type { EditorSkill } from "@/lib/types/editor";
import { ConflictPanel } from "./conflict-panel";
import { DraftNotices } from "./draft-notices";
import { RequestNotice } from "./request-notice";
import type { SkillEditorView } from "./use-skill-editor";

/** What the editor says above the draft: a stored draft to restore, the request it revises, a newer version. */
export function EditorNotices({ skill, view }: { skill: EditorSkill; view: SkillEditorView }) {
  const { state, baseFiles, dirty, storageProblem, restoreOffer, discardOffer, discardDraft, saveDraft } = view;
  const { base, draft, conflict } = state;
  return (
    <>
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
    </>
  );
}
