import { useCallback, useMemo, useRef } from "react";
import { entryText, findEntry, SKILL_MD } from "@/lib/skills/draft/draft";
import type { Finding } from "@/lib/skills/format/findings";
import { TRIGGER_TESTS_PATH, type TriggerTest } from "@/lib/skills/format/trigger-tests";
import type { EditorSkill } from "@/lib/types/editor";
import type { CodeEditorHandle } from "./code-editor";
import { withTriggerTests } from "./trigger-draft";
import { useDraftAnalysis } from "./use-draft-analysis";
import { useDraftPreview, type RenderPreview } from "./use-draft-preview";
import { useDraftTriggers } from "./use-draft-triggers";
import { useEditorDraft } from "./use-editor-draft";
import { useFileCommands } from "./use-file-commands";
import { useLeaveGuard } from "./use-leave-guard";
import { useSaveDraft } from "./use-save-draft";

/**
 * The skill editor's state, from the use-* hooks it is made of: the draft and its open file, the
 * checks and the preview, the trigger tests, saving, the file commands and the leave guard, and
 * the moves between them (jump to a finding, open the trigger tests' file). SkillEditor renders it.
 */
export function useSkillEditor({
  skill,
  initialFile,
  renderPreview,
  initialPanel,
}: {
  skill: EditorSkill;
  initialFile: string | null;
  renderPreview: RenderPreview;
  initialPanel: "triggers" | null;
}) {
  const drafted = useEditorDraft(skill, initialFile);
  const { state, dispatch, key, baseFiles, dirty } = drafted;
  const { base, draft, selected, conflict } = state;
  const codeEditor = useRef<CodeEditorHandle>(null);

  const selectedEntry = findEntry(draft, selected) ?? findEntry(draft, SKILL_MD)!;
  const selectedText = entryText(draft, selectedEntry, baseFiles);
  const skillMdText = entryText(draft, findEntry(draft, SKILL_MD)!, baseFiles) ?? "";

  const { analysis, resourceTokens } = useDraftAnalysis(draft, baseFiles, skillMdText);
  const findings = useMemo(() => analysis?.findings ?? [], [analysis]);
  const errorCount = findings.filter((f) => f.severity === "error").length;
  const preview = useDraftPreview({ skillId: skill.id, draft, baseFiles, path: selectedEntry.path, text: selectedText, renderPreview });
  const triggers = useDraftTriggers({ skillId: skill.id, draft, baseFiles, skillMdText, initialOpen: initialPanel === "triggers" });
  const saveButton = useRef<HTMLButtonElement>(null);

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
    onSaved: triggers.fileAbRun,
  });
  const files = useFileCommands({ draft, base, selected, dispatch });
  const guard = useLeaveGuard(dirty && !state.saved);

  const onText = useCallback((path: string, text: string) => dispatch({ type: "edit", path, text }), [dispatch]);
  const select = (path: string) => dispatch({ type: "select", path });

  const jump = (finding: Finding) => {
    if (finding.line === undefined) return;
    const target = finding.path && findEntry(draft, finding.path) ? finding.path : SKILL_MD;
    if (selected !== target) select(target);
    // From another file, the editor shows the target only after the next render: go to the line then.
    window.setTimeout(() => codeEditor.current?.goToLine(finding.line!), selected !== target ? 50 : 0);
  };

  const setTriggerTests = (rows: TriggerTest[]) => dispatch({ type: "setDraft", draft: withTriggerTests(draft, base.files, rows) });
  const openTriggerTestsFile = () => {
    triggers.setOpen(false);
    if (!triggers.tests.exists) dispatch({ type: "setDraft", draft: withTriggerTests(draft, base.files, []) });
    select(TRIGGER_TESTS_PATH);
    // After the panel handed focus back to its button: the JSON is where the user goes next.
    window.setTimeout(() => codeEditor.current?.focus(), 50);
  };

  return {
    ...drafted,
    codeEditor,
    saveButton,
    selectedEntry,
    selectedText,
    analysis,
    resourceTokens,
    findings,
    preview,
    triggers,
    saveDraft,
    files,
    guard,
    onText,
    select,
    jump,
    setTriggerTests,
    openTriggerTestsFile,
  };
}

export type SkillEditorView = ReturnType<typeof useSkillEditor>;
