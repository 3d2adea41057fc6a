import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { prepareNextRuntimes } from "./next-runtime.mjs";

// What a production build depends on. A change to any of these (a pull, an edit) makes
// `npm start` rebuild; otherwise it reuses .next and starts in about a second.
const inputs = [
  "app",
  "components",
  "lib",
  "public",
  "prisma/schema.prisma",
  "next.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  "proxy.ts",
];
const skip = new Set(["node_modules", ".next", "generated", "test"]);
// Where `next build` writes (next.config.ts reads the same variable).
export const distDir = (root: string) => path.join(root, process.env.NEXT_DIST_DIR || ".next");

async function collect(root: string, rel: string, out: string[]): Promise<void> {
  const full = path.join(root, rel);
  const info = await stat(full).catch(() => null);
  if (!info) return;
  if (info.isFile()) {
    if (!/\.test\.tsx?$/.test(rel)) out.push(`${rel}:${info.size}:${info.mtimeMs}`);
    return;
  }
  for (const entry of (await readdir(full)).sort()) {
    if (!skip.has(entry)) await collect(root, path.join(rel, entry), out);
  }
}

export async function buildFingerprint(root: string): Promise<string> {
  const parts: string[] = [];
  for (const input of inputs) await collect(root, input, parts);
  return createHash("sha256").update(parts.join("\n")).digest("hex");
}

const stampFile = (root: string) => path.join(distDir(root), "skillshelf-build-fingerprint");

export async function isBuildCurrent(root: string): Promise<boolean> {
  const [stamp, buildId] = await Promise.all([
    readFile(stampFile(root), "utf8").catch(() => null),
    readFile(path.join(distDir(root), "BUILD_ID"), "utf8").catch(() => null),
  ]);
  return !!buildId && stamp === (await buildFingerprint(root));
}

export async function recordBuild(root: string): Promise<void> {
  await writeFile(stampFile(root), await buildFingerprint(root));
}

/** Builds as `npm start` always has (prisma generate, next build); a failed step ends the process with its status. */
function buildApp(root: string): void {
  const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
  for (const [cmd, args] of [
    [bin("prisma"), ["generate"]],
    [bin("next"), ["build"]],
  ] as const) {
    const result = spawnSync(cmd, args, {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1" },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

/**
 * The copy of Next.js's runtimes the server loads (server/next-runtime.mjs), made after each build
 * and at a start that finds it missing or made from another Next.js; nothing to do otherwise.
 */
export async function prepareRuntimes(root: string): Promise<void> {
  const { made, failed } = await prepareNextRuntimes(root, distDir(root));
  if (made.length) console.log(`Prepared Next.js's runtime for the server (${made.join(", ")}).`);
  for (const { name, error } of failed) console.warn(`Next.js's ${name} will run as installed (slower): ${error}`);
}

/** `npm start`'s build step: none when the recorded build is current, else a build, recorded. Answers whether it built. */
export async function buildIfNeeded(root: string, build: (root: string) => void = buildApp): Promise<boolean> {
  if (await isBuildCurrent(root)) return false;
  console.log("Building the app (first start or changed sources)...");
  build(root);
  await recordBuild(root);
  return true;
}

// `npm run build` records its build too (`tsx server/build-if-needed.ts --record` after `next
// build`): before, only `npm start` recorded one, so the first `npm start` after a build built again.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv.includes("--record")) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  await recordBuild(root);
  await prepareRuntimes(root);
}
