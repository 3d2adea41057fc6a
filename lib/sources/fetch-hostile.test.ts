import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { access, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createGitRepo, runTestGit, serveHangingHttp, type TestGitRepo } from "@/lib/test/git-repos";
import { fetchSource } from "./fetch";
import { gitEnvironment, runGit } from "./run-git";
import { DEFAULT_FETCH_LIMITS, SourceFetchError, type FetchLimits, type SourceSpec } from "./types";

// What a repository cannot make fetchSource do: follow a link, fetch a submodule, run a hook or a
// transport command, write outside its temp dir, take more than the limits, or outlive the timeout.

const skillMd = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\nBody.\n`;
const git = (url: string, ref: string | null = null): SourceSpec => ({ kind: "git", url, ref, subdir: null, token: null });
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function fetchError(spec: SourceSpec, limits: Partial<FetchLimits> = {}, signal?: AbortSignal): Promise<unknown> {
  return fetchSource(spec, { ...DEFAULT_FETCH_LIMITS, ...limits }, { signal }).then(
    () => null,
    (e: unknown) => e,
  );
}

/** Live processes whose command line mentions `text` (git-remote-http carries the URL in its argv). */
async function processesMentioning(text: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir("/proc")).filter((name) => /^\d+$/.test(name))) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (cmdline.includes(text) && Number(pid) !== process.pid) found.push(`${pid}: ${cmdline.replaceAll("\x00", " ")}`);
  }
  return found;
}

// Every temp dir of this file lands here (os.tmpdir() reads TMPDIR on each call), so the last test
// can check that fetches, failed and killed ones included, removed theirs.
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "skillshelf-sources-test-"));
  process.env.TMPDIR = scratch;
});
afterAll(async () => {
  delete process.env.TMPDIR;
  await rm(scratch, { recursive: true, force: true });
});

describe("a hostile repository", () => {
  let repo: TestGitRepo;
  let marker: string;
  beforeAll(async () => {
    repo = await createGitRepo();
    marker = path.join(repo.root, "hook-ran");
    const hook = `#!/bin/sh\ntouch ${marker}\n`;
    const base = await repo.commit(
      {
        "skills/evil/SKILL.md": skillMd("evil"),
        "skills/evil/passwd": { symlink: "/etc/passwd" },
        "skills/evil/vendor": { submodule: "0123456789abcdef0123456789abcdef01234567" },
        "skills/evil/hooks/post-checkout": hook,
        "skills/linked": { symlink: "../outside/real" },
        "outside/real/SKILL.md": skillMd("real"),
        "skills/module": { submodule: "89abcdef0123456789abcdef0123456789abcdef" },
      },
      "Innocent-looking skills",
      { executable: ["skills/evil/hooks/post-checkout"], push: false },
    );
    // git refuses to commit ".git" or ".." entries, so they are written as raw trees, as an attacker would.
    const run = (args: string[], stdin?: string) => runTestGit(repo.workDir, args, { home: repo.root, stdin });
    const blob = (await run(["hash-object", "-w", "--stdin"], hook)).trim();
    const inner = (await run(["mktree", "-z"], `100755 blob ${blob}\tpost-checkout\x00`)).trim();
    const dotGit = (await run(["mktree", "-z"], `040000 tree ${inner}\thooks\x00100644 blob ${blob}\tconfig\x00`)).trim();
    const escape = (await run(["mktree", "-z"], `100644 blob ${blob}\tescaped.sh\x00`)).trim();
    const listing = (treeish: string) => run(["ls-tree", "-z", treeish]);
    const evil = (
      await run(
        ["mktree", "-z"],
        `${await listing(`${base}:skills/evil`)}040000 tree ${dotGit}\t.git\x00040000 tree ${escape}\t..\x00040000 tree ${dotGit}\t.GIT.\x00100644 blob ${blob}\tok.txt\x00`,
      )
    ).trim();
    const replace = async (treeish: string, name: string, id: string) => {
      const lines = (await listing(treeish)).split("\x00").filter((line) => line && !line.endsWith(`\t${name}`));
      return (await run(["mktree", "-z"], [...lines, `040000 tree ${id}\t${name}`].join("\x00") + "\x00")).trim();
    };
    const skills = await replace(`${base}:skills`, "evil", evil);
    const root = await replace(base, "skills", skills);
    const rootWithGit = (await run(["mktree", "-z"], `${await listing(root)}040000 tree ${dotGit}\t.git\x00`)).trim();
    const commit = (await run(["commit-tree", rootWithGit, "-p", base, "-m", "Hostile"])).trim();
    await run(["push", "--quiet", "origin", `${commit}:refs/heads/main`]);
  });
  afterAll(() => repo.remove());

  test("links and submodules are reported, never followed; .git and .. entries are reported, never read; hooks are plain files", async () => {
    const fetched = await fetchSource(git(repo.fileUrl));
    expect(fetched.folders.map((f) => f.path)).toEqual(["outside/real", "skills/evil"]);
    const evil = fetched.folders[1];
    expect(evil.files.map((f) => [f.path, f.executable ?? false])).toEqual([
      ["SKILL.md", false],
      ["hooks/post-checkout", true],
      ["ok.txt", false],
    ]);
    expect(fetched.skipped).toEqual([
      { path: "skills/evil/../escaped.sh", reason: 'the path has an empty, "." or ".." segment' },
      { path: "skills/evil/.GIT./config", reason: 'the path has a ".git" segment (a nested repository is never imported)' },
      { path: "skills/evil/.GIT./hooks/post-checkout", reason: 'the path has a ".git" segment (a nested repository is never imported)' },
      { path: "skills/evil/.git/config", reason: 'the path has a ".git" segment (a nested repository is never imported)' },
      { path: "skills/evil/.git/hooks/post-checkout", reason: 'the path has a ".git" segment (a nested repository is never imported)' },
      { path: "skills/evil/passwd", reason: "a symbolic link (links are not imported)" },
      { path: "skills/evil/vendor", reason: "a submodule (submodules are not fetched)" },
      { path: "skills/linked", reason: "a symbolic link (links are not imported)" },
      { path: "skills/module", reason: "a submodule (submodules are not fetched)" },
    ]);
    expect(await exists(marker)).toBe(false);
  });
});

