// Git source sync benchmark (`npm run bench:sync`): a repository of 200 real skills (the first 200
// distinct names of ../shared/corpus-external, every text file they ship) synced into a fresh
// store through the data layer (fetch, validate, scan, store), then synced again after a commit
// that changes one skill, and once more with nothing changed. The comparison, measured in the same
// run on the same repository: `git clone --depth 1` of it, which fetches the same commit and
// writes the same files to disk but validates, scans and stores nothing.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { hasShared, readTree, SHARED_DIR } from "../lib/skills/test-helpers/shared";
import { applyMigrations } from "../server/db/migrator";
import { corpusFolders, figure, SMOKE, sized } from "./bench-kit";

if (!hasShared && !SMOKE) {
  console.log(`# skipped: ${SHARED_DIR} is not present`);
  process.exit(0);
}

const SKILLS = sized(200, 10);
const ROUNDS = sized(3, 1);

function git(cwd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, {
      cwd,
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "bench",
        GIT_AUTHOR_EMAIL: "bench@example.com",
        GIT_COMMITTER_NAME: "bench",
        GIT_COMMITTER_EMAIL: "bench@example.com",
      },
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`git ${args.join(" ")}: ${stderr.trim()}`))));
  });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// ---- The repository: skills/<publisher>/<skill>/..., as a team's skills repository lays them out ----

const root = await mkdtemp(path.join(os.tmpdir(), "skillshelf-bench-sync-"));
const work = path.join(root, "work");
const bare = path.join(root, "skills.git");
const chosen: { publisher: string; folder: string }[] = [];
const names = new Set<string>();
for (const corpus of corpusFolders("corpus-external"))
  for (const publisher of readdirSync(corpus, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const walk = (dir: string) => {
      const entries = readdirSync(dir, { withFileTypes: true });
      if (entries.some((e) => e.isFile() && e.name === "SKILL.md")) {
        const name = path.basename(dir);
        if (!names.has(name) && chosen.length < SKILLS) {
          names.add(name);
          chosen.push({ publisher: publisher.name, folder: dir });
        }
        return;
      }
      for (const entry of entries) if (entry.isDirectory()) walk(path.join(dir, entry.name));
    };
    walk(path.join(corpus, publisher.name));
  }
let fileCount = 0;
for (const { publisher, folder } of chosen) {
  for (const file of readTree(folder, "")) {
    const target = path.join(work, "skills", publisher, path.basename(folder), file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.bytes);
    fileCount++;
  }
}
await git(root, ["init", "--quiet", "--initial-branch=main", "--bare", bare]);
await git(work, ["init", "--quiet", "--initial-branch=main"]);
await git(work, ["add", "-A"]);
await git(work, ["commit", "--quiet", "-m", `${chosen.length} skills`]);
await git(work, ["push", "--quiet", bare, "HEAD:refs/heads/main"]);
const url = pathToFileURL(bare).href;
console.log(`# repository: ${chosen.length} skills, ${fileCount} files`);

// ---- The data layer on a fresh SQLite store ----

Object.assign(process.env, { BETTER_AUTH_SECRET: "bench-only-secret-0123456789-abcdefghij", NODE_ENV: "production" });
const databasePath = path.join(root, "store.db");
process.env.DATABASE_URL = `file:${databasePath}`;
await applyMigrations(databasePath);
const { db } = await import("../lib/db/server");
const sources = await import("../lib/data/sources/sources");
// A source's first sync is a background job: this process works the queue, as the server does.
const background = await import("../lib/data/background");
await background.startJobs({ recurring: false });

const first: number[] = [];
const oneChange: number[] = [];
const noChange: number[] = [];
const clones: number[] = [];
let report = "";
for (let round = 0; round < ROUNDS; round++) {
  // A personal destination of a new user each round, so each first sync starts from nothing. An
  // instance admin, as a file:// source needs one.
  const owner = { id: `bench-user-${round}` };
  await db.user.create({ data: { id: owner.id, name: owner.id, email: `${owner.id}@example.com`, role: "ADMIN" } });
  let sourceId = "";
  first.push(
    await timed(async () => {
      const { source } = await sources.createSource(owner, { kind: "git", url, destination: { scope: "PERSONAL" } });
      sourceId = source.id;
      await sources.waitForSyncs();
    }),
  );
  const created = (await sources.getSource(owner, sourceId)).syncs[0];
  if (created.status === "failed") throw new Error(`first sync failed: ${created.error}`);

  const changed = path.join(work, "skills", chosen[round].publisher, path.basename(chosen[round].folder), "SKILL.md");
  await writeFile(changed, `${readFileSync(changed, "utf8")}\n\nRound ${round}: one more line.\n`);
  await git(work, ["commit", "--quiet", "-am", `change one skill (${round})`]);
  await git(work, ["push", "--quiet", bare, "HEAD:refs/heads/main"]);
  let after: Awaited<ReturnType<typeof sources.syncSource>> | undefined;
  oneChange.push(await timed(async () => (after = await sources.syncSource(owner, sourceId))));
  if (after?.updated !== 1) throw new Error(`expected one updated skill, got ${JSON.stringify(after)}`);
  noChange.push(await timed(() => sources.syncSource(owner, sourceId)));

  const into = path.join(root, `clone-${round}`);
  clones.push(await timed(() => git(root, ["clone", "--quiet", "--depth", "1", url, into])));
  await rm(into, { recursive: true, force: true });
  report = `# first sync: ${created.created} created, ${created.refused.length} refused; after one change: ${after.updated} updated, ${after.unchanged} unchanged`;
}
console.log(report);

figure(`first sync of ${SKILLS} skills (median of ${ROUNDS})`, median(first), "ms", 0);
figure(`sync after one changed skill (median of ${ROUNDS})`, median(oneChange), "ms", 0);
figure(`sync with nothing changed (median of ${ROUNDS})`, median(noChange), "ms", 0);
figure(`git clone --depth 1 of the same repository (median of ${ROUNDS})`, median(clones), "ms", 0);
figure("first sync / clone", median(first) / median(clones), "x");
figure("one-change sync / clone", median(oneChange) / median(clones), "x");

await background.stopJobs();
await db.$disconnect();
await rm(root, { recursive: true, force: true });
