// Remote and dynamic code: fetching code and running it, decoding a payload and running it,
// luring the user into running it themselves. Isomorphic.

import { lineOf, lineText, type TextFile } from "../context";
import { hostIn, isKnownInstaller, isPublicIpv4, parseUrl, PASTE_SITES, URL_SHORTENERS } from "../hosts";
import { execAll, patternRule, type RuleDef, type TextMatch } from "../rule";
import { entropy } from "./secrets";

const SHELLS = String.raw`(?:sudo\s+(?:-[A-Za-z]+\s+)*)?(?:env\s+(?:\S+=\S+\s+)*)?(?:ba|z|da|k|fi|c|tc)?sh\b|(?:sudo\s+(?:-[A-Za-z]+\s+)*)?(?:python[\d.]*|perl|ruby|node|php|bun|deno|pwsh|powershell)(?:\s|$|\s*-)`;

/** A download whose output goes straight into an interpreter. */
const PIPE_TO_SHELL: readonly RegExp[] = [
  new RegExp(
    String.raw`\b(?:curl|wget|aria2c)\b[^\n|;&]{0,400}?(?:\|\s*(?:tee|base64|gunzip|gzip|zcat|xxd|openssl|tr|sed|rev|cat)\b[^\n|;&]{0,200}?)*\|\s*(?:${SHELLS})`,
    "gi",
  ),
  /\b(?:ba|z|da|k)?sh\s+(?:-\w+\s+)*["']?\$\(\s*(?:curl|wget)\b[^\n]{0,400}/gi,
  /\b(?:ba|z|da|k)?sh\s+(?:-\w+\s+)*<\(\s*(?:curl|wget)\b[^\n]{0,400}/gi,
  /(?:^|[\s;&|])(?:source|\.)\s+<\(\s*(?:curl|wget)\b[^\n]{0,400}/gim,
  /\beval\s+["']?\$\(\s*(?:curl|wget)\b[^\n]{0,400}/gi,
  /\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|\(?new-object\s+(?:system\.)?net\.webclient\)?\.downloadstring)\b[^\n]{0,400}?\|\s*(?:iex|invoke-expression)\b/gi,
  /\b(?:iex|invoke-expression)\s*\(?\s*(?:\(\s*)?(?:new-object\s+(?:system\.)?net\.webclient\)?\.downloadstring|irm|iwr|invoke-restmethod|invoke-webrequest)\b[^\n]{0,400}/gi,
];
/**
 * A step that turns stored text back into a hidden command: reversing (rev), base64/base32, hex
 * (xxd -r), uudecode, or decrypting (openssl … -d). A static scanner cannot see what it yields, so
 * where its output goes is what counts.
 */
const DECODER = String.raw`(?<![\w.-])(?:rev|base(?:64|32)\s+(?:-[a-zA-Z]+\s+)*(?:-[a-zA-Z]*[dD][a-zA-Z]*|--decode)|xxd\s+(?:-\w+\s+)*-\w*r\w*|uudecode|openssl\b[^\n|;&]{0,160}?\s-d(?:ecrypt)?)(?![\w-])`;
/** Then through any further pipe steps (gunzip, tr, tee…) into the shell that runs it. */
const PIPES_TO = String.raw`[^\n|;&]{0,300}?(?:\|(?!\|)[^\n|;&]{0,300}?)*?\|\s*`;
const INTERPRETER = String.raw`\b(?:(?:ba|z|da|k)?sh|python[\d.]*|perl|ruby|node|php)`;
/** An interpreter given its program as an argument: sh -c, python3 -c, perl -e, node -e. */
const RUNS_STRING = String.raw`${INTERPRETER}\s+(?:-\w+\s+)*-\w*[ce]`;
const PIPE_QUICK = ["curl", "wget", "aria2c", "iwr", "irm", "invoke-", "downloadstring", "iex"];
const ENCODING_IN_LINE = /\bbase64\b|\bxxd\s+-r|\bfrombase64string\b|\b-enc(?:odedcommand)?\b/i;

// A file published on a GitHub project's release page over https: the project's own installer,
// as cargo-dist and similar tools generate it, tied to that publisher rather than to any host.
const GITHUB_RELEASE = /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/releases\/(?:latest\/download|download\/[^/\s]+)\/[^/\s]+$/i;

/**
 * Where a piped download comes from: a known official installer (a low note), a project's own
 * GitHub release (high: whoever publishes that project runs code here), or anything else
 * (critical). The same command gets the same rating wherever it appears.
 */
function pipeSource(m: RegExpExecArray, file: TextFile): "installer" | "release" | "other" {
  const line = lineText(file, lineOf(file, m.index));
  if (ENCODING_IN_LINE.test(line)) return "other";
  const urls = [...m[0].matchAll(/https?:\/\/[^\s"'`)|]+/gi)].map((u) => parseUrl(u[0]));
  if (urls.length === 0) {
    // `curl -fsSL sh.rustup.rs | sh`: a bare host is still a URL to curl
    const bare = /\s([a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[^\s|"'`]*)?)/i.exec(m[0]);
    const parsed = bare ? parseUrl(`//${bare[1]}`) : null;
    return parsed && isKnownInstaller(parsed.hostAndPath) ? "installer" : "other";
  }
  if (urls.every((u) => u !== null && isKnownInstaller(u.hostAndPath) && !isPublicIpv4(u.host))) return "installer";
  const raw = [...m[0].matchAll(/https?:\/\/[^\s"'`)|]+/gi)].map((u) => u[0]);
  return raw.every((u) => GITHUB_RELEASE.test(u)) ? "release" : "other";
}

const EXEC_EXTS = [
  "exe",
  "msi",
  "dmg",
  "pkg",
  "scr",
  "bat",
  "cmd",
  "ps1",
  "vbs",
  "vbe",
  "jar",
  "apk",
  "appimage",
  "bin",
  "run",
  "dll",
  "dylib",
  "so",
  "elf",
  "lnk",
  "hta",
  "msix",
  "appx",
];
const EXEC_EXT = `(?:${EXEC_EXTS.join("|")})`;
// a path is required: .com, .run and .so are also top-level domains
const EXEC_URL_PATH = String.raw`https?:\/\/[^\s"'\`)<>/]+\/[^\s"'\`)<>]*\.${EXEC_EXT}`;

const IP_STARTS = [..."123456789"].map((d) => `://${d}`);

const BLOB = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/]{200,}={0,2}(?![A-Za-z0-9+/=_-])/g;
const HEX_BLOB = /(?<![0-9A-Za-z])(?:[0-9a-fA-F]{2}){150,}(?![0-9A-Za-z])|(?:\\x[0-9a-fA-F]{2}){40,}/g;
const SCRIPT_WORDS =
  /\b(?:curl|wget|bash|sh\s+-c|\/bin\/(?:ba)?sh|eval|exec|subprocess|os\.system|import\s+os|require\(|child_process|powershell|invoke-expression|iex|http:\/\/|https:\/\/|\/dev\/tcp|chmod|rm\s+-rf|nc\s+-|socket)\b/i;

/** The text a base64 blob decodes to, when it is mostly printable (a script, not an image). */
function decodeBlob(blob: string): string | null {
  let raw: string;
  try {
    raw = atob(blob.length % 4 === 0 ? blob : blob.slice(0, blob.length - (blob.length % 4)));
  } catch {
    return null;
  }
  let printable = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 0x0a || c === 0x0d || c === 0x09) printable++;
  }
  return raw.length > 0 && printable / raw.length > 0.95 ? raw : null;
}

// images, fonts and other embedded media are data, not code
const isEmbeddedMedia = (file: TextFile, offset: number): boolean =>
  /data:(?:image|font|audio|video|application\/(?:font|x-font|octet-stream|pdf))[^,]{0,60},\s*$/i.test(file.text.slice(Math.max(0, offset - 100), offset));

interface Blob extends TextMatch {
  isScript: boolean;
}

const blobCache = new WeakMap<TextFile, Blob[]>();

// base64 letters plus "\" for \x41-style escapes
const isBlobChar = (c: number): boolean =>
  (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2f || c === 0x3d || c === 0x5c;

/** Every long encoded blob of the file, found once for both blob rules. */
function findBlobs(file: TextFile): Blob[] {
  const cached = blobCache.get(file);
  if (cached) return cached;
  const found: Blob[] = [];
  const { text } = file;
  // a cheap walk for runs of blob characters; the patterns only run on runs long enough
  let runStart = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && isBlobChar(text.charCodeAt(i))) continue;
    if (i - runStart >= 160) found.push(...blobsIn(file, runStart, text.slice(runStart, i)));
    runStart = i + 1;
  }
  blobCache.set(file, found);
  return found;
}

function blobsIn(file: TextFile, base: number, run: string): Blob[] {
  const out: Blob[] = [];
  for (const pattern of [BLOB, HEX_BLOB]) {
    for (const m of execAll(pattern, run, base)) {
      // "xxxx…" or "0000…" padding is not an encoding of anything
      if (isEmbeddedMedia(file, m.index) || entropy(m[0].slice(0, 1024)) < 3.5) continue;
      const decoded = pattern === BLOB ? decodeBlob(m[0]) : null;
      const isScript = decoded !== null && SCRIPT_WORDS.test(decoded);
      const head = `${m[0].slice(0, 48)}… (${m[0].length} characters)`;
      out.push({
        offset: m.index,
        length: m[0].length,
        isScript,
        excerpt: decoded && isScript ? `${head} decodes to: ${decoded.replace(/\s+/g, " ").slice(0, 200)}` : head,
      });
    }
  }
  return out;
}

const blobs = (file: TextFile, wantScript: boolean): TextMatch[] => findBlobs(file).filter((b) => b.isScript === wantScript);

export const remoteCodeRules: RuleDef[] = [
  patternRule(
    {
      id: "remote-code/pipe-to-shell",
      category: "remote-code",
      severity: "critical",
      appliesTo: "any",
      message:
        "Downloads code and runs it in a shell in one step, from a host that is not a well-known official installer (or through an encoding step): whoever controls that URL controls the machine.",
    },
    { pattern: PIPE_TO_SHELL, quick: PIPE_QUICK, accept: (m, file) => pipeSource(m, file) === "other" },
  ),
  patternRule(
    {
      id: "remote-code/release-installer-pipe",
      category: "remote-code",
      severity: "high",
      appliesTo: "any",
      message:
        "Pipes an installer from a project's GitHub release page into a shell: it runs whatever that project's publisher ships, with your rights. Check that the project is the one you mean and pin a version.",
    },
    { pattern: PIPE_TO_SHELL, quick: PIPE_QUICK, accept: (m, file) => pipeSource(m, file) === "release" },
  ),
  patternRule(
    {
      id: "remote-code/installer-pipe",
      category: "remote-code",
      severity: "low",
      appliesTo: "any",
      message:
        "Pipes a well-known official installer into a shell (e.g. rustup, Homebrew). Common in installation docs; it still runs remote code with your rights, so check the URL is the official one.",
    },
    { pattern: PIPE_TO_SHELL, quick: PIPE_QUICK, accept: (m, file) => pipeSource(m, file) === "installer" },
  ),
  patternRule(
    {
      id: "remote-code/encoded-pipe-to-shell",
      category: "remote-code",
      severity: "critical",
      appliesTo: "any",
      message:
        "Decodes a hidden payload and runs it in a shell or interpreter (base64 -d | sh, rev … | bash, xxd -r, openssl enc -d, PowerShell -EncodedCommand): the command is written so that a reader cannot see it.",
    },
    {
      pattern: [
        new RegExp(String.raw`${DECODER}${PIPES_TO}(?:${SHELLS})`, "gi"),
        /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,100}\s-(?:e|ec|enc|encodedcommand)\s+[A-Za-z0-9+/=]{16,}/gi,
        // eval "$(rev x)", bash -c "$(… | base64 -d)", python3 -c "$(xxd -r -p x)"
        new RegExp(String.raw`(?:\beval|${RUNS_STRING})\s+["']?\$\([^\n)]{0,300}?${DECODER}`, "gi"),
        // bash <(rev x), source <(base64 -d x), sh <<< "$(rev x)"
        new RegExp(String.raw`(?:${INTERPRETER}|(?:^|[\s;&|])(?:source|\.))\s+(?:-\w+\s+)*(?:<\(|<<<\s*["']?\$\()[^\n)]{0,300}?${DECODER}`, "gim"),
      ],
      quick: ["base64", "base32", "xxd", "uudecode", "openssl", "rev", "powershell", "pwsh"],
    },
  ),
  patternRule(
    {
      id: "remote-code/decode-then-execute",
      category: "remote-code",
      severity: "critical",
      appliesTo: "any",
      message:
        "Decodes, decompresses or reverses a string and runs it as code (exec(b64decode(...)), eval(atob(...)), exec(text[::-1])): the real code is hidden from review.",
    },
    {
      pattern: [
        /\b(?:eval|exec|execSync|Function|system|popen|compile|runInNewContext|runInThisContext)\s*\(\s*[^\n]{0,120}?\b(?:atob|b64decode|b32decode|b85decode|a85decode|decodebytes|decodestring|unhexlify|fromhex|decompress|fromCharCode|unescape|rot13|codecs\.decode|Buffer\.from\s*\([^)\n]{0,200}["'](?:base64|hex)["'])/g,
        // exec(open("payload").read()[::-1]), eval(s.split("").reverse().join("")): rev, in the language itself
        /\b(?:eval|exec|execSync|Function|system|popen|compile)\s*\(\s*[^\n]{0,160}?(?:\[::-1\]|\.reverse\(\s*\)\s*\.join)/g,
        /\b(?:iex|invoke-expression)\b[^\n]{0,200}frombase64string/gi,
        /frombase64string[^\n]{0,200}\|\s*(?:iex|invoke-expression)\b/gi,
      ],
      quick: [
        "atob",
        "b64decode",
        "b32decode",
        "b85decode",
        "a85decode",
        "decodebytes",
        "decodestring",
        "unhexlify",
        "fromhex",
        "decompress",
        "fromcharcode",
        "unescape",
        "rot13",
        "codecs.decode",
        "buffer.from",
        "frombase64string",
        "::-1",
        "reverse(",
      ],
    },
  ),
  patternRule(
    {
      id: "remote-code/dynamic-code",
      category: "remote-code",
      severity: "medium",
      appliesTo: "code",
      message:
        "Runs code built at run time (eval, exec, new Function) or loads pickled objects, which run code when read: what actually executes cannot be reviewed here.",
    },
    {
      pattern: [
        /(?<![.\w$])(?:eval|exec)\s*\(/g,
        /\bnew\s+Function\s*\(/g,
        /\b(?:pickle|cPickle|dill|cloudpickle|marshal|shelve)\.(?:loads?|open|Unpickler)\s*\(/g,
        /\bvm\.runIn(?:New|This)?Context\s*\(/g,
        /\b__import__\s*\(\s*["'](?:os|subprocess|socket|base64|pty)["']/g,
      ],
      quick: ["eval", "exec", "function(", "function (", "pickle", "dill", "marshal", "shelve", "runin", "__import__"],
      where: "code",
    },
  ),
  patternRule(
    {
      id: "remote-code/terminal-paste-lure",
      category: "remote-code",
      severity: "high",
      appliesTo: "any",
      message:
        'Asks the user to paste a command into Terminal, PowerShell or the Run dialog: a social-engineering pattern ("ClickFix") that runs code outside the agent\'s sandbox and permission checks.',
    },
    {
      pattern: [
        /\b(?:paste|copy\s+and\s+paste|copy-paste)\s+(?:this|the\s+following|the\s+(?:below|above)|it|the\s+(?:command|code|line|snippet))?\s*(?:command|code|line|snippet)?\s*(?:in|into)\s+(?:a\s+|your\s+|the\s+)?(?:terminal|powershell|command\s+prompt|cmd(?:\.exe)?|run\s+(?:dialog|box|window)|shell)\b/gi,
        /\b(?:press|hit|open)\s+(?:the\s+)?(?:win(?:dows)?(?:\s+key)?|⊞)\s*\+\s*R\b/gi,
        /\b(?:press|hit)\s+(?:cmd|command|⌘)\s*\+\s*space\b[^\n]{0,80}\bterminal\b/gi,
      ],
      quick: ["paste", "+ r", "+r", "+ space", "+space"],
    },
  ),
  patternRule(
    {
      id: "remote-code/download-executable",
      category: "remote-code",
      severity: "high",
      appliesTo: "any",
      message: "Downloads a program (an .exe, .dmg, .pkg, binary or script made executable) to run it: code that was never part of the reviewed skill.",
    },
    {
      pattern: [
        new RegExp(
          String.raw`\b(?:curl|wget|iwr|invoke-webrequest|aria2c|certutil(?:\.exe)?\s+-urlcache|bitsadmin(?:\.exe)?\s+\/transfer|start-bitstransfer)\b[^\n]{0,300}?${EXEC_URL_PATH}(?=[\s"'\`)<>?#]|$)`,
          "gi",
        ),
        /\b(?:curl|wget)\b[^\n]{0,300}?\s(?:-o|-O|--output|--output-document)\s*(\S+)[^\n]{0,200}?(?:&&|;)\s*(?:sudo\s+)?chmod\s+(?:[ugoa]*\+x|[0-7]?[0-7][1357][1357])\b/gi,
      ],
      quick: ["curl", "wget", "iwr", "invoke-webrequest", "aria2c", "certutil", "bitsadmin", "bitstransfer"],
    },
  ),
  patternRule(
    {
      id: "remote-code/password-archive",
      category: "remote-code",
      severity: "medium",
      appliesTo: "any",
      message: "Unpacks an archive with a password given in the text: a common way to get malware past scanners, which cannot look inside.",
    },
    {
      pattern: [
        /\bunzip\s+(?:-\w+\s+)*-P\s*\S+/g,
        /\b7z(?:a|r)?\s+[xe]\b[^\n]{0,200}\s-p\S+/g,
        /\b(?:archive|zip|rar|7z)\b[^\n]{0,60}\bpassword\s*(?:is\s*:?|:|=)\s*[`"']?\S{3,}/gi,
      ],
      quick: ["unzip", "7z", "password"],
    },
  ),
  patternRule(
    {
      id: "remote-code/executable-link",
      category: "remote-code",
      severity: "medium",
      appliesTo: "markdown",
      message: "Links to a program to download and run (.exe, .dmg, .pkg and the like): the program was never part of the reviewed skill.",
    },
    {
      pattern: new RegExp(String.raw`\]\(\s*<?${EXEC_URL_PATH}(?=[\s"'\`)<>?#])|href=["']${EXEC_URL_PATH}["'?#]`, "gi"),
      kinds: ["markdown"],
      quick: EXEC_EXTS.map((e) => `.${e}`),
    },
  ),
  patternRule(
    {
      id: "remote-code/download-from-shady-host",
      category: "remote-code",
      severity: "high",
      appliesTo: "any",
      message: "Fetches something from a raw IP address, URL shortener or paste site: places that hide who serves the content and let it change after review.",
    },
    {
      pattern:
        /\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|requests\.get|urlopen|fetch|axios\.get|git\s+clone|pip\s+install|npm\s+install|npx)\b[^\n]{0,200}?(https?:\/\/[^\s"'`)<>]+)/gi,
      quick: [...URL_SHORTENERS, ...PASTE_SITES, ...IP_STARTS],
      accept: (m) => {
        const url = parseUrl(m[1]);
        return url !== null && (isPublicIpv4(url.host) || hostIn(url.host, URL_SHORTENERS) || hostIn(url.host, PASTE_SITES));
      },
    },
  ),
  {
    id: "remote-code/encoded-script",
    category: "remote-code",
    severity: "high",
    appliesTo: "any",
    message: "A long base64 blob that decodes to a script or commands (shown in the excerpt): code hidden from review in an encoded form.",
    text: (file) => blobs(file, true),
  },
  {
    id: "remote-code/encoded-blob",
    category: "remote-code",
    severity: "medium",
    appliesTo: "any",
    message: "A long encoded blob (base64 or hex) outside an embedded image or font: its content cannot be reviewed as written.",
    text: (file) => blobs(file, false),
  },
];
