"use client";
import Link from "next/link";
import { FolderIcon } from "lucide-react";
import { skillRoutes, type SkillPageAt } from "@/components/skills/skill-routes";
import { formatBytes, formatNumber } from "@/lib/display";
import type { TreeFile } from "./file-tree-view";

// One order on the server and in every browser (a default-locale compare would sort "ä" apart in a
// Swedish browser, and hydration would not match the HTML).
const byName = new Intl.Collator("en-US").compare;

interface Folder {
  name: string;
  path: string;
  folders: Map<string, Folder>;
  files: TreeFile[];
}

function buildTree(files: readonly TreeFile[]): Folder {
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

/**
 * The files of a version as a tree; each file opens in the viewer, with its size and tokens. A client
 * component given only what the rows show (file-tree-view.ts): rendered once, for the HTML, instead
 * of encoded into the page's payload and decoded again.
 */
export function FileTree({
  files,
  selected,
  unreferenced,
  at,
}: {
  files: readonly TreeFile[];
  selected: string;
  unreferenced: readonly string[];
  at: SkillPageAt;
}) {
  const routes = skillRoutes(at.skillId, at.version, at.pinned);
  const unreferencedSet = new Set(unreferenced);
  const root = buildTree(files);
  // SKILL.md is the entry point: it leads, before folders and the other files at the root.
  const entry = root.files.filter((f) => f.path === "SKILL.md");
  const others = root.files.filter((f) => f.path !== "SKILL.md").sort((a, b) => byName(a.path, b.path));

  // Lean markup on purpose: a skill can hold hundreds of files. Icons and states come from
  // .tree-file in skill-content.css.
  const renderFile = (file: TreeFile) => {
    const name = file.path.slice(file.path.lastIndexOf("/") + 1);
    return (
      <li key={file.path}>
        <Link
          href={routes.file(file.path)}
          prefetch={false}
          aria-current={file.path === selected ? "page" : undefined}
          title={file.path}
          className="tree-file"
          data-kind={file.kind}
        >
          <span className="tree-name">
            {name === file.path ? null : <span className="sr-only">{file.path.slice(0, -name.length)}</span>}
            {name}
          </span>
          <span className="tree-meta">
            {formatBytes(file.size)}
            {file.tokens !== null ? ` · ${formatNumber(file.tokens)} tok` : ""}
            {unreferencedSet.has(file.path) ? <span className="tree-tag">unreferenced</span> : null}
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

  const fileList = (files: TreeFile[]) => (files.length ? <ul className="grid gap-px">{files.map(renderFile)}</ul> : null);

  // Folders are <details> outside the lists, so every list item is exactly one file.
  const renderFolders = (folder: Folder): React.ReactNode =>
    [...folder.folders.values()]
      .sort((a, b) => byName(a.name, b.name))
      .map((child) => (
        <details key={child.path} open>
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 text-sm font-medium outline-none select-none hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
            <FolderIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <span className="truncate">{child.name}</span>
            <span className="ml-auto text-xs font-normal text-muted-foreground tabular-nums">{countFiles(child)}</span>
          </summary>
          <div className="ml-3.5 grid gap-px border-l pl-1.5">
            {renderFolders(child)}
            {fileList([...child.files].sort((a, b) => byName(a.path, b.path)))}
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
