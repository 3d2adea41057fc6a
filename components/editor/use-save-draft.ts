import { useCallback, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toaster";
import { saveSkillDraftAction } from "@/lib/actions/editor";
import { draftManifest, type Draft } from "@/lib/skills/draft/draft";
import { ACTION_BODY_MAX_BYTES, actionBodyTooLargeMessage } from "@/lib/skills/format/limits";
import { base64ToBytes } from "./bytes";
import type { Conflict, EditorAction } from "./editor-state";
import type { SaveRefusal } from "./save-dialog";
import { forgetStoredDraft } from "./use-editor-draft";
import { fetchEditorVersion } from "./editor-version";
import { saveRefusalOf } from "./save-refusal";

function draftForm(skillId: string, draft: Draft, message: string, requestId: string | null): FormData {
  const { entries, uploads } = draftManifest(draft);
  const form = new FormData();
  form.set("skillId", skillId);
  if (requestId) form.set("requestId", requestId);
  form.set("baseVersion", String(draft.baseVersion));
  form.set("message", message);
  form.set("manifest", JSON.stringify(entries));
  uploads.forEach((upload, index) => form.set(`upload-${index}`, new Blob([base64ToBytes(upload.base64)]), upload.path.split("/").pop()));
  return form;
}

/**
 * Saving the draft as a version: the dialog, the request and what its refusals mean (a name
 * clash blocks saving while that name stays; a newer version opens the conflict), plus Ctrl+S.
 */
export function useSaveDraft({
  skillId,
  draftKey,
  requestId,
  draft,
  conflict,
  dispatch,
  dirty,
  errorCount,
  analyzedName,
  onSaved,
}: {
  skillId: string;
  /** Where this browser keeps the draft (use-editor-draft's editorDraftKey). */
  draftKey: string;
  /** Push as the next revision of this review request. */
  requestId: string | null;
  draft: Draft;
  conflict: Conflict | null;
  dispatch: React.Dispatch<EditorAction>;
  dirty: boolean;
  errorCount: number;
  /** The name SKILL.md has now, once analysed. */
  analyzedName: string | null | undefined;
  /** Runs after a successful save, before the editor leaves (files the description A/B's run under the new version). */
  onSaved?: (saved: { skillId: string; version: number }) => Promise<void>;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
  const [nameProblem, setNameProblem] = useState<{ name: string; message: string } | null>(null);

  // The name clash the server reported holds only while the name is the one it refused.
  const activeNameProblem = nameProblem && analyzedName === nameProblem.name ? nameProblem : null;
  const blockingErrors = errorCount + (activeNameProblem ? 1 : 0);
  const blocked = blockingErrors > 0;

  const loadTheirs = async (version: number, message: string) => {
    dispatch({ type: "conflict", message, currentVersion: version });
    const loaded = await fetchEditorVersion(skillId, version, "Their version could not be loaded; check your connection.");
    dispatch({ type: "theirsLoaded", currentVersion: version, theirs: loaded.ok ? loaded.version : null, error: loaded.ok ? null : loaded.message });
  };

  const save = async (message: string) => {
    setSaving(true);
    setRefusal(null);
    const form = draftForm(skillId, draft, message, requestId);
    // The server refuses a request over the limit before reading it, and the action call would
    // only fail with a network error: say what is wrong here instead.
    const bytes = [...form.values()].reduce((sum, value) => sum + (typeof value === "string" ? new Blob([value]).size : value.size), 0);
    if (bytes > ACTION_BODY_MAX_BYTES) {
      setRefusal({ message: actionBodyTooLargeMessage(bytes), findings: [] });
      setSaving(false);
      return;
    }
    try {
      const result = await saveSkillDraftAction(null, form);
      if (result.ok) {
        const saved = result.data;
        dispatch({ type: "saved" });
        await onSaved?.(saved);
        forgetStoredDraft(draftKey);
        setOpen(false);
        if (saved.proposal) {
          // Not the current version: agents keep the old one until it is approved, so the request is where to go.
          toast.success(`Proposed for review: ${saved.name} v${saved.version}${saved.proposal.revision > 1 ? ` (revision ${saved.proposal.revision})` : ""}.`);
          router.push(saved.proposal.url);
        } else {
          toast.success(`Saved ${saved.name} v${saved.version}.`);
          router.push(`/skills/${encodeURIComponent(saved.skillId)}`);
        }
        return;
      }
      const why = saveRefusalOf(result);
      if (why.conflictVersion !== null) {
        setOpen(false);
        void loadTheirs(why.conflictVersion, result.message);
      } else {
        if (why.field === "name") setNameProblem({ name: analyzedName ?? "", message: result.message });
        setRefusal({ message: result.message, findings: why.findings, field: why.field });
      }
    } catch {
      setRefusal({ message: "The save did not reach the server; check your connection and try again.", findings: [] });
    } finally {
      setSaving(false);
    }
  };

  const canSave = dirty && !blocked && !saving && !conflict;
  const openSave = useCallback(() => {
    if (!canSave) return;
    setRefusal(null);
    setOpen(true);
  }, [canSave]);

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

  const rebase = () => {
    if (!conflict?.theirs) return;
    dispatch({ type: "rebase" });
    setRefusal(null);
    toast.success(`Your draft now builds on v${conflict.theirs.number}; your edits are kept.`);
  };

  return { open, setOpen, saving, refusal, activeNameProblem, blockingErrors, blocked, canSave, save, openSave, rebase };
}
