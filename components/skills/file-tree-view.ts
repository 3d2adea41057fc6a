import { previewKind, type PreviewKind } from "@/lib/skills/format/preview";
import type { SkillFileInfo } from "@/lib/types/skills";

/**
 * What a row of the skill page's file tree shows and nothing more. The tree is a client component,
 * so this is what the page's payload carries per file instead of the row's rendered tree, which was
 * encoded for the browser and decoded again for the HTML on every view.
 */
export interface TreeFile {
  path: string;
  size: number;
  tokens: number | null;
  kind: PreviewKind;
  executable: boolean;
}

export function treeFiles(files: readonly SkillFileInfo[]): TreeFile[] {
  return files.map((file) => ({ path: file.path, size: file.size, tokens: file.tokens, kind: previewKind(file.mediaType), executable: file.executable }));
}
