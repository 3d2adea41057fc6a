import type { Dirent } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { formatBytes } from "@/lib/display";
import { fetchFailure, scrubSecrets } from "./git-errors";
import { readFolderSource } from "./folder";
import { gitEnvironment, runGit, type GitResult } from "./run-git";
import { selectSkillFolders, toFetchedSource, type ListedEntry, type Selection } from "./skill-folders";
import { checkRef, gitSchemeOf, normalizeSubdir } from "./spec";
import { plainHttpTokenRefusal } from "./url";
import { DEFAULT_FETCH_LIMITS, SourceFetchError, type FetchedSource, type FetchLimits, type SourceSpec } from "./types";

// Reads a source into skill folders. Git: a shallow fetch of one ref into a fresh bare repository in
// a temp dir (removed afterwards), read with ls-tree and cat-file, never checked out, so no hook,
// filter, submodule or symlink of the repository ever acts on the server.

const seconds = (ms: number) => `${Number.isInteger(ms / 1000) ? ms / 1000 : (ms / 1000).toFixed(1)} s`;

/**
 * Fetches a Git repository (or reads a server-side folder) and returns its skill folders. Throws
 * SourceFetchError (whose message never holds the token); an abort through `options.signal` kills
 * git and rejects with the signal's reason.
 */
