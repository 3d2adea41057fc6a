import { spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Real Git repositories for tests: a working repository that commits and pushes to a bare one,
// served over file:// (`fileUrl`) or over HTTP by `git http-backend` (`serveGitHttp`). Author,
// committer and dates are fixed, so the same commits get the same shas in every run.
//
//   const repo = await createGitRepo();
//   const sha = await repo.commit({ "skills/pdf/SKILL.md": skillMd("pdf") }, "Add pdf");
//   const server = await serveGitHttp(repo.bareDir, { token: "s3cret" });
//   ... fetch server.url with the token ...
//   await server.close(); await repo.remove();

/** What a path becomes in the next commit: text or bytes, null to delete it, a symbolic link or a submodule (gitlink) entry. */
export type GitFileChange = string | Uint8Array | null | { symlink: string } | { submodule: string };

const GIT_ENV = {
  PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
  LC_ALL: "C",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Skillshelf Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_AUTHOR_DATE: "2025-01-01T00:00:00Z",
  GIT_COMMITTER_NAME: "Skillshelf Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  GIT_COMMITTER_DATE: "2025-01-01T00:00:00Z",
};

// ProcessEnv declares NODE_ENV, which git does not need.
const asEnv = (vars: Record<string, string>) => vars as unknown as NodeJS.ProcessEnv;

/** Runs git in `cwd` with the fixed test identity and a HOME of `home` (no user config); resolves with stdout, rejects with stderr. */
export function runTestGit(cwd: string, args: readonly string[], options: { home: string; stdin?: string | Uint8Array }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { cwd, env: asEnv({ ...GIT_ENV, HOME: options.home, GIT_CONFIG_GLOBAL: path.join(options.home, ".gitconfig") }) });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.stdin.end(options.stdin);
    child.once("error", reject);
    child.once("close", (code: number | null) =>
      code === 0 ? resolve(Buffer.concat(out).toString()) : reject(new Error(`git ${args.join(" ")} failed (${code}): ${err}`)),
    );
  });
}

export interface TestGitRepo {
  /** The temp dir holding both repositories; `remove()` deletes it. */
  root: string;
  workDir: string;
  bareDir: string;
  /** file:// URL of the bare repository. */
  fileUrl: string;
  /** Runs git in the working repository; resolves with stdout. */
  git(...args: string[]): Promise<string>;
  /**
   * Writes `files` (null deletes), commits everything on the current branch and, unless
   * `push: false`, pushes that branch to the bare repository. Resolves with the commit sha.
   * Paths in `executable` get mode 100755, every other written file 100644.
   */
  commit(files: Record<string, GitFileChange>, message: string, options?: { executable?: string[]; push?: boolean }): Promise<string>;
  /** Rewrites history: amends the last commit with `files` and force-pushes; resolves with the new sha (the old one is gone from the branch). */
  forcePush(files: Record<string, GitFileChange>, message: string, options?: { executable?: string[] }): Promise<string>;
  /** Switches the working repository to `branch`, creating it from the current commit when it does not exist. */
  checkout(branch: string): Promise<void>;
  /** Tags the current commit (annotated when `message` is given) and pushes the tag. */
  tag(name: string, message?: string): Promise<void>;
  remove(): Promise<void>;
}

