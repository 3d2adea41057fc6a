import type { FileUIPart } from "ai";
import { formatBytes } from "@/lib/display";
import { attachmentNameProblem, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "@/lib/playground/inputs";
import type { AttachmentUpload, PlaygroundMessage } from "@/lib/types/playground";

// Attachments on the client: which picked files the composer takes (the route checks again), and
// how they travel. A sent message carries them as AI SDK file parts (data URLs), so the message
// shows them while its turn streams and Retry (regenerate) sends them again; the request body
// carries them base64 as the route expects; a stored message has data-attachment parts instead.

/** An attachment as a chip shows it; url downloads it (stored ones) and is absent for local ones. */
export interface AttachmentChip {
  name: string;
  size: number;
  url?: string;
}

/** Split picked files into those the composer takes and one sentence per file it refuses. */
export function admitFiles<F extends { name: string; size: number }>(
  attached: readonly { name: string }[],
  picked: readonly F[],
): { accepted: F[]; problems: string[] } {
  const accepted: F[] = [];
  const problems: string[] = [];
  const names = new Set(attached.map((a) => a.name));
  const limit = formatBytes(MAX_ATTACHMENT_BYTES, "prose");
  for (const file of picked) {
    const nameProblem = attachmentNameProblem(file.name);
    if (nameProblem) problems.push(`"${file.name.slice(0, 60)}" ${nameProblem}.`);
    else if (file.size > MAX_ATTACHMENT_BYTES)
      problems.push(`"${file.name}" is too large (${formatBytes(file.size, "prose")}); each file may be at most ${limit}.`);
    else if (names.has(file.name)) problems.push(`"${file.name}" is already attached (scripts see one inputs/${file.name}).`);
    else if (names.size >= MAX_ATTACHMENTS) problems.push(`"${file.name}" was left out: attach at most ${MAX_ATTACHMENTS} files to one message.`);
    else {
      names.add(file.name);
      accepted.push(file);
    }
  }
  return { accepted, problems };
}

/** The bytes a base64 data URL holds. */
export function dataUrlBytes(url: string): number {
  const data = url.slice(url.indexOf(",") + 1);
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** The request's attachments: the file parts of the message being sent (or sent again). */
export function uploadsOf(message: PlaygroundMessage | undefined): AttachmentUpload[] {
  return (message?.parts ?? []).flatMap((part) => {
    if (part.type !== "file" || !part.url.startsWith("data:")) return [];
    const comma = part.url.indexOf(",");
    return [{ name: part.filename ?? "file", mediaType: part.mediaType || "application/octet-stream", data: part.url.slice(comma + 1) }];
  });
}

/** A user message's attachments: stored (data-attachment) or, while it is only local, its file parts. */
export function attachmentsOf(message: PlaygroundMessage): AttachmentChip[] {
  return message.parts.flatMap((part): AttachmentChip[] => {
    if (part.type === "data-attachment") return [{ name: part.data.path, size: part.data.size, url: part.data.url }];
    if (part.type === "file") return [{ name: part.filename ?? "file", size: dataUrlBytes(part.url) }];
    return [];
  });
}

/** A file as a data URL, base64 (what the file part and the request carry). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read "${file.name}".`));
    reader.readAsDataURL(file);
  });
}

export function filePart(name: string, mediaType: string, dataUrl: string): FileUIPart {
  // An empty file reads as "data:" with no base64 marker; give it one so the request can split it.
  const url = dataUrl.includes(",") ? dataUrl : `data:${mediaType};base64,`;
  return { type: "file", filename: name, mediaType: mediaType || "application/octet-stream", url };
}
