import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface TestRepo {
  /** file:// URL of the bare repository the app fetches. */
  url: string;
  /** Writes (or, for null, deletes) files in a working clone, commits and pushes to main; the new commit's sha. */
  commit(message: string, files: Record<string, string | null>): Promise<string>;
  dispose(): Promise<void>;
}

// Git as the test's user, whatever the machine's configuration: no hooks, no signing, no prompts.
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_TERMINAL_PROMPT: "0",
  GIT_AUTHOR_NAME: "E2E",
  GIT_AUTHOR_EMAIL: "e2e@example.com",
  GIT_COMMITTER_NAME: "E2E",
  GIT_COMMITTER_EMAIL: "e2e@example.com",
};

const git = async (cwd: string, ...args: string[]) => (await run("git", args, { cwd, env: GIT_ENV })).stdout.trim();

export async function createRepo(): Promise<TestRepo> {
  const root = await mkdtemp(path.join(os.tmpdir(), "skillshelf-e2e-repo-"));
  const bare = path.join(root, "skills.git");
  const work = path.join(root, "work");
  await git(root, "init", "--quiet", "--bare", "--initial-branch=main", bare);
  await git(root, "init", "--quiet", "--initial-branch=main", work);
  await git(work, "remote", "add", "origin", bare);
  return {
    url: `file://${bare}`,
    async commit(message, files) {
      for (const [file, text] of Object.entries(files)) {
        const target = path.join(work, file);
        if (text === null) await git(work, "rm", "--quiet", "-r", file);
        else {
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, text);
          await git(work, "add", file);
        }
      }
      await git(work, "commit", "--quiet", "-m", message);
      await git(work, "push", "--quiet", "origin", "main");
      return git(work, "rev-parse", "HEAD");
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
