import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createGitRepo, type TestGitRepo } from "@/lib/test/git-repos";
import { fetchSource } from "./fetch";
import { DEFAULT_FETCH_LIMITS, SourceFetchError, type FetchedSource, type SourceSpec } from "./types";

// A server-side folder gives what a repository with the same files gives; its revision is a digest
// of the skill folders' files that changes exactly when they do.

const skillMd = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\nBody.\n`;
const folder = (dir: string, subdir: string | null = null): SourceSpec => ({ kind: "folder", path: dir, subdir });
const withoutRevision = ({ folders, skipped }: FetchedSource) => ({ folders, skipped });

async function fetchError(spec: SourceSpec, limits = DEFAULT_FETCH_LIMITS): Promise<SourceFetchError> {
  const error = await fetchSource(spec, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceFetchError);
  return error as SourceFetchError;
}

describe("a folder source", () => {
  let repo: TestGitRepo;
  let dir: string;
  beforeAll(async () => {
    // The test repository's working tree is the folder: the same files both ways.
    repo = await createGitRepo();
    dir = repo.workDir;
    await repo.commit(
      {
        "README.md": "# Skills\n",
        "skills/pdf/SKILL.md": skillMd("pdf"),
        "skills/pdf/scripts/fill.py": "print('fill')\n",
        "skills/pdf/passwd": { symlink: "/etc/passwd" },
        "skills/pdf/examples/inner/SKILL.md": skillMd("inner"),
        "skills/csv/SKILL.md": skillMd("csv"),
        "skills/linked": { symlink: "../elsewhere" },
        "elsewhere/SKILL.md": skillMd("elsewhere"),
      },
      "Skills",
      { executable: ["skills/pdf/scripts/fill.py"] },
    );
  });
  afterAll(() => repo.remove());

  test("gives the same folders, files, execute bits and skipped entries as the repository", async () => {
    const fromFolder = await fetchSource(folder(dir));
    const fromGit = await fetchSource({ kind: "git", url: repo.fileUrl, ref: null, subdir: null, token: null });
    expect(withoutRevision(fromFolder)).toEqual(withoutRevision(fromGit));
    expect(fromFolder.folders.map((f) => f.path)).toEqual(["elsewhere", "skills/csv", "skills/pdf"]);
    expect(fromFolder.skipped.map((s) => s.path)).toEqual(["skills/linked", "skills/pdf/passwd"]);

    const fromSubdir = await fetchSource(folder(dir, "skills"));
    const fromGitSubdir = await fetchSource({ kind: "git", url: repo.fileUrl, ref: null, subdir: "skills", token: null });
    expect(withoutRevision(fromSubdir)).toEqual(withoutRevision(fromGitSubdir));
  });

  test("the revision changes exactly when a skill file's bytes, name or execute bit do", async () => {
    const revision = async () => (await fetchSource(folder(dir))).revision;
    const first = await revision();
    expect(first).toMatch(/^tree:[0-9a-f]{64}$/);
    expect(await revision()).toBe(first);

    await writeFile(path.join(dir, "README.md"), "# Changed, but outside every skill\n");
    expect(await revision()).toBe(first);

    const script = path.join(dir, "skills/pdf/scripts/fill.py");
    await chmod(script, 0o644);
    const notExecutable = await revision();
    expect(notExecutable).not.toBe(first);
    await chmod(script, 0o755);
    expect(await revision()).toBe(first);

    await writeFile(path.join(dir, "skills/csv/SKILL.md"), skillMd("csv") + "More.\n");
    const edited = await revision();
    expect(edited).not.toBe(first);
    await writeFile(path.join(dir, "skills/csv/SKILL.md"), skillMd("csv"));
    expect(await revision()).toBe(first);
  });
});

test("a .git folder and a FIFO inside a skill are reported, never entered or read", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "skillshelf-folder-"));
  try {
    await mkdir(path.join(dir, "pdf/.git/hooks"), { recursive: true });
    await writeFile(path.join(dir, "pdf/SKILL.md"), skillMd("pdf"));
    await writeFile(path.join(dir, "pdf/.git/hooks/post-checkout"), "#!/bin/sh\n");
    await promisify(execFile)("mkfifo", [path.join(dir, "pdf/pipe")]);
    const fetched = await fetchSource(folder(dir));
    expect(fetched.folders).toEqual([{ path: "pdf", files: [{ path: "SKILL.md", bytes: new Uint8Array(Buffer.from(skillMd("pdf"))) }] }]);
    expect(fetched.skipped).toEqual([
      { path: "pdf/.git", reason: 'the path has a ".git" segment (a nested repository is never imported)' },
      { path: "pdf/pipe", reason: "not a regular file" },
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a relative path is bad-url, a missing folder unreachable, a missing sub-folder subdir-not-found, too much too-large", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "skillshelf-folder-"));
  try {
    await mkdir(path.join(dir, "skills/a"), { recursive: true });
    await writeFile(path.join(dir, "skills/a/SKILL.md"), skillMd("a"));
    expect(await fetchError(folder("relative/skills"))).toEqual(
      new SourceFetchError("bad-url", 'The folder "relative/skills" must be an absolute path on the server'),
    );
    expect(await fetchError(folder(path.join(dir, "nope")))).toMatchObject({ code: "unreachable" });
    expect(await fetchError(folder(dir, "nope"))).toEqual(new SourceFetchError("subdir-not-found", `The folder ${dir} has no sub-folder "nope"`));
    expect(await fetchError(folder(dir, "skills/a/SKILL.md"))).toMatchObject({ code: "subdir-not-found" });
    expect(await fetchError(folder(dir, "../etc"))).toMatchObject({ code: "subdir-not-found" });
    expect(await fetchError(folder(dir), { ...DEFAULT_FETCH_LIMITS, maxBytes: 10 })).toMatchObject({ code: "too-large" });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
