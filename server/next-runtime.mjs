// Next.js's page and route runtimes (React's server renderer, Flight, Next's app renderer, minified
// into one file each) as the server loads them: with their inlined functions hoisted out of the
// functions that call them (hoist-iifes.mjs says why; about 2 ms less CPU per page view, measured
// side by side). The transform takes 2-3 s, so a build does it once and keeps the result beside
// the build (prepareNextRuntimes); the server loads the kept copy in place of the installed file,
// under the installed file's name, so everything else about the module is as installed
// (loadPreparedNextRuntimes). A copy made from another version of Next.js or of the transform is
// not used: the server then loads the installed file as is, and says so.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The runtimes a Turbopack build of the app loads in production: pages, and route handlers. */
export const RUNTIMES = ["app-page-turbo.runtime.prod.js", "app-route-turbo.runtime.prod.js"];

const transformFile = fileURLToPath(new URL("./hoist-iifes.mjs", import.meta.url));

/** @param {string} distDir */
export const preparedDir = (distDir) => path.join(distDir, "hoisted-runtime");

/** @param {string} root @param {string} name */
function installedRuntime(root, name) {
  try {
    return createRequire(path.join(root, "package.json")).resolve(`next/dist/compiled/next-server/${name}`);
  } catch {
    return null;
  }
}

/** The first line of a kept copy: what it was made from (the installed file and the transform). */
function stamp(/** @type {string} */ installed, /** @type {string} */ transform) {
  const digest = createHash("sha256").update(installed).update("\0").update(transform).digest("hex");
  return `// hoisted by server/hoist-iifes.mjs from ${digest}\n`;
}

/**
 * Makes the kept copies that are missing or out of date. Answers the runtimes it transformed, and
 * those it could not (a syntax the parser does not know, a missing development dependency): the
 * server runs those as installed, which is slower but the same program.
 * @param {string} root the app's folder (where node_modules/next is found)
 * @param {string} distDir the build's folder
 * @returns {Promise<{ made: string[], failed: { name: string, error: string }[] }>}
 */
export async function prepareNextRuntimes(root, distDir) {
  const transform = await readFile(transformFile, "utf8");
  const made = [];
  const failed = [];
  for (const name of RUNTIMES) {
    const file = installedRuntime(root, name);
    if (!file) continue;
    const source = await readFile(file, "utf8");
    const target = path.join(preparedDir(distDir), name);
    const header = stamp(source, transform);
    const kept = await readFile(target, "utf8").catch(() => "");
    if (kept.startsWith(header)) continue;
    let code;
    try {
      const { hoistIifes } = await import("./hoist-iifes.mjs");
      code = hoistIifes(source).code;
    } catch (error) {
      failed.push({ name, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    // Written whole, then renamed: a server starting meanwhile sees the old copy or the new one.
    const partial = `${target}.${process.pid}.tmp`;
    await writeFile(partial, header + code);
    await rename(partial, target);
    made.push(name);
  }
  return { made, failed };
}

/**
 * From now on, loading one of the installed runtimes compiles its kept copy instead, when there is
 * a current one. Answers the runtimes that will load as installed (no current copy), those loaded
 * from a copy so far, and a function that removes the hook (tests).
 * @param {string} root
 * @param {string} distDir
 * @returns {{ asInstalled: string[], loadedCopies: () => string[], uninstall: () => void }}
 */
export function loadPreparedNextRuntimes(root, distDir) {
  const transform = readFileSync(transformFile, "utf8");
  /** @type {Map<string, string>} installed file -> its kept copy's code */
  const copies = new Map();
  const asInstalled = [];
  /** @type {string[]} */
  const loaded = [];
  for (const name of RUNTIMES) {
    const file = installedRuntime(root, name);
    if (!file) continue;
    const kept = readKept(path.join(preparedDir(distDir), name));
    const header = kept === null ? null : stamp(readFileSync(file, "utf8"), transform);
    if (kept !== null && header !== null && kept.startsWith(header)) copies.set(file, kept);
    else asInstalled.push(name);
  }
  const extensions = /** @type {Record<string, (module: Module, filename: string) => void>} */ (/** @type {unknown} */ (Module)._extensions);
  const original = extensions[".js"];
  const load = function (/** @type {Module} */ module, /** @type {string} */ filename) {
    const code = copies.get(filename);
    if (code === undefined) return original.call(this, module, filename);
    // Compiled once: the module cache keeps it, and the string need not stay here.
    copies.delete(filename);
    loaded.push(path.basename(filename));
    /** @type {{ _compile: (code: string, filename: string) => void }} */ (/** @type {unknown} */ (module))._compile(code, filename);
  };
  extensions[".js"] = load;
  return {
    asInstalled,
    loadedCopies: () => [...loaded],
    uninstall: () => {
      if (extensions[".js"] === load) extensions[".js"] = original;
    },
  };
}

function readKept(/** @type {string} */ file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
