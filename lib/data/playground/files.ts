import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { db } from "@/lib/db/server";
import type { PlaygroundDataParts, StoredPlaygroundFile } from "@/lib/types/playground";
import { loadActor, type ViewerRef } from "../core/actor";
import { blobSelect, putBlobs, storedBytes, writeBlobRows, type PutBlobs, type StoredBytes } from "../platform/blobs";
import type { NewAttachment, RunOutputs } from "./skill-runs";

// A conversation's files: what the user attached and what skill_run produced. Bytes go to the blob
// store first (content-addressed, so an abandoned put is harmless); rows are written in the same
// transaction as the turn's messages, so a turn stored has its files and a failed turn has none.

export interface TurnFiles {
  attachments: readonly NewAttachment[];
  outputs: readonly RunOutputs[];
}

export const playgroundFileUrl = (id: string) => `/api/playground/files/${id}`;

export interface PreparedTurnFiles {
  blobs: PutBlobs;
  rows: {
    id: string;
    kind: "attachment" | "output";
    messageId: string;
    toolCallId: string | null;
    path: string;
    size: number;
    mediaType: string;
    sha256: string;
  }[];
  /** One part per attachment, stored on the user message. */
  attachmentParts: { type: "data-attachment"; data: PlaygroundDataParts["attachment"] }[];
  /** One part per run, stored on the assistant message and streamed once the turn is saved. */
  runFileParts: { type: "data-run-files"; id: string; data: PlaygroundDataParts["run-files"] }[];
}

export async function prepareTurnFiles(files: TurnFiles, ids: { userMessageId: string; assistantMessageId: string }): Promise<PreparedTurnFiles> {
  const prepared: PreparedTurnFiles = { blobs: new Map(), rows: [], attachmentParts: [], runFileParts: [] };
  const contents: { sha256: string; bytes: Uint8Array }[] = [];
  const add = (kind: "attachment" | "output", messageId: string, toolCallId: string | null, path: string, mediaType: string, bytes: Uint8Array) => {
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    contents.push({ sha256, bytes });
    const row = { id: randomUUID(), kind, messageId, toolCallId, path, size: bytes.length, mediaType, sha256 };
    prepared.rows.push(row);
    return { id: row.id, path, size: row.size, mediaType, url: playgroundFileUrl(row.id) } satisfies StoredPlaygroundFile;
  };
  for (const file of files.attachments) {
    const stored = add("attachment", ids.userMessageId, null, file.name, file.mediaType, file.bytes);
    prepared.attachmentParts.push({ type: "data-attachment", data: stored });
  }
  for (const run of files.outputs) {
    const stored = run.files.map((file) => add("output", ids.assistantMessageId, run.toolCallId, file.path, file.mediaType, file.bytes));
    prepared.runFileParts.push({
      type: "data-run-files",
      id: `run-files-${run.toolCallId}`,
      data: { toolCallId: run.toolCallId, files: stored, skipped: run.skipped },
    });
  }
  prepared.blobs = await putBlobs(contents);
  return prepared;
}

/** Blob rows first: the files' rows reference them. */
export async function writeTurnBlobs(tx: Tx, prepared: PreparedTurnFiles): Promise<void> {
  await writeBlobRows(tx, prepared.blobs);
}

/** One file of one of the viewer's conversations with its bytes, or null (someone else's, or gone). */
export async function readPlaygroundFile(
  viewer: ViewerRef,
  fileId: string,
): Promise<{ path: string; size: number; mediaType: string; bytes: Uint8Array } | null> {
  const file = await openPlaygroundFile(viewer, fileId);
  if (!file) return null;
  const { content, ...rest } = file;
  return { ...rest, bytes: await content.read() };
}

/** One file of one of the viewer's conversations with its bytes still in the store (a download), or null. */
export async function openPlaygroundFile(
  viewer: ViewerRef,
  fileId: string,
): Promise<{ path: string; size: number; mediaType: string; content: StoredBytes } | null> {
  const actor = await loadActor(db, viewer);
  const file = await db.playgroundFile.findFirst({
    where: { id: fileId, conversation: { ownerId: actor.id } },
    select: { path: true, size: true, mediaType: true, ...blobSelect },
  });
  if (!file) return null;
  const { blob, ...rest } = file;
  return { ...rest, content: storedBytes(blob) };
}
