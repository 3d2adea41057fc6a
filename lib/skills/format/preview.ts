import { isTextMediaType } from "./media-type";

// How the skill page shows each file of a version. The media type comes from the bytes (see
// media-type.ts), so a "logo.png" holding HTML is previewed as text, never as an image.

export type PreviewKind = "markdown" | "json" | "jsonl" | "yaml" | "csv" | "image" | "code" | "binary";

/** Raster and vector images the browser may show inside <img>; SVG is never inlined. */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/x-icon", "image/svg+xml"]);

export function previewKind(mediaType: string): PreviewKind {
  if (IMAGE_TYPES.has(mediaType)) return "image";
  switch (mediaType) {
    case "text/markdown":
      return "markdown";
    case "application/json":
      return "json";
    case "application/jsonl":
      return "jsonl";
    case "application/yaml":
      return "yaml";
    case "text/csv":
    case "text/tab-separated-values":
      return "csv";
  }
  return isTextMediaType(mediaType) ? "code" : "binary";
}

export function isImageMediaType(mediaType: string): boolean {
  return IMAGE_TYPES.has(mediaType);
}

export interface CsvTable {
  rows: string[][];
  /** Rows in the file, header included. */
  totalRows: number;
  truncated: boolean;
}

/** RFC 4180 CSV (quoted fields, "" escapes, CRLF or LF), or TSV with `delimiter` "\t". */
export function parseCsv(text: string, delimiter = ",", maxRows = 1000): CsvTable {
  const rows: string[][] = [];
  let totalRows = 0;
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    field = "";
    totalRows++;
    if (rows.length < maxRows) rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRow();
    } else field += c;
  }
  if (field !== "" || row.length) endRow();
  return { rows, totalRows, truncated: totalRows > rows.length };
}

/**
 * GitHub-style heading slugs: lower case, punctuation dropped, spaces to "-", repeats numbered
 * ("setup", "setup-1"), so links written for GitHub land on the same heading here.
 */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base =
      text
        .toLowerCase()
        .trim()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
        .replace(/ /g, "-") || "section";
    let slug = base;
    while (seen.has(slug)) {
      const n = seen.get(base)! + 1;
      seen.set(base, n);
      slug = `${base}-${n}`;
    }
    seen.set(slug, 0);
    return slug;
  };
}
