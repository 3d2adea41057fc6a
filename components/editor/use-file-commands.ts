import { useRef, useState } from "react";
import { toast } from "@/components/ui/toaster";
import { formatBytes } from "@/lib/display";
import {
  addTextFile,
  checkDraftPath,
  deleteFile,
  DraftError,
  editText,
  putBytes,
  renameFile,
  restoreFile,
  SKILL_MD,
  type Draft,
} from "@/lib/skills/draft/draft";
import { detectMediaType, isTextMediaType } from "@/lib/skills/format/media-type";
import { decodeUtf8 } from "@/lib/skills/format/text";
import type { EditorVersion } from "@/lib/types/editor";
import { bytesToBase64 } from "./bytes";
import { suggestedFolder } from "./editor-files";
import type { EditorAction } from "./editor-state";
import type { PathRequest } from "./path-dialog";

/** A refused path or name is the user's to fix: say why instead of failing. */
function run(action: () => void) {
  try {
    action();
  } catch (error) {
    if (error instanceof DraftError) toast.error(error.message);
    else throw error;
  }
}

/**
 * The file tree's commands on the draft: new file, upload, replace, rename, delete (after asking)
 * and restore, with the path dialog and hidden file input they need.
 */
export function useFileCommands({
  draft,
  base,
  selected,
  dispatch,
}: {
  draft: Draft;
  base: EditorVersion;
  selected: string;
  dispatch: React.Dispatch<EditorAction>;
}) {
  const [pathRequest, setPathRequest] = useState<PathRequest | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const uploadInput = useRef<HTMLInputElement>(null);
  const uploadTarget = useRef<string | null>(null);

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
          dispatch({ type: "setDraft", draft: next, select: next.entries.find((e) => e.origin === null && !draft.entries.includes(e))?.path ?? path });
        }),
    });

  /** Opens the file picker: to replace `target`, or (null) to add a file. */
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
      run(() =>
        dispatch({
          type: "setDraft",
          draft: asText ? editText(draft, base.files, target, text!) : putBytes(draft, target, bytesToBase64(bytes), bytes.length),
        }),
      );
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
          dispatch({ type: "setDraft", draft: next, select: next.entries.find((e) => !draft.entries.includes(e))?.path ?? path });
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
          dispatch({ type: "setDraft", draft: result.draft, select: selected === path ? result.path : undefined });
        }),
    });

  const remove = (path: string) => {
    run(() => dispatch({ type: "setDraft", draft: deleteFile(draft, path) }));
    if (selected === path) dispatch({ type: "select", path: SKILL_MD });
    setConfirmDelete(null);
  };

  const restore = (path: string) => run(() => dispatch({ type: "setDraft", draft: restoreFile(draft, base.files, path) }));

  return {
    pathRequest,
    closePathRequest: () => setPathRequest(null),
    confirmDelete,
    askDelete: setConfirmDelete,
    uploadInput,
    newFile,
    startUpload,
    onUploadChosen,
    rename,
    remove,
    restore,
  };
}

export type FileCommands = ReturnType<typeof useFileCommands>;
