import { formatNumber } from "@/lib/display";
import { z } from "zod";

import { MAX_UPLOAD_BYTES, MAX_UPLOAD_SOURCES, type UploadSource } from "@/lib/skills/upload/upload";
import { uploadFieldsInput, type UploadFieldsInput } from "@/lib/skills/upload/inputs";
import { readBodyLimited } from "./body";
import { HttpError } from "./errors";

/**
 * One multipart upload request (modal or API):
 * - `file` (repeatable): a ZIP or .skill, a .tar.gz/.tgz/.tar, or a SKILL.md; each is read on its own.
 * - `files` (repeatable) with `paths` (repeatable, same order): a folder from a directory picker;
 *   `paths` are relative to the folder's parent ("my-skill/SKILL.md"); without them, each part's
 *   filename is its path.
 * - `text`: pasted SKILL.md (line breaks stored as LF).
 * - the fields of uploadFieldsInput: scope, team, message, dryRun, atomic, profile, choices, overrideReason.
 */
export interface UploadRequest {
  sources: UploadSource[];
  fields: UploadFieldsInput;
}

function badRequest(message: string, details: Record<string, unknown> = {}): HttpError {
  return new HttpError(400, "bad_request", message, details);
}

/**
 * Files of a folder one upload form may carry: a whole collection (the 206 skills of
 * ../shared/corpus-external are 1,218 files). Larger ones go as an archive.
 */
export const MAX_FORM_FILES = 3000;

/**
 * Parts one upload form may hold: two a file (`files` and `paths`), plus the fields. Parsing is
 * what costs: a 12 MB body of 150,000 tiny parts held the event loop for 7-10 s and 350 MB, so
 * parts are counted before it.
 */
export const MAX_FORM_PARTS = 2 * MAX_FORM_FILES + 32;

/**
 * Parts in a multipart body, counting delimiter lines and stopping once past `max` (so the cost
 * is one scan that ends early). A body that does not use its declared boundary counts 0 and is
 * left to the parser to refuse.
 */
export function countFormParts(body: Uint8Array, contentType: string, max: number): number {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return 0;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  // Every part opens with a delimiter line and the last one is followed by the closing delimiter.
  let delimiters = 0;
  for (let at = bytes.indexOf(delimiter); at >= 0 && delimiters <= max + 1; at = bytes.indexOf(delimiter, at + delimiter.length)) delimiters++;
  return Math.max(0, delimiters - 1);
}

export async function readUploadRequest(request: Request, limit = MAX_UPLOAD_BYTES): Promise<UploadRequest> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new HttpError(415, "unsupported_media_type", "Send the upload as multipart/form-data (curl -F file=@skill.zip).");
  }
  const body = await readBodyLimited(request, limit);
  if (countFormParts(body, contentType, MAX_FORM_PARTS) > MAX_FORM_PARTS) {
    throw new HttpError(
      413,
      "too_many_parts",
      `The form has more than ${formatNumber(MAX_FORM_PARTS)} parts; the limit is ${formatNumber(MAX_FORM_PARTS)}. Send a folder of at most ${formatNumber(MAX_FORM_FILES)} files, or one archive.`,
      { limit: MAX_FORM_PARTS },
    );
  }
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badRequest("The multipart body could not be read; it is damaged or incomplete.");
  }
  return parseUploadForm(form);
}

/** The sources and fields of an upload form (exported for the tests). */
export async function parseUploadForm(form: FormData): Promise<UploadRequest> {
  const sources: UploadSource[] = [];
  const files = form.getAll("file");
  if (files.length > MAX_UPLOAD_SOURCES) throw badRequest(`Upload at most ${MAX_UPLOAD_SOURCES} files at once, or put them in one archive.`);
  for (const entry of files) {
    if (typeof entry === "string") throw badRequest("`file` must be a file part (curl -F file=@path), not text.");
    sources.push({ type: "file", name: baseName(entry.name) || "upload", bytes: new Uint8Array(await entry.arrayBuffer()) });
  }

  const folder = form.getAll("files");
  if (folder.length) {
    const paths = form.getAll("paths");
    if (paths.length && paths.length !== folder.length)
      throw badRequest(`${folder.length} files but ${paths.length} paths were sent; send one path per file, in the same order.`);
    const items = [];
    for (const [i, entry] of folder.entries()) {
      if (typeof entry === "string") throw badRequest("`files` must be file parts.");
      const path = paths.length ? String(paths[i]) : entry.name;
      items.push({ path, bytes: new Uint8Array(await entry.arrayBuffer()) });
    }
    const tops = new Set(items.map((item) => item.path.split("/")[0]));
    sources.push({ type: "folder", name: tops.size === 1 && items[0].path.includes("/") ? [...tops][0] : "folder", files: items });
  }

  const text = form.get("text");
  if (text !== null) {
    if (typeof text !== "string") throw badRequest("`text` must be a text field holding SKILL.md.");
    // multipart/form-data encoding turns every line break of a text field into CRLF (HTML spec);
    // a textarea's value had LF, so that is what gets stored.
    sources.push({ type: "text", name: "pasted SKILL.md", text: text.replace(/\r\n/g, "\n") });
  }
  if (!sources.length) throw badRequest("Nothing to read: send a `file`, a folder as `files` (with `paths`), or SKILL.md as `text`.");

  const raw: Record<string, string> = {};
  for (const name of ["scope", "team", "message", "dryRun", "atomic", "profile", "choices", "overrideReason"]) {
    const value = form.get(name);
    if (typeof value === "string") raw[name] = value;
  }
  const fields = uploadFieldsInput.safeParse(raw);
  if (!fields.success) throw badRequest(z.prettifyError(fields.error), { fieldErrors: z.flattenError(fields.error).fieldErrors });
  return { sources, fields: fields.data };
}

/** Browsers send only a base name for a picked file; scripts may send a path. */
function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}
