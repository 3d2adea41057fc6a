// Turbopack writes some server chunks several times under different names, one per group of routes
// that uses them (the sign-in and sign-up pages, the join page, the skill pages...), byte for byte
// the same but for the source-map comment at the end: the build of the 2026-12-05 main has a
// 1.26 MB chunk four times and a 0.46 MB one nine times. A server that serves those routes
// compiled each copy and kept each one's source (V8 keeps a script's source for as long as its
// functions live): 14 MB of a 400 MB server after four pages, more as it serves more routes.
// Each copy registers the same module ids in the same Turbopack runtime, which keeps the first
// factory for an id, so what loading a copy adds is only its source. Here a chunk whose content is
// one already loaded from the same folder is given that one's exports instead of being compiled.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import Module from "node:module";
import path from "node:path";

/** The content that decides "the same": the file without its trailing source-map comment. */
export function chunkIdentity(source) {
  return createHash("sha256")
    .update(source.replace(/\n\/\/# sourceMappingURL=[^\n]*\s*$/, ""))
    .digest("base64");
}

/**
 * From now on, a `require` of a chunk file under `chunksDir` (and its subfolders) whose content
 * equals a chunk already loaded from the same folder returns that chunk's exports. Only Turbopack's
 * chunk format (`module.exports=[...]`, a list of module ids and factories) is shared; its runtime
 * files and anything else load as usual. Returns a function that removes the hook (tests).
 * @param {string} chunksDir
 * @returns {{ uninstall: () => void, sharedBytes: () => number }}
 */
export function loadIdenticalChunksOnce(chunksDir) {
  const root = path.resolve(chunksDir) + path.sep;
  const extensions = /** @type {Record<string, (module: Module, filename: string) => void>} */ (/** @type {unknown} */ (Module)._extensions);
  const original = extensions[".js"];
  /** @type {Map<string, Module>} */
  const loaded = new Map();
  let shared = 0;
  const load = function (/** @type {Module} */ module, /** @type {string} */ filename) {
    if (!filename.startsWith(root)) return original.call(this, module, filename);
    const source = readFileSync(filename, "utf8");
    if (!source.startsWith("module.exports=[")) return original.call(this, module, filename);
    // Per folder: a chunk's code could use its own file's location, which is then the same too.
    const key = `${path.dirname(filename)}\u0000${chunkIdentity(source)}`;
    const first = loaded.get(key);
    if (first) {
      module.exports = first.exports;
      shared += source.length;
      return;
    }
    loaded.set(key, module);
    return original.call(this, module, filename);
  };
  extensions[".js"] = load;
  return {
    uninstall: () => {
      if (extensions[".js"] === load) extensions[".js"] = original;
    },
    sharedBytes: () => shared,
  };
}
