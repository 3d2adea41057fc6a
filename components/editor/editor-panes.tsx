import { entrySize, findEntry, SKILL_MD } from "@/lib/skills/draft/draft";
import { treeFiles } from "./editor-files";
import { EditorSidebar } from "./editor-sidebar";
import { PreviewPane } from "./preview-pane";
import { SourcePane } from "./source-pane";
import type { SkillEditorView } from "./use-skill-editor";

/** The editor's three columns: the draft's files, the open file's source, and its preview. */
export function EditorPanes({ skillId, view }: { skillId: string; view: SkillEditorView }) {
  const { state, baseFiles, changes, selectedEntry, selectedText, findings, codeEditor, onText, select, files } = view;
  const { draft } = state;
  const { fileList, previewPath, preview, busy } = view.preview;
  return (
    <div className="grid gap-4 lg:grid-cols-[14rem_minmax(0,1fr)_minmax(0,1fr)]">
      <EditorSidebar
        files={treeFiles(draft, baseFiles, fileList, changes)}
        deleted={changes.filter((c) => c.kind === "deleted").map((c) => c.path)}
        selected={selectedEntry.path}
        onSelect={select}
        commands={files}
      />

      <SourcePane
        path={selectedEntry.path}
        size={entrySize(selectedEntry, baseFiles)}
        text={selectedText}
        mediaType={fileList.find((f) => f.path === selectedEntry.path)?.mediaType}
        editorKey={state.editorKey}
        handle={codeEditor}
        findings={selectedEntry.path === SKILL_MD ? findings : []}
        onChange={onText}
        onReplace={() => files.startUpload(selectedEntry.path)}
      />

      <PreviewPane
        skillId={skillId}
        previewPath={previewPath}
        preview={preview}
        busy={busy}
        onOpenFile={(path) => {
          if (findEntry(draft, path)) select(path);
        }}
      />
    </div>
  );
}
