// Media types come from the bytes: a file named logo.png that holds HTML is text/html here, so the
// app never serves or renders a file as something it is not. Isomorphic.

interface Magic {
  type: string;
  offset?: number;
  bytes: number[];
  /** A second signature that must also match, e.g. RIFF....WEBP. */
  also?: { offset: number; bytes: number[] };
}

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

const MAGICS: Magic[] = [
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/gif", bytes: ascii("GIF87a") },
  { type: "image/gif", bytes: ascii("GIF89a") },
  { type: "image/webp", bytes: ascii("RIFF"), also: { offset: 8, bytes: ascii("WEBP") } },
  { type: "audio/wav", bytes: ascii("RIFF"), also: { offset: 8, bytes: ascii("WAVE") } },
  { type: "image/x-icon", bytes: [0x00, 0x00, 0x01, 0x00] },
  { type: "image/avif", offset: 4, bytes: ascii("ftypavif") },
  { type: "video/mp4", offset: 4, bytes: ascii("ftyp") },
  { type: "application/pdf", bytes: ascii("%PDF-") },
  { type: "application/zip", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: "application/zip", bytes: [0x50, 0x4b, 0x05, 0x06] },
  { type: "application/gzip", bytes: [0x1f, 0x8b] },
  { type: "application/x-bzip2", bytes: ascii("BZh") },
  { type: "application/x-xz", bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { type: "application/zstd", bytes: [0x28, 0xb5, 0x2f, 0xfd] },
  { type: "application/x-7z-compressed", bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { type: "font/woff", bytes: ascii("wOFF") },
  { type: "font/woff2", bytes: ascii("wOF2") },
  { type: "font/ttf", bytes: [0x00, 0x01, 0x00, 0x00, 0x00] },
  { type: "font/otf", bytes: ascii("OTTO") },
  { type: "application/wasm", bytes: [0x00, 0x61, 0x73, 0x6d] },
  { type: "application/x-elf", bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { type: "application/x-mach-binary", bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { type: "application/x-mach-binary", bytes: [0xca, 0xfe, 0xba, 0xbe] },
  { type: "application/vnd.sqlite3", bytes: ascii("SQLite format 3\0") },
  { type: "audio/mpeg", bytes: ascii("ID3") },
  { type: "audio/ogg", bytes: ascii("OggS") },
  { type: "audio/flac", bytes: ascii("fLaC") },
];

/** Compressed formats: packing them again only costs time. */
export const COMPRESSED_MEDIA_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "video/mp4",
  "application/zip",
  "application/gzip",
  "application/x-bzip2",
  "application/x-xz",
  "application/zstd",
  "application/x-7z-compressed",
  "font/woff",
  "font/woff2",
  "audio/mpeg",
  "audio/ogg",
  "audio/flac",
]);

const TEXT_BY_EXTENSION: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  mdx: "text/markdown",
  txt: "text/plain",
  json: "application/json",
  jsonl: "application/jsonl",
  yaml: "application/yaml",
  yml: "application/yaml",
  toml: "application/toml",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  html: "text/html",
  htm: "text/html",
  css: "text/css",
  xml: "application/xml",
  svg: "image/svg+xml",
  js: "text/javascript",
  mjs: "text/javascript",
  cjs: "text/javascript",
  jsx: "text/javascript",
  ts: "text/x-typescript",
  tsx: "text/x-typescript",
  py: "text/x-python",
  rb: "text/x-ruby",
  go: "text/x-go",
  rs: "text/x-rust",
  java: "text/x-java",
  kt: "text/x-kotlin",
  cs: "text/x-csharp",
  php: "text/x-php",
  c: "text/x-c",
  h: "text/x-c",
  cpp: "text/x-c++",
  hpp: "text/x-c++",
  sh: "text/x-shellscript",
  bash: "text/x-shellscript",
  zsh: "text/x-shellscript",
  ps1: "text/x-powershell",
  sql: "application/sql",
  r: "text/x-r",
  swift: "text/x-swift",
};

/** The binary signature the bytes start with, if any. */
export function sniffBinary(bytes: Uint8Array): string | null {
  for (const magic of MAGICS) {
    if (matches(bytes, magic.offset ?? 0, magic.bytes) && (!magic.also || matches(bytes, magic.also.offset, magic.also.bytes))) return magic.type;
  }
  return null;
}

/**
 * Media type from content. `text` is the file decoded as UTF-8, or null when it is not UTF-8;
 * the extension only refines which kind of text it is.
 */
export function detectMediaType(bytes: Uint8Array, path: string, text: string | null): string {
  const binary = sniffBinary(bytes);
  if (binary) return binary;
  if (text === null || hasBinaryControl(text)) {
    if (bytes.length >= 2 && bytes[0] === 0x4d && bytes[1] === 0x5a) return "application/x-msdownload";
    return "application/octet-stream";
  }
  const head = text
    .slice(0, 512)
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) return "text/html";
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && /<svg[\s>]/.test(text.slice(0, 4096).toLowerCase()))) return "image/svg+xml";
  if (head.startsWith("#!")) {
    const line = head.split("\n")[0];
    if (/\b(ba|z|da|k)?sh\b/.test(line)) return "text/x-shellscript";
    if (/python/.test(line)) return "text/x-python";
    if (/node|deno|bun/.test(line)) return "text/javascript";
  }
  const dot = path.lastIndexOf(".");
  const ext = dot > path.lastIndexOf("/") ? path.slice(dot + 1).toLowerCase() : "";
  const byExtension = TEXT_BY_EXTENSION[ext];
  // an .svg that is not SVG markup is just text
  if (byExtension === "image/svg+xml") return "text/plain";
  return byExtension ?? "text/plain";
}

export function isTextMediaType(type: string): boolean {
  return (
    type.startsWith("text/") ||
    type === "application/json" ||
    type === "application/jsonl" ||
    type === "application/yaml" ||
    type === "application/toml" ||
    type === "application/xml" ||
    type === "application/sql" ||
    type === "image/svg+xml"
  );
}

function matches(bytes: Uint8Array, offset: number, signature: number[]): boolean {
  if (bytes.length < offset + signature.length) return false;
  for (let i = 0; i < signature.length; i++) if (bytes[offset + i] !== signature[i]) return false;
  return true;
}

// NUL and most C0 controls do not occur in text people write; tab, newlines, form feed and ESC do.
function hasBinaryControl(text: string): boolean {
  const n = Math.min(text.length, 8192);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) return true;
  }
  return false;
}
