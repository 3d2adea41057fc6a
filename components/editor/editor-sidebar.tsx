import { EditorFileTree, type TreeFile } from "./editor-file-tree";
import type { FileCommands } from "./use-file-commands";

/** The draft's files beside the editor, with the hidden file input its Upload and Replace open. */
export function EditorSidebar({
  files,
  deleted,
  selected,
  onSelect,
  commands,
}: {
  files: TreeFile[];
  deleted: string[];
  selected: string;
  onSelect: (path: string) => void;
  commands: FileCommands;
}) {
  const { newFile, startUpload, rename, askDelete, restore, uploadInput, onUploadChosen } = commands;
  return (
    <aside className="rounded-xl border bg-card p-2 shadow-xs lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto">
      <EditorFileTree
        files={files}
        deleted={deleted}
        selected={selected}
        onSelect={onSelect}
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
  );
}
