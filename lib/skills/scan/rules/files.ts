// The file list: what a file is by its bytes, not by its name. Isomorphic.

import { lineOf, type TextFile } from "../context";
import type { FileHit, RuleDef, ScanFile } from "../rule";

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** The kind of executable the bytes are, or null. */
export function executableKind(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return "ELF executable (Linux)";
  if (
    [
      [0xfe, 0xed, 0xfa, 0xce],
      [0xfe, 0xed, 0xfa, 0xcf],
      [0xce, 0xfa, 0xed, 0xfe],
      [0xcf, 0xfa, 0xed, 0xfe],
    ].some((s) => startsWith(bytes, s))
  )
    return "Mach-O executable (macOS)";
  if (startsWith(bytes, [0xca, 0xfe, 0xba, 0xbe])) return "Mach-O universal binary or Java class file";
  if (startsWith(bytes, [0x4d, 0x5a]) && bytes.length >= 64) return "Windows executable (PE/MZ)";
  if (startsWith(bytes, [0x00, 0x61, 0x73, 0x6d])) return "WebAssembly module";
  if (startsWith(bytes, ascii("dex\n"))) return "Android DEX bytecode";
  return null;
}

/** The kind of archive the bytes are, or null. */
export function archiveKind(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return "ZIP archive";
  if (startsWith(bytes, [0x1f, 0x8b])) return "gzip archive";
  if (startsWith(bytes, ascii("BZh"))) return "bzip2 archive";
  if (startsWith(bytes, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return "xz archive";
  if (startsWith(bytes, [0x28, 0xb5, 0x2f, 0xfd])) return "zstd archive";
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return "7-Zip archive";
  if (startsWith(bytes, ascii("Rar!\x1a\x07"))) return "RAR archive";
  if (startsWith(bytes, ascii("MSCF"))) return "Windows cabinet archive";
  if (startsWith(bytes, ascii("ustar"), 257)) return "tar archive";
  if (startsWith(bytes, ascii("!<arch>\n"))) return "ar archive (.deb, static library)";
  if (startsWith(bytes, ascii("xar!"))) return "xar archive (.pkg)";
  return null;
}

// Office and e-book files are ZIP containers; they are documents when the extension says so and
// the first entry is the container's manifest.
const DOCUMENT_CONTAINERS = new Set(["docx", "xlsx", "pptx", "docm", "xlsm", "pptm", "odt", "ods", "odp", "epub", "vsdx"]);
function isDocumentContainer(file: ScanFile): boolean {
  if (!DOCUMENT_CONTAINERS.has(file.ext) || !startsWith(file.bytes, [0x50, 0x4b, 0x03, 0x04])) return false;
  const nameLength = file.bytes[26] | (file.bytes[27] << 8);
  const name = new TextDecoder().decode(file.bytes.subarray(30, 30 + nameLength));
  return (
    name === "[Content_Types].xml" ||
    name === "mimetype" ||
    name.startsWith("_rels/") ||
    name.startsWith("docProps/") ||
    name.startsWith("word/") ||
    name.startsWith("xl/") ||
    name.startsWith("ppt/")
  );
}

const CODE_EXT = new Set([
  "sh",
  "bash",
  "zsh",
  "fish",
  "ps1",
  "psm1",
  "bat",
  "cmd",
  "vbs",
  "js",
  "mjs",
  "cjs",
  "ts",
  "py",
  "rb",
  "pl",
  "php",
  "lua",
  "applescript",
  "scpt",
  "command",
  "exe",
  "dll",
  "so",
  "dylib",
  "jar",
]);
const AUTORUN_DOTFILES = new Set([".bashrc", ".bash_profile", ".zshrc", ".zprofile", ".zshenv", ".profile", ".envrc", ".pythonrc", ".pythonstartup"]);
// configuration files of well-known tools that happen to be code
const TOOL_DOTFILES = /^\.(?:eslintrc|prettierrc|babelrc|mocharc|stylelintrc|lintstagedrc|commitlintrc|swcrc|releaserc)(?:\.[cm]?js|\.ts)?$/;

const IMAGE_EXT = new Set(["png", "jpg", "jpeg", "gif", "webp", "ico", "avif", "bmp", "tif", "tiff", "heic"]);
const MEDIA_EXT = new Set(["mp3", "mp4", "wav", "ogg", "flac", "mov", "webm", "m4a"]);
const FONT_EXT = new Set(["woff", "woff2", "ttf", "otf", "eot"]);
const ARCHIVE_EXT = new Set(["zip", "gz", "tgz", "bz2", "xz", "zst", "7z", "rar", "tar", "jar", "whl", "skill", ...DOCUMENT_CONTAINERS]);
const TEXT_EXT = new Set([
  "md",
  "markdown",
  "mdx",
  "txt",
  "json",
  "jsonl",
  "yaml",
  "yml",
  "toml",
  "csv",
  "tsv",
  "html",
  "htm",
  "css",
  "xml",
  "svg",
  "py",
  "js",
  "mjs",
  "cjs",
  "ts",
  "tsx",
  "jsx",
  "sh",
  "bash",
  "zsh",
  "rb",
  "go",
  "rs",
  "java",
  "kt",
  "php",
  "c",
  "h",
  "cpp",
  "hpp",
  "sql",
  "r",
  "swift",
  "ps1",
  "ini",
  "cfg",
  "conf",
  "env",
  "lua",
  "pl",
]);

/** What a file's bytes are, in words, when they contradict its extension; null when they agree. */
function contentMismatch(file: ScanFile): { detail: string; severe: boolean } | null {
  const { ext, bytes, text } = file;
  const exe = executableKind(bytes);
  const archive = archiveKind(bytes);
  const script = text !== null && /^(?:\uFEFF)?#!/.test(text.text);
  const html = text !== null && /^\s*(?:<!doctype html|<html|<script)/i.test(text.text);
  const claimsBinary = IMAGE_EXT.has(ext) || MEDIA_EXT.has(ext) || FONT_EXT.has(ext) || ext === "pdf";
  if (claimsBinary || ARCHIVE_EXT.has(ext)) {
    if (exe) return { detail: `named .${ext} but is a ${exe}`, severe: true };
    if (script || html) return { detail: `named .${ext} but is ${script ? "a script (starts with #!)" : "HTML"}`, severe: true };
    if (claimsBinary && text !== null && bytes.length > 0) return { detail: `named .${ext} but is plain text`, severe: false };
    if (claimsBinary && archive) return { detail: `named .${ext} but is a ${archive}`, severe: false };
    return null;
  }
  if (TEXT_EXT.has(ext)) {
    if (exe) return { detail: `named .${ext} but is a ${exe}`, severe: true };
    if (archive) return { detail: `named .${ext} but is a ${archive}`, severe: false };
  }
  return null;
}

function svgHits(text: TextFile): FileHit[] {
  const hits: FileHit[] = [];
  const patterns = [
    /<script\b[^>]*>?/gi,
    /\son[a-z]+\s*=\s*["'][^"'\n]{0,80}/gi,
    /(?:href|src)\s*=\s*["']\s*(?:javascript|vbscript|data:text\/html)[^"'\n]{0,60}/gi,
    /<(?:foreignObject|iframe|embed|object)\b[^>\n]{0,80}/gi,
  ];
  for (const pattern of patterns) for (const m of text.text.matchAll(pattern)) hits.push({ line: lineOf(text, m.index), excerpt: m[0].slice(0, 200) });
  return hits;
}

export const fileRules: RuleDef[] = [
  {
    id: "files/executable-binary",
    category: "files",
    severity: "high",
    appliesTo: "file-list",
    message: "A compiled program is part of the skill. Its code cannot be reviewed here, and an agent may be told to run it.",
    *file(file) {
      const kind = executableKind(file.bytes);
      if (kind) yield { line: null, excerpt: `${file.path}: ${kind}, ${file.bytes.length} bytes` };
    },
  },
  {
    id: "files/nested-archive",
    category: "files",
    severity: "medium",
    appliesTo: "file-list",
    message: "An archive inside the skill: its contents were not unpacked or scanned, and it can carry anything.",
    *file(file) {
      const kind = archiveKind(file.bytes);
      if (kind && !isDocumentContainer(file)) yield { line: null, excerpt: `${file.path}: ${kind}, ${file.bytes.length} bytes` };
    },
  },
  {
    id: "files/hidden-code-file",
    category: "files",
    severity: "high",
    appliesTo: "file-list",
    message: "A hidden file (its name starts with a dot) holds a script or program, or runs automatically in a shell: easy to miss in a file listing.",
    *file(file) {
      if (!file.name.startsWith(".") || file.name === "." || TOOL_DOTFILES.test(file.name)) return;
      const script = file.text !== null && file.text.text.startsWith("#!");
      if (CODE_EXT.has(file.ext) || AUTORUN_DOTFILES.has(file.name) || script || executableKind(file.bytes)) {
        const shebang = script ? ` (${file.text?.text.split("\n", 1)[0].slice(0, 80)})` : "";
        yield { line: null, excerpt: `${file.path}${shebang}` };
      }
    },
  },
  {
    id: "files/double-extension",
    category: "files",
    severity: "medium",
    appliesTo: "file-list",
    message:
      "A file name with a harmless-looking extension followed by an executable one (report.pdf.exe): the classic way to pass a program off as a document.",
    *file(file) {
      if (
        /\.(?:pdf|docx?|xlsx?|pptx?|png|jpe?g|gif|txt|md|csv|json|html?)\.(?:exe|scr|bat|cmd|com|ps1|vbs|jse?|sh|app|lnk|hta|msi|pif|command)$/i.test(file.name)
      )
        yield { line: null, excerpt: file.path };
    },
  },
  {
    id: "files/svg-active-content",
    category: "files",
    severity: "high",
    appliesTo: "any",
    message: "An SVG image carries scripts, event handlers or javascript: links: opened in a browser, it runs code rather than just showing a picture.",
    *file(file) {
      if (file.text && (file.ext === "svg" || file.mediaType === "image/svg+xml" || /^\s*(?:<\?xml[^>]*>\s*)?<svg[\s>]/i.test(file.text.text.slice(0, 512))))
        yield* svgHits(file.text);
    },
  },
  {
    id: "files/content-mismatch",
    category: "files",
    severity: "high",
    appliesTo: "file-list",
    message: 'A file\'s content does not match its extension (an "image" that is a program or script): a disguise that gets it past reviewers and filters.',
    *file(file) {
      const mismatch = contentMismatch(file);
      if (mismatch?.severe) yield { line: null, excerpt: `${file.path}: ${mismatch.detail}` };
    },
  },
  {
    id: "files/extension-mismatch",
    category: "files",
    severity: "low",
    appliesTo: "file-list",
    message: "A file's content does not match its extension (e.g. a .png that is text). Often a mistake, sometimes a disguise.",
    *file(file) {
      const mismatch = contentMismatch(file);
      if (mismatch && !mismatch.severe) yield { line: null, excerpt: `${file.path}: ${mismatch.detail}` };
    },
  },
];