describe("limits", () => {
  let repo: TestGitRepo;
  beforeAll(async () => {
    repo = await createGitRepo();
    // Incompressible bytes, derived (not random) so the commit is the same in every run.
    const noise = new Uint8Array(3 * 1024 * 1024);
    for (let offset = 0, block = Buffer.from("seed"); offset < noise.length; offset += 32) {
      block = createHash("sha256").update(block).digest();
      noise.set(block.subarray(0, Math.min(32, noise.length - offset)), offset);
    }
    await repo.commit(
      {
        "skills/a/SKILL.md": skillMd("a"),
        "skills/a/one.md": "1",
        "skills/a/two.md": "2",
        "skills/b/SKILL.md": skillMd("b"),
        "skills/c/SKILL.md": skillMd("c"),
        "assets/video.bin": noise,
      },
      "Skills and a big file outside them",
    );
  });
  afterAll(() => repo.remove());

  test("files outside skill folders do not count against the skill limits", async () => {
    const fetched = await fetchSource(git(repo.fileUrl), { ...DEFAULT_FETCH_LIMITS, maxBytes: 10_000, maxFiles: 5, maxSkills: 3 });
    expect(fetched.folders.map((f) => f.path)).toEqual(["skills/a", "skills/b", "skills/c"]);
  });

  test("too many skills, files or bytes is too-large, from the tree's sizes", async () => {
    const cases: [Partial<FetchLimits>, string][] = [
      [{ maxSkills: 2 }, "3 skill folders were found; the limit is 2"],
      [{ maxFiles: 4 }, "The skill folders hold 5 files; the limit is 4"],
      [{ maxBytes: 100 }, `The skill folders' files add up to ${3 * skillMd("a").length + 2} bytes; the limit is 100 bytes`],
    ];
    for (const [limits, message] of cases) expect(await fetchError(git(repo.fileUrl), limits)).toEqual(new SourceFetchError("too-large", message));
  });

  test("a download over maxFetchBytes is stopped", async () => {
    const error = await fetchError(git(repo.fileUrl), { maxFetchBytes: 1024 * 1024 });
    expect(error).toBeInstanceOf(SourceFetchError);
    expect(error).toMatchObject({
      code: "too-large",
      message: expect.stringMatching(/^The download was stopped at [\d.]+ MB: the repository is over the 1 MB fetch limit$/),
    });
  });
});