export async function fetchSource(
  spec: SourceSpec,
  limits: FetchLimits = DEFAULT_FETCH_LIMITS,
  options: { signal?: AbortSignal; allowLocal?: boolean } = {},
): Promise<FetchedSource> {
  options.signal?.throwIfAborted();
  // One signal for everything that may stop the fetch: the caller, the timeout, the size watchdog.
  const stop = new AbortController();
  const what = spec.kind === "git" ? "Fetching the repository" : "Reading the folder";
  const timer = setTimeout(
    () => stop.abort(new SourceFetchError("timeout", `${what} took longer than ${seconds(limits.timeoutMs)} and was stopped`)),
    limits.timeoutMs,
  );
  const onAbort = () => stop.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    return spec.kind === "git" ? await fetchGit(spec, limits, stop, options.allowLocal ?? false) : await readFolderSource(spec, limits, stop.signal);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

type GitSpec = Extract<SourceSpec, { kind: "git" }>;

async function fetchGit(spec: GitSpec, limits: FetchLimits, stop: AbortController, allowLocal: boolean): Promise<FetchedSource> {
  const scheme = gitSchemeOf(spec.url);
  const inClear = spec.token && scheme === "http" ? plainHttpTokenRefusal(spec.url, { allowLocal }) : null;
  if (inClear) throw new SourceFetchError("bad-url", inClear);
  const ref = checkRef(spec.ref);
  const subdir = normalizeSubdir(spec.subdir);
  const context = { url: spec.url, ref, token: spec.token };
  const home = await mkdtemp(path.join(tmpdir(), "skillshelf-source-"));
  const repo = path.join(home, "repo.git");
  const env = gitEnvironment({ home, scheme, token: spec.token });
  const git = (args: string[], more: { cwd?: string; stdin?: string; maxStdoutBytes?: number } = {}) =>
    runGit({ args, cwd: more.cwd ?? repo, env, signal: stop.signal, stdin: more.stdin, maxStdoutBytes: more.maxStdoutBytes });
  const failed = (result: GitResult, message: string) =>
    new SourceFetchError("git-failed", scrubSecrets(`${message} (git: ${result.stderr.trim().split("\n").slice(-2).join(" ")})`, spec.token));
  try {
    const init = await git(["init", "--quiet", "--bare", "--template=", repo], { cwd: home });
    if (init.code !== 0) throw failed(init, "Could not create a temporary repository");

    const watchdog = watchSize(home, limits.maxFetchBytes, stop);
    let fetched: GitResult;
    try {
      fetched = await git(["fetch", "--quiet", "--depth", "1", "--no-tags", "--no-recurse-submodules", "--no-auto-maintenance", "--", spec.url, ref ?? "HEAD"]);
    } finally {
      await watchdog.stop();
    }
    if (fetched.code !== 0) {
      // No ref and no default branch: HEAD may name a branch nobody pushed (a `git init --bare`
      // with master while main was pushed). The branches the server has are the way out.
      const branches = ref === null ? await remoteBranches(git, spec.url) : undefined;
      throw fetchFailure(fetched.stderr, { ...context, branches });
    }
    await watchdog.check();

    const resolved = await git(["rev-parse", "--verify", "--quiet", "FETCH_HEAD^{commit}"]);
    const commit = resolved.stdout.toString().trim();
    if (resolved.code !== 0 || !/^[0-9a-f]{40}$/.test(commit)) {
      throw new SourceFetchError("ref-not-found", scrubSecrets(`"${ref ?? "HEAD"}" does not name a commit in ${spec.url}`, spec.token));
    }

    const treeish = subdir === null ? commit : `${commit}:${subdir}`;
    if (subdir !== null) {
      const type = await git(["cat-file", "-t", treeish]);
      if (type.code !== 0 || type.stdout.toString().trim() !== "tree") {
        throw new SourceFetchError("subdir-not-found", `The repository has no folder "${subdir}" at commit ${commit.slice(0, 12)}`);
      }
    }
    const listing = await git(["ls-tree", "-r", "-l", "-z", treeish], { maxStdoutBytes: MAX_LISTING_BYTES });
    if (listing.overflow) {
      const over = formatBytes(MAX_LISTING_BYTES, "prose");
      throw new SourceFetchError("too-large", `The repository lists too many files (over ${over} of names); choose a sub-folder`);
    }
    if (listing.code !== 0) throw failed(listing, "Could not list the repository's files");

    const selection = selectSkillFolders(parseLsTree(listing.stdout), limits);
    const blobs = await readBlobs(git, selection);
    const info = await commitInfo(git, commit);
    return { ...toFetchedSource(commit, subdir, selection, (entry) => blobs.get(entry.ref)!), ...(info ? { commit: info } : {}) };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** The branch names the remote advertises, or none when listing them fails too. */
async function remoteBranches(git: (args: string[]) => Promise<GitResult>, url: string): Promise<string[]> {
  const listed = await git(["ls-remote", "--heads", "--", url]);
  if (listed.code !== 0) return [];
  return listed.stdout
    .toString()
    .split("\n")
    .map((line) => /\trefs\/heads\/(.+)$/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

const MAX_COMMIT_MESSAGE = 2_000;

/** The commit's author and message, for the history; a commit git cannot describe leaves them out rather than failing the sync. */
async function commitInfo(git: (args: string[], more?: { maxStdoutBytes?: number }) => Promise<GitResult>, commit: string) {
  const shown = await git(["show", "-s", "--no-show-signature", "--format=%an <%ae>%x00%B", commit], { maxStdoutBytes: 64 * 1024 });
  if (shown.code !== 0) return undefined;
  const [author, ...message] = lossy.decode(shown.stdout).split("\0");
  return { author: author.trim(), message: message.join("\0").trim().slice(0, MAX_COMMIT_MESSAGE) };
}

/** ls-tree output beyond this is a repository too big to consider (about 500,000 entries). */
const MAX_LISTING_BYTES = 64 * 1024 * 1024;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const lossy = new TextDecoder("utf-8");

/** `git ls-tree -r -l -z`: "<mode> SP <type> SP <id> SP+ <size> TAB <path> NUL" per entry (trees are not listed with -r). */
export function parseLsTree(output: Buffer): ListedEntry[] {
  const entries: ListedEntry[] = [];
  let start = 0;
  while (start < output.length) {
    let end = output.indexOf(0, start);
    if (end === -1) end = output.length;
    const tab = output.indexOf(9, start);
    const [mode, , id, size] = output.toString("latin1", start, tab).split(/ +/);
    const nameBytes = output.subarray(tab + 1, end);
    let name: string;
    let problem: string | undefined;
    try {
      name = utf8.decode(nameBytes);
    } catch {
      name = lossy.decode(nameBytes);
      problem = "the name is not valid UTF-8";
    }
    const kind = mode === "100644" || mode === "100755" ? "file" : mode === "120000" ? "symlink" : mode === "160000" ? "submodule" : "other";
    entries.push({ path: name, kind, size: Number(size) || 0, executable: mode === "100755", ref: id, ...(problem ? { problem } : {}) });
    start = end + 1;
  }
  return entries;
}

/** Every selected blob through one `git cat-file --batch`: "<id> <type> <size> LF <content> LF" each. */
async function readBlobs(git: (args: string[], more: { stdin?: string; maxStdoutBytes?: number }) => Promise<GitResult>, selection: Selection) {
  const ids = [...new Set(selection.folders.flatMap((folder) => folder.files.map((file) => file.entry.ref)))];
  const blobs = new Map<string, Uint8Array>();
  if (ids.length === 0) return blobs;
  // The sizes were checked from the tree; the cap only guards against a tree that lied about them.
  const cap = selection.totalBytes + ids.length * 100 + 1024;
  const result = await git(["cat-file", "--batch"], { stdin: ids.join("\n") + "\n", maxStdoutBytes: cap });
  if (result.overflow) throw new SourceFetchError("too-large", "The repository's files are larger than its tree says");
  if (result.code !== 0) throw new SourceFetchError("git-failed", `Could not read the repository's files (git: ${result.stderr.trim()})`);
  const out = result.stdout;
  let at = 0;
  for (const id of ids) {
    const eol = out.indexOf(10, at);
    const [gotId, type, size] = out.toString("latin1", at, eol).split(" ");
    if (gotId !== id || type !== "blob") throw new SourceFetchError("git-failed", `Could not read object ${id} of the repository (${type ?? "missing"})`);
    const length = Number(size);
    blobs.set(id, new Uint8Array(out.buffer, out.byteOffset + eol + 1, length));
    at = eol + 1 + length + 1;
  }
  return blobs;
}

/**
 * Polls the temp dir's size while git downloads, and stops the fetch (through `stop`) once it passes
 * `maxBytes`. git cannot be told a pack size limit on fetch, so the bytes on disk are what is bounded.
 */
function watchSize(dir: string, maxBytes: number, stop: AbortController) {
  const over = (bytes: number) =>
    new SourceFetchError(
      "too-large",
      `The download was stopped at ${formatBytes(bytes, "prose")}: the repository is over the ${formatBytes(maxBytes, "prose")} fetch limit`,
    );
  let running: Promise<void> | null = null;
  const measure = async () => {
    const bytes = await directorySize(dir);
    if (bytes > maxBytes && !stop.signal.aborted) stop.abort(over(bytes));
  };
  const interval = setInterval(() => {
    running ??= measure().finally(() => (running = null));
  }, 100);
  return {
    async stop() {
      clearInterval(interval);
      await running;
    },
    /** Once more after git is done: a fetch quicker than one poll is bounded too. */
    async check() {
      const bytes = await directorySize(dir);
      if (bytes > maxBytes) throw over(bytes);
    },
  };
}

async function directorySize(dir: string): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0; // git renames and removes temporary files and folders as it goes
  }
  const sizes = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return directorySize(full);
      if (!entry.isFile()) return 0;
      return stat(full).then(
        (info) => info.size,
        () => 0,
      );
    }),
  );
  return sizes.reduce((a, b) => a + b, 0);
}