/** A working repository on branch `main` whose `origin` is a fresh bare repository (HEAD → main). */
export async function createGitRepo(options: { branch?: string } = {}): Promise<TestGitRepo> {
  const branch = options.branch ?? "main";
  const root = await mkdtemp(path.join(tmpdir(), "skillshelf-git-test-"));
  const workDir = path.join(root, "work");
  const bareDir = path.join(root, "repo.git");
  const git = (cwd: string, args: string[], stdin?: string) => runTestGit(cwd, args, { home: root, stdin });
  await git(root, ["init", "--quiet", "--bare", `--initial-branch=${branch}`, bareDir]);
  await git(root, ["init", "--quiet", `--initial-branch=${branch}`, workDir]);
  await git(workDir, ["remote", "add", "origin", bareDir]);

  const write = async (files: Record<string, GitFileChange>, executable: readonly string[]) => {
    for (const [file, change] of Object.entries(files)) {
      const full = path.join(workDir, file);
      if (change === null) {
        await git(workDir, ["rm", "-r", "--quiet", "--cached", "--ignore-unmatch", "--", file]);
        await rm(full, { recursive: true, force: true });
        continue;
      }
      await rm(full, { recursive: true, force: true });
      await mkdir(path.dirname(full), { recursive: true });
      if (typeof change === "object" && "symlink" in change) await symlink(change.symlink, full);
      else if (typeof change === "object" && "submodule" in change) {
        await git(workDir, ["update-index", "--add", "--cacheinfo", `160000,${change.submodule},${file}`]);
        continue;
      } else {
        await writeFile(full, change);
        await chmod(full, executable.includes(file) ? 0o755 : 0o644);
      }
      await git(workDir, ["add", "--", file]);
    }
  };
  const currentBranch = async () => (await git(workDir, ["symbolic-ref", "--short", "HEAD"])).trim();
  const head = async () => (await git(workDir, ["rev-parse", "HEAD"])).trim();

  return {
    root,
    workDir,
    bareDir,
    fileUrl: pathToFileURL(bareDir).href,
    git: (...args) => git(workDir, args),
    async commit(files, message, { executable = [], push = true } = {}) {
      await write(files, executable);
      await git(workDir, ["commit", "--quiet", "--allow-empty", "-m", message]);
      if (push) await git(workDir, ["push", "--quiet", "origin", `HEAD:refs/heads/${await currentBranch()}`]);
      return head();
    },
    async forcePush(files, message, { executable = [] } = {}) {
      await write(files, executable);
      await git(workDir, ["commit", "--quiet", "--amend", "--allow-empty", "-m", message]);
      await git(workDir, ["push", "--quiet", "--force", "origin", `HEAD:refs/heads/${await currentBranch()}`]);
      return head();
    },
    async checkout(name) {
      const exists = await git(workDir, ["rev-parse", "--verify", "--quiet", `refs/heads/${name}`]).then(
        () => true,
        () => false,
      );
      await git(workDir, exists ? ["checkout", "--quiet", name] : ["checkout", "--quiet", "-b", name]);
    },
    async tag(name, message) {
      await git(workDir, message === undefined ? ["tag", name] : ["tag", "-a", name, "-m", message]);
      await git(workDir, ["push", "--quiet", "origin", `refs/tags/${name}`]);
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

export interface TestHttpServer {
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  /** The repository's URL on this server. */
  url: string;
  close(): Promise<void>;
}

/** The Authorization header a client sends for `token` (the same form lib/sources uses). */
export const basicTokenHeader = (token: string) => `Basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`;

/**
 * Serves the bare repository `bareDir` over smart HTTP on 127.0.0.1 by running `git http-backend`
 * as a CGI per request (protocol v2 included). With `token`, every request must carry
 * `Authorization: Basic base64("x-access-token:" + token)`, else it gets 401 with
 * `WWW-Authenticate: Basic`, as a Git host behind Basic auth answers. `protocolV2: false` serves
 * only protocol v0, like older servers (which refuse to fetch a commit by a sha no ref points at).
 */
export async function serveGitHttp(bareDir: string, options: { token?: string; protocolV2?: boolean } = {}): Promise<TestHttpServer> {
  const projectRoot = path.dirname(bareDir);
  const expected = options.token === undefined ? null : basicTokenHeader(options.token);
  const server = createServer((req, res) => {
    if (expected !== null && req.headers.authorization !== expected) {
      req.resume();
      res.writeHead(401, { "WWW-Authenticate": 'Basic realm="git"', "Content-Type": "text/plain" });
      return void res.end("Authentication required\n");
    }
    runHttpBackend(projectRoot, req, res, { remoteUser: expected !== null ? "x-access-token" : "", protocolV2: options.protocolV2 ?? true });
  });
  const origin = await listen(server);
  return { origin, url: `${origin}/${path.basename(bareDir)}`, close: closer(server) };
}

function runHttpBackend(projectRoot: string, req: IncomingMessage, res: ServerResponse, options: { remoteUser: string; protocolV2: boolean }): void {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(", ") : (value ?? "");
  };
  const child = spawn("git", ["http-backend"], {
    env: asEnv({
      PATH: GIT_ENV.PATH,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_PROJECT_ROOT: projectRoot,
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: decodeURIComponent(url.pathname),
      REQUEST_METHOD: req.method ?? "GET",
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: header("content-type"),
      REMOTE_USER: options.remoteUser,
      REMOTE_ADDR: "127.0.0.1",
      // git gzips large request bodies and asks for protocol v2 in a header; http-backend reads both from CGI variables.
      HTTP_CONTENT_ENCODING: header("content-encoding"),
      HTTP_GIT_PROTOCOL: options.protocolV2 ? header("git-protocol") : "",
      ...(req.headers["content-length"] ? { CONTENT_LENGTH: header("content-length") } : {}),
    }),
  });
  req.pipe(child.stdin);
  child.stdin.on("error", () => undefined);
  child.stderr.resume();
  let head = Buffer.alloc(0);
  let headersDone = false;
  child.stdout.on("data", (chunk: Buffer) => {
    if (headersDone) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf("\r\n\r\n");
    const endLf = head.indexOf("\n\n");
    const [at, separator] = end !== -1 && (endLf === -1 || end < endLf) ? [end, 4] : [endLf, 2];
    if (at === -1) return;
    headersDone = true;
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.toString("latin1", 0, at).split(/\r?\n/)) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
      else headers[name] = value;
    }
    res.writeHead(status, headers);
    res.write(head.subarray(at + separator));
  });
  child.once("close", () => {
    if (!headersDone) res.writeHead(502, { "Content-Type": "text/plain" });
    res.end();
  });
  child.once("error", () => {
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
}

/** An HTTP server on 127.0.0.1 that accepts every request and never answers (for timeouts). */
export async function serveHangingHttp(): Promise<TestHttpServer & { requests: () => number }> {
  let requests = 0;
  const server = createServer(() => {
    requests++;
  });
  const origin = await listen(server);
  return { origin, url: `${origin}/repo.git`, close: closer(server), requests: () => requests };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closer = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
