// How a script of a skill starts inside the sandbox when nobody wrote the command: a bound tool
// names only its script. An executable file with a `#!` line (or a binary) runs as itself; any
// other file runs through the interpreter its `#!` line names, as the kernel would, or else the
// one its extension implies; an executable with neither runs as itself (bash reads it as a shell
// script, as it always has). Every word is single-quoted: paths and shebang lines come from skill
// content, so nothing in them may reach the shell as syntax.

export interface LaunchableFile {
  /** Relative to the skill folder, which is the working directory. */
  path: string;
  bytes: Uint8Array;
  executable: boolean;
}

const BY_EXTENSION: Record<string, string> = { py: "python3", sh: "bash", js: "node", mjs: "node", cjs: "node", pl: "perl", rb: "ruby" };

/** The kernel reads at most this much of a `#!` line (BINPRM_BUF_SIZE). */
const SHEBANG_BYTES = 256;

/** Single-quoted for bash: nothing inside is expanded; a quote becomes '\''. */
export const shellWord = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * The interpreter and its one optional argument from a `#!` line, split as Linux does (the rest of
 * the line after the interpreter is a single argument); null without a usable one.
 */
export function readShebang(bytes: Uint8Array): string[] | null {
  if (bytes[0] !== 0x23 || bytes[1] !== 0x21) return null;
  const head = new TextDecoder().decode(bytes.subarray(2, SHEBANG_BYTES));
  const line = head.split("\n", 1)[0].replace(/\r$/, "").trim();
  const match = /^(\S+)(?:[ \t]+(.+))?$/.exec(line);
  if (!match || !match[1].startsWith("/") || /[\u0000-\u001f\u007f]/.test(line)) return null;
  return match[2] ? [match[1], match[2].trim()] : [match[1]];
}

const isElf = (bytes: Uint8Array) => bytes[0] === 0x7f && bytes[1] === 0x45 && bytes[2] === 0x4c && bytes[3] === 0x46;

/** The bash command that starts `file` from the skill folder; throws, in words for the model, when nothing can. */
export function launchCommand(file: LaunchableFile): string {
  const target = shellWord(`./${file.path.replace(/^\.\//, "")}`);
  const shebang = readShebang(file.bytes);
  // Without a #! line bash would run an executable text file as a shell script, whatever its language.
  if (file.executable && (shebang || isElf(file.bytes))) return target;
  if (shebang) return [...shebang.map(shellWord), target].join(" ");
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.path)?.[1].toLowerCase();
  const interpreter = extension ? BY_EXTENSION[extension] : undefined;
  if (interpreter) return `${interpreter} ${target}`;
  if (file.executable) return target;
  throw new Error(`${file.path} is not executable and has no interpreter I know (a #! line, or one of .${Object.keys(BY_EXTENSION).join(", .")})`);
}
