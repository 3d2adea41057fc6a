/**
 * The "copy install command": one line of POSIX shell that downloads a skill's ZIP with a
 * personal access token and puts it where an agent looks for skills. Pure string building, so
 * the manage dialog (browser) and the tests (which run it) share it.
 */

export const INSTALL_TARGETS = {
  /** Claude Code's personal skills, for every project of this user. */
  claude: { dir: '"$HOME/.claude/skills"', label: "~/.claude/skills" },
  /** Codex's personal skills ($CODEX_HOME when set, as Codex itself reads it). */
  codex: { dir: '"${CODEX_HOME:-$HOME/.codex}/skills"', label: "~/.codex/skills" },
  /** The project-level folder agents read (relative to where the command runs). */
  agents: { dir: ".agents/skills", label: ".agents/skills" },
} as const;

export type InstallTarget = keyof typeof INSTALL_TARGETS;

/** The environment variable the command reads the token from when none is put into it. */
export const TOKEN_ENV = "SKILLSHELF_TOKEN";

export interface InstallCommandInput {
  /** The folder the skill is installed as, normally the skill's name. */
  name: string;
  /** Absolute URL of `GET /api/v1/skills/{id}/download` (with `?v=n` to pin a version). */
  downloadUrl: string;
  target: InstallTarget;
  /**
   * A personal access token to embed. Without one the command reads $SKILLSHELF_TOKEN, which
   * keeps the secret out of shell history and of anything the command is pasted into.
   */
  token?: string;
}

/** Single-quoted for POSIX sh: nothing inside is expanded; a quote becomes '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The command, on one line. It downloads to a temporary folder first, so a failed download or a
 * bad token leaves an existing install untouched; then it replaces the skill's folder as a whole,
 * so files removed upstream do not linger. The token reaches curl on stdin (`-H @-`), never as a
 * process argument another user could read from `ps`.
 */
export function installCommand(input: InstallCommandInput): string {
  const { name, target } = input;
  if (!name || name === "." || name === ".." || name.includes("/") || name.includes("\\") || CONTROL.test(name)) {
    throw new Error(`cannot install a skill as ${JSON.stringify(name)}: it must be a plain folder name`);
  }
  let url: URL;
  try {
    url = new URL(input.downloadUrl);
  } catch {
    throw new Error(`download URL ${JSON.stringify(input.downloadUrl)} is not an absolute URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`download URL must be http(s), got ${url.protocol}`);
  if (input.token !== undefined && (!input.token || /\s/.test(input.token) || CONTROL.test(input.token))) {
    throw new Error("the token must be a single word without spaces or control characters");
  }
  const dir = INSTALL_TARGETS[target]?.dir;
  if (!dir) throw new Error(`unknown install target ${JSON.stringify(target)}`);

  const token = input.token === undefined ? `"$${TOKEN_ENV}"` : shellQuote(input.token);
  const steps = [
    "set -e",
    ...(input.token === undefined ? [`: "\${${TOKEN_ENV}:?set ${TOKEN_ENV} to a Skillshelf access token}"`] : []),
    `n=${shellQuote(name)}`,
    `d=${dir}`,
    't="$(mktemp -d)"',
    `trap 'rm -rf "$t"' EXIT`,
    `printf 'Authorization: Bearer %s\\n' ${token} | curl -fsS -H @- -o "$t/skill.zip" ${shellQuote(url.href)}`,
    'unzip -q "$t/skill.zip" -d "$t/x"',
    'mkdir -p "$d"',
    'rm -rf "${d:?}/$n"',
    // The archive holds exactly one top folder (the skill); it is installed under the chosen name.
    'mv "$t/x/"* "$d/$n"',
    'echo "Installed $n in $d/$n"',
  ];
  return `(${steps.join("; ")})`;
}

/** `origin` as a URL, refused unless it is an absolute http(s) address. */
export function httpOrigin(origin: string): URL {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`origin ${JSON.stringify(origin)} is not an absolute URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`origin must be http(s), got ${url.protocol}`);
  return url;
}

/** Where the sync CLI writes: its flag for each agent (cli/sync/skillshelf-sync.mjs). */
export const SYNC_AGENTS = {
  claude: { flag: "--claude", label: "Claude Code", dir: ".claude/skills" },
  codex: { flag: "--codex", label: "Codex", dir: "~/.codex/skills" },
} as const;

export type SyncAgent = keyof typeof SYNC_AGENTS;

/**
 * The "sync all your skills" command: the sync CLI the app serves, run through npx, mirroring
 * every skill the viewer's agents get into the agent's skills folder. The token comes from
 * $SKILLSHELF_TOKEN, as for the install command.
 */
export function syncAllCommand(origin: string, agent: SyncAgent = "claude"): string {
  const url = httpOrigin(origin);
  return `npx -y ${shellQuote(`${url.origin}/api/v1/cli/skillshelf-sync.tgz`)} sync ${SYNC_AGENTS[agent].flag} --url ${shellQuote(url.origin)}`;
}
