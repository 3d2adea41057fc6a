// Dropped folders arrive as FileSystemEntry trees (drag and drop has no webkitRelativePath);
// walking them gives the same "folder/path" list as the directory picker.

export interface PickedFolderFile {
  file: File;
  /** Relative to the folder's parent: "my-skill/SKILL.md". */
  path: string;
}

export interface DroppedItems {
  files: File[];
  folder: PickedFolderFile[];
}

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  // readEntries answers in batches (100 in Chrome) until it answers an empty one.
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (!batch.length) resolve(all);
        else {
          all.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

async function walk(entry: FileSystemEntry, prefix: string, out: PickedFolderFile[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    out.push({ file, path });
  } else if (entry.isDirectory) {
    for (const child of await readAll((entry as FileSystemDirectoryEntry).createReader())) await walk(child, path, out);
  }
}

export async function collectDrop(transfer: DataTransfer): Promise<DroppedItems> {
  const entries = [...transfer.items]
    .filter((item) => item.kind === "file")
    .map((item) => ({ entry: item.webkitGetAsEntry?.() ?? null, file: item.getAsFile() }));
  const files: File[] = [];
  const folder: PickedFolderFile[] = [];
  for (const { entry, file } of entries) {
    if (entry?.isDirectory) await walk(entry, "", folder);
    else if (file) files.push(file);
  }
  return { files, folder };
}