describe("transports", () => {
  test("ext:: and other transports are refused before git runs, and git's own environment refuses them too", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "skillshelf-ext-"));
    const marker = path.join(dir, "pwned");
    try {
      const url = `ext::sh -c touch% ${marker}`;
      expect(await fetchError(git(url))).toMatchObject({ code: "bad-url", message: expect.stringContaining("transport::address") });
      expect(await fetchError(git(`fd::3`))).toMatchObject({ code: "bad-url" });
      expect(await fetchError(git("git://127.0.0.1/x.git"))).toMatchObject({ code: "bad-url", message: expect.stringContaining('"git" is not allowed') });

      // Belt and braces: even handed such a URL, git under gitEnvironment will not run it, nor use
      // another transport than the spec's (a file:// URL under an https source).
      const signal = new AbortController().signal;
      const env = gitEnvironment({ home: dir, scheme: "https", token: null });
      await runGit({ args: ["init", "--quiet", "--bare", "repo.git"], cwd: dir, env, signal });
      const ext = await runGit({ args: ["fetch", "--", url, "HEAD"], cwd: path.join(dir, "repo.git"), env, signal });
      expect(ext.stderr).toContain("transport 'ext' not allowed");
      const file = await runGit({ args: ["fetch", "--", "file:///nonexistent.git", "HEAD"], cwd: path.join(dir, "repo.git"), env, signal });
      expect(file.stderr).toContain("transport 'file' not allowed");
      expect(await exists(marker)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("the timeout kills git and its helpers against a server that never answers", async () => {
    const hanging = await serveHangingHttp();
    try {
      const error = await fetchError(git(hanging.url), { timeoutMs: 1000 });
      expect(error).toEqual(new SourceFetchError("timeout", "Fetching the repository took longer than 1 s and was stopped"));
      expect(hanging.requests()).toBeGreaterThan(0);
      // SIGKILL went to the whole process group; give the kernel a moment to reap it.
      await vi.waitFor(async () => expect(await processesMentioning(hanging.origin)).toEqual([]), { timeout: 2000 });
    } finally {
      await hanging.close();
    }
  });

  test("an abort kills git and rejects with the caller's reason", async () => {
    const hanging = await serveHangingHttp();
    try {
      const controller = new AbortController();
      const pending = fetchError(git(hanging.url), {}, controller.signal);
      await vi.waitFor(() => expect(hanging.requests()).toBeGreaterThan(0), { timeout: 5000 });
      expect(await processesMentioning(hanging.origin)).not.toEqual([]);
      controller.abort(new Error("sync cancelled"));
      expect(await pending).toEqual(new Error("sync cancelled"));
      await vi.waitFor(async () => expect(await processesMentioning(hanging.origin)).toEqual([]), { timeout: 2000 });
    } finally {
      await hanging.close();
    }
  });
});

test("a redirect is not followed and a closed port is unreachable, both named", async () => {
  const redirecting = createServer((_, res) => res.writeHead(301, { Location: "http://169.254.169.254/latest/meta-data" }).end());
  await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
  try {
    expect(await fetchError(git(`${origin}/moved.git`))).toMatchObject({
      code: "unreachable",
      message: expect.stringContaining(`${origin}/moved.git redirects to another address; use the address it moved to`),
    });
  } finally {
    await new Promise((resolve) => redirecting.close(resolve));
  }
  expect(await fetchError(git(`${origin}/moved.git`))).toMatchObject({
    code: "unreachable",
    message: expect.stringContaining(`Could not reach ${origin}/moved.git`),
  });
});

test.skipIf(!existsSync("/usr/bin/ssh"))("an ssh URL whose connection is refused is unreachable, with ssh's reason", async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const error = await fetchError(git(`ssh://git@127.0.0.1:${port}/skills.git`));
  expect(error).toMatchObject({ code: "unreachable", message: expect.stringContaining(`ssh: connect to host 127.0.0.1 port ${port}: Connection refused`) });
  expect((error as Error).message).toMatch(/^Could not reach ssh:\/\/127\.0\.0\.1:\d+\/skills\.git /);
});

test("every fetch of this file removed its temp dir, including the failed, stopped and killed ones", async () => {
  const left = (await readdir(scratch)).filter((name) => name.startsWith("skillshelf-source-"));
  expect(left).toEqual([]);
});
