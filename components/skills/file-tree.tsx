import Link from "next/link";
import { FolderIcon } from "lucide-react";
import type { SkillRoutes } from "@/components/skills/skill-routes";
import { formatBytes, formatNumber } from "@/lib/display";
import { previewKind } from "@/lib/skills/format/preview";
import type { SkillFileInfo } from "@/lib/types/skills";

interface Folder {
  name: string;
  path: string;
  folders: Map<string, Folder>;
  files: SkillFileInfo[];
}

function buildTree(files: readonly SkillFileInfo[]): Folder {
  const root: Folder = { name: "", path: "", folders: new Map(), files: [] };
  for (const file of files) {
    const segments = file.path.split("/");
    let folder = root;
    for (const segment of segments.slice(0, -1)) {
      const path = folder.path ? `${folder.path}/${segment}` : segment;
      let next = folder.folders.get(segment);
      if (!next) {
        next = { name: segment, path, folders: new Map(), files: [] };
        folder.folders.set(segment, next);
      }
      folder = next;
    }
    folder.files.push(file);
  }
  return root;
}

/** The files of a version as a tree; each file opens in the viewer, with its size and tokens. */
export function FileTree({
  files,
  selected,
  unreferenced,
  routes,
}: {
  files: readonly SkillFileInfo[];
  selected: string;
  unreferenced: ReadonlySet<string>;
  routes: SkillRoutes;
}) {
  const root = buildTree(files);
  // SKILL.md is the entry point: it leads, before folders and the other files at the root.
  const entry = root.files.filter((f) => f.path === "SKILL.md");
  const others = root.files.filter((f) => f.path !== "SKILL.md").sort((a, b) => a.path.localeCompare(b.path));

  // Lean markup on purpose: a skill can hold hundreds of files, and each row is sent twice (HTML
  // and the RSC payload). Icons and states come from .tree-file in skill-content.css.
  const renderFile = (file: SkillFileInfo) => {
    const name = file.path.slice(file.path.lastIndexOf("/") + 1);
    return (
      <li key={file.path}>
        <Link
          href={routes.file(file.path)}
          prefetch={false}
          aria-current={file.path === selected ? "page" : undefined}
          title={file.path}
          className="tree-file"
          data-kind={previewKind(file.mediaType)}
        >
          <span className="tree-name">
            {name === file.path ? null : <span className="sr-only">{file.path.slice(0, -name.length)}</span>}
            {name}
          </span>
          <span className="tree-meta">
            {formatBytes(file.size)}
            {file.tokens !== null ? ` · ${formatNumber(file.tokens)} tok` : ""}
            {unreferenced.has(file.path) ? <span className="tree-tag">unreferenced</span> : null}
            {file.executable ? (
              <span className="tree-tag" title="Executable: installed with mode 755">
                executable
              </span>
            ) : null}
          </span>
        </Link>
      </li>
    );
  };

  const fileList = (files: SkillFileInfo[]) => (files.length ? <ul className="grid gap-px">{files.map(renderFile)}</ul> : null);

  // Folders are <details> outside the lists, so every list item is exactly one file.
  const renderFolders = (folder: Folder): React.ReactNode =>
    [...folder.folders.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((child) => (
        <details key={child.path} open>
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 text-sm font-medium outline-none select-none hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
            <FolderIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <span className="truncate">{child.name}</span>
            <span className="ml-auto text-xs font-normal text-muted-foreground tabular-nums">{countFiles(child)}</span>
          </summary>
          <div className="ml-3.5 grid gap-px border-l pl-1.5">
            {renderFolders(child)}
            {fileList([...child.files].sort((a, b) => a.path.localeCompare(b.path)))}
          </div>
        </details>
      ));

  return (
    <nav aria-label="Files" className="grid gap-px">
      {fileList(entry)}
      {renderFolders(root)}
      {fileList(others)}
    </nav>
  );
}

function countFiles(folder: Folder): number {
  let n = folder.files.length;
  for (const child of folder.folders.values()) n += countFiles(child);
  return n;
}
