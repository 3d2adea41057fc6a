// `npm run -s skills`: runs the CLI (skills.ts) from a bundle built once with esbuild and
// rebuilt when a source file changes, instead of compiling TypeScript through tsx on every call
// (which alone took about a second before any work). Falls back to tsx if the bundle cannot be built.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const cacheDir = path.join(root, "node_modules", ".cache", "skillshelf-cli");
const SOURCES = ["cli", "server/load-env.ts", "server/db", "lib", "package.json"];

/** Newest modification time and number of the CLI's possible sources: the bundle's freshness key. */
function sourceStamp() {
  let newest = 0;
  let count = 0;
  const visit = (file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(file)) if (!name.startsWith(".")) visit(path.join(file, name));
      return;
    }
    if (!/\.(?:m?ts|tsx|js|mjs|json)$/.test(file) || /\.test\.tsx?$/.test(file)) return;
    newest = Math.max(newest, stat.mtimeMs);
    count++;
  };
  for (const source of SOURCES) visit(path.join(root, source));
  return `${newest}:${count}`;
}

async function ensureBundle() {
  // one folder per source state: a run never removes the bundle another run is loading chunks from
  const stamp = sourceStamp();
  const current = path.join(cacheDir, `bundle-${createHash("sha256").update(stamp).digest("hex").slice(0, 16)}`);
  if (existsSync(path.join(current, "stamp"))) return path.join(current, "skills.js");
  const { build } = await import("esbuild");
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  // packages stay in node_modules; `server-only` is bundled in its react-server form, as the app's server sees it
  const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]
    .filter((name) => name !== "server-only")
    .flatMap((name) => [name, `${name}/*`]);
  const staging = path.join(cacheDir, `build-${process.pid}`);
  await build({
    absWorkingDir: root,
    entryPoints: ["cli/admin/skills.ts"],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    outdir: staging,
    conditions: ["react-server"],
    external,
    tsconfig: "tsconfig.json",
    logLevel: "error",
  });
  writeFileSync(path.join(staging, "stamp"), stamp);
  try {
    renameSync(staging, current);
  } catch {
    // a concurrent run put the same bundle in place first
    rmSync(staging, { recursive: true, force: true });
  }
  // bundles of earlier source states, a day old or more, are no longer loaded by anyone
  for (const name of readdirSync(cacheDir)) {
    if (!name.startsWith("bundle-")) continue;
    const dir = path.join(cacheDir, name);
    if (dir !== current && Date.now() - (statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 86_400_000)
      rmSync(dir, { recursive: true, force: true });
  }
  return path.join(current, "skills.js");
}

// V8's compiled code kept on disk: most of a run's start-up is compiling the bundle and the
// tokenizer's tables.
module.enableCompileCache(path.join(cacheDir, "v8"));

let entry = null;
try {
  mkdirSync(cacheDir, { recursive: true });
  entry = await ensureBundle();
} catch (error) {
  process.stderr.write(`(the CLI bundle could not be built, running through tsx: ${error instanceof Error ? error.message : String(error)})\n`);
}
if (entry && existsSync(entry)) {
  await import(pathToFileURL(entry).href);
} else {
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const result = spawnSync(process.execPath, [tsx, "--conditions", "react-server", path.join(root, "cli", "admin", "skills.ts"), ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  process.exitCode = result.status ?? 1;
}
