#!/usr/bin/env node
// skillshelf-sync: mirror the skills a Skillshelf server gives you (or one of your agent profiles)
// into an agent's skills folder, reading the server's Agent Skills Discovery index (Cloudflare's
// RFC v0.2.0). One file, Node 22.20+ built-ins only, because the app serves it to be run without a
// clone (`npx -y <origin>/api/v1/cli/skillshelf-sync.tgz sync --claude --url <origin>`) and the
// repository's CLI runs the same file (`npm run -s skills -- sync ...`); hence its length.
//
// What it promises: every digest is checked before a byte is written; files are written to a
// temporary name and renamed; only skill folders listed in its lockfile (<dir>/.skillshelf-lock.json)
// are ever changed or removed; a skill whose files were edited locally is left alone (and reported,
// exit 1) unless --force.
import { createHash, randomBytes } from "node:crypto";
import { realpathSync } from "node:fs";
import { chmod, lstat, mkdir, readdir, readFile, rename, rm, rmdir, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, inflateRawSync } from "node:zlib";

export const SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";
export const LOCKFILE = ".skillshelf-lock.json";
const LOCK_VERSION = 1;
const NAME = /^(?!-)(?!.*--)[a-z0-9-]{1,64}(?<!-)$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const TMP_SUFFIX = ".skillshelf-tmp";
// Decompression bombs: an archive may unpack to at most this much.
const MAX_UNPACKED = 200 * 1024 * 1024;
const EXIT_OK = 0;
const EXIT_REFUSED = 1;
const EXIT_USAGE = 2;

export const syncUsage =
  "sync (<dir> | --claude | --agents | --codex) --url <origin> [--profile <name|id>] [--channel <label>] [--frozen | --update] [--force] [--dry-run] [--json]   (token: SKILLSHELF_TOKEN)";

const HELP = `usage: skillshelf-sync ${syncUsage}

Mirrors the skills a Skillshelf server gives you into an agent's skills folder:
  --claude       .claude/skills under the current folder (Claude Code, this project)
  --agents       .agents/skills under the current folder
  --codex        ~/.codex/skills (or $CODEX_HOME/skills)
  <dir>          any folder
  --url <origin> the server (or SKILLSHELF_URL); the token is read from SKILLSHELF_TOKEN
  --profile <p>   only the skills of one of your agent profiles (its name or id), at their pinned versions
  --channel <l>  follow a release label (stable, beta, a team's own; default latest, or the lockfile's)
  --frozen       install exactly the lockfile's versions, checked against their digests; fails naming
                 each skill the server no longer serves as locked (for CI). Writes no lockfile.
  --update       move the lock to what the channel serves now (what sync does without --frozen)
  --force        overwrite local edits and folders this tool did not write
  --dry-run      say what would change, change nothing
  --json         print one JSON report instead of lines
Exit: 0 in sync, 1 something was refused or failed, 2 usage.`;

class UsageError extends Error {}

const BOOLEAN_FLAGS = new Set(["--force", "--dry-run", "--json", "--help", "--claude", "--agents", "--codex", "--frozen", "--update"]);
const LABEL = /^[a-z][a-z0-9-]{0,31}$/;

/** `skillshelf-sync sync ...` as a program: argv without node and the script. */
export async function main(argv, io) {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    (command === undefined ? io.err : io.out)(HELP);
    return command === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (command !== "sync") {
    io.err(`unknown command "${command}"\n\n${HELP}`);
    return EXIT_USAGE;
  }
  return syncCommand(rest, io);
}

/**
 * The `sync` command: argv after "sync"; io = { out(line), err(line), cwd, env }.
 * Returns the exit code.
 */
export async function syncCommand(argv, io) {
  let options;
  try {
    options = parseOptions(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\nusage: skillshelf-sync ${syncUsage}`);
    return EXIT_USAGE;
  }
  if (options.help) {
    io.out(HELP);
    return EXIT_OK;
  }
  const report = await sync(options);
  if (options.json) io.out(JSON.stringify(report, null, 2));
  else printReport(report, io);
  return report.exitCode;
}

function parseOptions(argv, io) {
  const env = io.env ?? {};
  const o = {
    dir: null,
    url: env.SKILLSHELF_URL || null,
    profile: null,
    channel: null,
    frozen: false,
    update: false,
    force: false,
    dryRun: false,
    json: false,
    help: false,
    token: env.SKILLSHELF_TOKEN || null,
  };
  const targets = [];
  const home = env.HOME || os.homedir();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const value = () => {
      const v = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (v === undefined || v === "") throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--url") o.url = value();
    else if (flag === "--profile") o.profile = value();
    else if (flag === "--channel") {
      o.channel = value();
      if (!LABEL.test(o.channel))
        throw new UsageError(`--channel ${JSON.stringify(o.channel)} is not a label: 1 to 32 lowercase letters, digits and dashes (latest, stable, beta)`);
    } else if (flag === "--token")
      throw new UsageError("put the token in the SKILLSHELF_TOKEN environment variable, not on the command line (where ps and shell history see it)");
    else if (eq !== -1) throw new UsageError(BOOLEAN_FLAGS.has(flag) ? `${flag} takes no value` : `unknown option ${flag}`);
    else if (arg === "--force") o.force = true;
    else if (arg === "--frozen") o.frozen = true;
    else if (arg === "--update") o.update = true;
    else if (arg === "--dry-run") o.dryRun = true;
    else if (arg === "--json") o.json = true;
    else if (arg === "--help" || arg === "-h") o.help = true;
    else if (arg === "--claude") targets.push(path.join(io.cwd, ".claude", "skills"));
    else if (arg === "--agents") targets.push(path.join(io.cwd, ".agents", "skills"));
    else if (arg === "--codex") targets.push(path.join(env.CODEX_HOME || path.join(home, ".codex"), "skills"));
    else if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg}`);
    else targets.push(path.resolve(io.cwd, arg));
  }
  if (o.help) return o;
  if (targets.length !== 1)
    throw new UsageError(targets.length ? "give one folder: <dir>, --claude, --agents or --codex" : "say where to sync: <dir>, --claude, --agents or --codex");
  o.dir = targets[0];
  if (!o.url) throw new UsageError("say which server: --url <origin> (or SKILLSHELF_URL)");
  if (o.frozen && (o.update || o.channel)) throw new UsageError("--frozen installs the lockfile as it is: leave out --update and --channel");
  o.indexUrl = indexUrlOf(o.url, o.profile);
  return o;
}

function indexUrlOf(origin, profile) {
  let url;
  try {
    url = new URL(origin);
  } catch {
    throw new UsageError(`--url ${JSON.stringify(origin)} is not a URL (like https://skills.example.com)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`--url must be http or https, got ${url.protocol}`);
  if (!url.pathname.endsWith("/index.json")) url = new URL(".well-known/agent-skills/index.json", url.href.endsWith("/") ? url.href : `${url.href}/`);
  url.search = "";
  url.hash = "";
  if (profile) url.searchParams.set("profile", profile);
  return url;
}

// ---------- The run ----------

async function sync(o) {
  const report = {
    ok: true,
    exitCode: EXIT_OK,
    dryRun: o.dryRun,
    dir: o.dir,
    index: o.indexUrl.href,
    profile: o.profile,
    added: [],
    updated: [],
    removed: [],
    unchanged: [],
    refused: [],
    failed: [],
    warnings: [],
  };
  const fail = (message) => {
    report.error = message;
    report.ok = false;
    report.exitCode = EXIT_REFUSED;
    return report;
  };
  const lockPath = path.join(o.dir, LOCKFILE);
  let lock;
  try {
    lock = await readLock(lockPath);
  } catch (error) {
    return fail(`${lockPath} cannot be read (${message(error)}); fix or remove it (the folders it lists are then treated as not ours)`);
  }
  const http = client(o);
  if (o.frozen) return frozenSync(http, o, lock, report);
  // The channel: asked for, else the one the lockfile was written for.
  const channel = o.channel ?? (typeof lock.label === "string" && LABEL.test(lock.label) ? lock.label : "latest");
  if (channel !== "latest") o.indexUrl.searchParams.set("label", channel);
  report.index = o.indexUrl.href;
  report.channel = channel;
  let entries;
  try {
    entries = await readIndex(http, o.indexUrl, report.warnings);
  } catch (error) {
    return fail(message(error));
  }

  const next = { lockfileVersion: LOCK_VERSION, server: o.indexUrl.origin, index: indexKey(o.indexUrl), profile: o.profile, label: channel, skills: {} };
  for (const entry of entries)
    if (entry.labelFallback)
      report.warnings.push(`${entry.name} has no ${channel} label; its latest version${entry.version ? ` (v${entry.version})` : ""} is installed`);
  // Another server or profile into the same folder is allowed (switching profiles is a use), but said.
  const source = (l) => `${l.index}${l.profile ? ` (profile ${l.profile})` : ""}`;
  if (lock.index && (lock.index !== next.index || (lock.profile ?? null) !== (next.profile ?? null)))
    report.warnings.push(`the lockfile was written for ${source(lock)}; its skills that ${source(next)} does not list are removed`);
  const listed = new Set();
  for (const entry of entries) {
    listed.add(entry.name);
    if (entry.skip) {
      // Not understood (unknown type...): whatever is on disk stays as it was.
      if (lock.skills[entry.name]) next.skills[entry.name] = lock.skills[entry.name];
      continue;
    }
    const outcome = await syncSkill(http, o, entry, lock.skills[entry.name] ?? null).catch((error) => ({ kind: "failed", error: message(error) }));
    record(report, next, lock, entry, outcome);
  }
  for (const name of Object.keys(lock.skills).sort()) {
    if (listed.has(name)) continue;
    const outcome = await removeSkill(o, name, lock.skills[name]).catch((error) => ({ kind: "failed", error: message(error) }));
    if (outcome.kind === "removed") report.removed.push({ name, version: lock.skills[name].version ?? null });
    else {
      next.skills[name] = lock.skills[name];
      if (outcome.kind === "refused") report.refused.push({ name, reason: outcome.reason, paths: outcome.paths });
      else report.failed.push({ name, error: outcome.error });
    }
  }
  if (!o.dryRun) {
    await mkdir(o.dir, { recursive: true });
    await writeAtomic(lockPath, new TextEncoder().encode(`${JSON.stringify(next, null, 2)}\n`), false);
  }
  if (report.refused.length || report.failed.length) {
    report.ok = false;
    report.exitCode = EXIT_REFUSED;
  }
  return report;
}

// ---------- --frozen ----------

/**
 * Installs exactly the lockfile's versions: each from the API's per-version ZIP, checked against
 * the locked bundle digest before anything is written. Any skill the server no longer serves as
 * locked (version gone, other content, skill gone) fails the whole run, naming every such skill,
 * and nothing is written; the lockfile is never rewritten.
 */
async function frozenSync(http, o, lock, report) {
  report.frozen = true;
  const names = Object.keys(lock.skills).sort();
  if (!names.length) {
    report.error = `--frozen needs a lockfile with skills in ${o.dir}; run sync without --frozen first`;
    report.ok = false;
    report.exitCode = EXIT_REFUSED;
    return report;
  }
  const ready = [];
  const problems = [];
  for (const name of names) {
    const locked = lock.skills[name];
    const got = await lockedVersion(http, o, name, locked).catch((error) => ({ problem: message(error) }));
    if (got.problem) problems.push({ name, error: got.problem });
    else ready.push({ name, locked, ...got });
  }
  if (problems.length) {
    report.failed.push(...problems);
    report.error = `--frozen: the server no longer serves ${problems.length === 1 ? "this locked skill" : "these locked skills"} as locked: ${problems.map((p) => p.name).join(", ")}; nothing was written (run sync --update to move the lock)`;
    report.ok = false;
    report.exitCode = EXIT_REFUSED;
    return report;
  }
  const next = { ...lock, skills: { ...lock.skills } };
  for (const { locked, entry } of ready) {
    const outcome = await syncSkill(http, o, entry, locked).catch((error) => ({ kind: "failed", error: message(error) }));
    record(report, next, lock, entry, outcome);
  }
  if (report.refused.length || report.failed.length) {
    report.ok = false;
    report.exitCode = EXIT_REFUSED;
  }
  return report;
}

async function lockedVersion(http, o, name, locked) {
  if (typeof locked.skillId !== "string" || !Number.isInteger(locked.version) || typeof locked.bundleDigest !== "string")
    return { problem: "the lockfile entry has no skillId, version or bundleDigest to install exactly" };
  const url = new URL(`/api/v1/skills/${encodeURIComponent(locked.skillId)}/download?v=${locked.version}`, o.indexUrl.origin);
  const response = await http.get(url);
  if (!response.ok)
    return { problem: `v${locked.version} is no longer served (${response.status}${(await errorText(response)) ? `: ${await errorText(response)}` : ""})` };
  const bytes = new Uint8Array(await response.arrayBuffer());
  const inFolder = unzip(bytes);
  if (!inFolder) return { problem: `v${locked.version}: the server's download is not a ZIP` };
  // The API's ZIP holds the files in a folder named after the skill.
  const unpacked = new Map();
  for (const [p, f] of inFolder) {
    const slash = p.indexOf("/");
    if (slash === -1) return { problem: `v${locked.version}: unexpected file ${p} at the archive's root` };
    unpacked.set(p.slice(slash + 1), f);
  }
  const digest = bundleDigest(new Map([...unpacked].map(([p, f]) => [p, { sha256: sha256(f.bytes) }])));
  if (digest !== locked.bundleDigest) return { problem: `v${locked.version} now has digest sha256:${digest}, the lockfile has sha256:${locked.bundleDigest}` };
  const entry = {
    name,
    version: locked.version,
    skillId: locked.skillId,
    label: locked.label ?? null,
    type: "archive",
    url,
    digest: locked.digest,
    bundleDigest: locked.bundleDigest,
    files: null,
    unpacked,
  };
  return { entry };
}

function record(report, next, lock, entry, outcome) {
  const version = entry.version ?? null;
  const previous = lock.skills[entry.name];
  switch (outcome.kind) {
    case "unchanged":
      report.unchanged.push(entry.name);
      next.skills[entry.name] = outcome.lock;
      return;
    case "added":
      report.added.push({ name: entry.name, version, files: outcome.written.length });
      next.skills[entry.name] = outcome.lock;
      return;
    case "updated":
      report.updated.push({ name: entry.name, from: previous?.version ?? null, to: version, written: outcome.written, removed: outcome.deleted });
      next.skills[entry.name] = outcome.lock;
      return;
    case "refused":
      report.refused.push({ name: entry.name, reason: outcome.reason, paths: outcome.paths });
      break;
    default:
      report.failed.push({ name: entry.name, error: outcome.error });
  }
  if (previous) next.skills[entry.name] = previous;
}

// ---------- HTTP ----------

function client(o) {
  const origin = o.indexUrl.origin;
  let requests = 0;
  return {
    get requests() {
      return requests;
    },
    async get(url, headers = {}) {
      requests++;
      // The token goes to the server it was made for, never to another host an index points at.
      const auth = o.token && url.origin === origin ? { authorization: `Bearer ${o.token}` } : {};
      return fetch(url, { headers: { ...headers, ...auth, "user-agent": "skillshelf-sync/1" }, redirect: "follow" });
    },
  };
}

async function readIndex(http, url, warnings) {
  let response;
  try {
    response = await http.get(url, { accept: "application/json" });
  } catch (error) {
    throw new Error(`cannot reach ${url.origin}: ${message(error)}`);
  }
  if (!response.ok) {
    const detail = await errorText(response);
    if (response.status === 401) throw new Error(`${url.href} answered 401: ${detail || "unauthorized"} (set SKILLSHELF_TOKEN to a read token)`);
    throw new Error(`${url.href} answered ${response.status}${detail ? `: ${detail}` : ""}`);
  }
  let index;
  try {
    index = await response.json();
  } catch {
    throw new Error(`${url.href} is not JSON`);
  }
  if (!index || typeof index !== "object") throw new Error(`${url.href} is not a discovery index`);
  if (index.$schema === undefined) throw new Error(`${url.href} has no $schema: a v0.1.0 index, which this tool does not read`);
  if (index.$schema !== SCHEMA) throw new Error(`${url.href} has $schema ${JSON.stringify(index.$schema)}; this tool reads ${SCHEMA} only`);
  if (!Array.isArray(index.skills)) throw new Error(`${url.href} has no skills array`);
  const entries = [];
  const seen = new Set();
  for (const [i, raw] of index.skills.entries()) {
    const where = `skills[${i}]`;
    if (!raw || typeof raw !== "object" || typeof raw.name !== "string" || !NAME.test(raw.name)) {
      warnings.push(`${where}: skipped, its name is not a valid skill name`);
      continue;
    }
    if (seen.has(raw.name)) {
      warnings.push(`${where}: skipped, a second skill named ${raw.name}`);
      continue;
    }
    seen.add(raw.name);
    const entry = {
      name: raw.name,
      version: Number.isInteger(raw.version) ? raw.version : null,
      skillId: typeof raw.skillId === "string" ? raw.skillId : null,
      label: typeof raw.label === "string" ? raw.label : null,
      labelFallback: raw.labelFallback === true,
      skip: false,
    };
    if (raw.type !== "skill-md" && raw.type !== "archive") {
      warnings.push(`${raw.name}: skipped, unknown type ${JSON.stringify(raw.type)}`);
      entries.push({ ...entry, skip: true });
      continue;
    }
    let artifact;
    try {
      artifact = new URL(raw.url, url);
    } catch {
      artifact = null;
    }
    if (!artifact || (artifact.protocol !== "https:" && artifact.protocol !== "http:") || typeof raw.digest !== "string" || !DIGEST.test(raw.digest)) {
      warnings.push(`${raw.name}: skipped, its url or digest is not valid`);
      entries.push({ ...entry, skip: true });
      continue;
    }
    entries.push({
      ...entry,
      type: raw.type,
      url: artifact,
      digest: raw.digest.slice(7),
      bundleDigest: typeof raw.bundleDigest === "string" && DIGEST.test(raw.bundleDigest) ? raw.bundleDigest.slice(7) : null,
      files: readFileList(raw.files),
      // Skillshelf serves every file of a skill below <name>/, beside the index, with the same query.
      fileBase: new URL(`${encodeURIComponent(raw.name)}/`, url),
      query: url.search,
    });
  }
  return entries;
}

/** Skillshelf's per-file list (not part of the RFC): trusted only when every entry is sound. */
function readFileList(files) {
  if (!Array.isArray(files) || files.length === 0) return null;
  const out = new Map();
  for (const f of files) {
    if (!f || typeof f.path !== "string" || !safeRelative(f.path) || typeof f.digest !== "string" || !DIGEST.test(f.digest)) return null;
    if (out.has(f.path)) return null;
    out.set(f.path, { sha256: f.digest.slice(7), executable: f.executable === true });
  }
  return out.has("SKILL.md") || out.has("skill.md") ? out : null;
}

async function download(http, url, expected, headers = {}) {
  const response = await http.get(url, headers);
  if (response.status === 304) return null;
  if (!response.ok) {
    const detail = await errorText(response);
    throw new Error(`${url.pathname} answered ${response.status}${detail ? `: ${detail}` : ""}`);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const got = sha256(bytes);
  if (got !== expected)
    throw new Error(`${url.pathname}: the bytes do not match the index's digest (sha256:${got}, expected sha256:${expected}); nothing was written`);
  return { bytes, contentType: response.headers.get("content-type") ?? "" };
}

async function errorText(response) {
  try {
    const text = (await response.clone().text()).slice(0, 500);
    try {
      const body = JSON.parse(text);
      return typeof body?.error?.message === "string" ? body.error.message : text.trim();
    } catch {
      return text.trim();
    }
  } catch {
    return "";
  }
}

// ---------- One skill ----------

/**
 * Brings one skill's folder to what the index lists. Returns { kind: "unchanged" | "added" |
 * "updated", lock, written, deleted } or { kind: "refused", reason, paths }.
 */
async function syncSkill(http, o, entry, locked) {
  const folder = path.join(o.dir, entry.name);
  const present = await lstat(folder).catch(() => null);
  if (present && !locked && !o.force) {
    return {
      kind: "refused",
      reason: `${folder} exists and was not written by skillshelf-sync (it is not in ${LOCKFILE}); --force replaces it`,
      paths: [entry.name],
    };
  }
  if (present && !present.isDirectory() && !o.force) return { kind: "refused", reason: `${folder} is not a folder; --force replaces it`, paths: [entry.name] };
  const local = present?.isDirectory() ? await scan(folder, !o.dryRun) : new Map();
  const tracked = locked?.files ?? {};
  const target = entry.files;
  const edits = [];
  for (const [p, file] of local) {
    const was = tracked[p]?.sha256;
    const will = target?.get(p)?.sha256;
    if (file.kind !== "file") edits.push({ path: p, change: "not a regular file" });
    else if (was === undefined && will === undefined) edits.push({ path: p, change: "added" });
    else if (file.sha256 !== was && file.sha256 !== will) edits.push({ path: p, change: "modified" });
  }
  if (locked && edits.length && !o.force) {
    return {
      kind: "refused",
      reason: `local edits (--force overwrites them): ${edits.map((e) => `${entry.name}/${e.path} (${e.change})`).join(", ")}`,
      paths: edits.map((e) => `${entry.name}/${e.path}`),
    };
  }

  // What the folder must hold: per file when the index lists files, else from the artifact.
  let want;
  let fetched = new Map();
  if (target) {
    want = target;
  } else if (locked && locked.digest === entry.digest && matches(local, new Map(Object.entries(tracked)))) {
    want = new Map(Object.entries(tracked));
  } else {
    if (o.dryRun) return dryArtifact(entry, locked, local);
    if (entry.unpacked) fetched = entry.unpacked;
    else {
      const artifact = await download(http, entry.url, entry.digest);
      if (!artifact) throw new Error(`${entry.url.pathname} answered 304 to a request without a validator`);
      fetched = unpackArtifact(entry, artifact);
    }
    want = new Map([...fetched].map(([p, f]) => [p, { sha256: sha256(f.bytes), executable: f.executable }]));
  }
  if (entry.bundleDigest && target && bundleDigest(target) !== entry.bundleDigest) {
    throw new Error(`the index's file list does not add up to its bundleDigest; nothing was written`);
  }

  const toWrite = [...want].filter(([p, f]) => local.get(p)?.sha256 !== f.sha256 || local.get(p)?.kind !== "file").map(([p]) => p);
  const toChmod = [...want]
    .filter(([p, f]) => !toWrite.includes(p) && process.platform !== "win32" && local.get(p)?.executable !== f.executable)
    .map(([p]) => p);
  const toDelete = [...local.keys()].filter((p) => !want.has(p));
  const lockEntry = {
    skillId: entry.skillId ?? null,
    version: entry.version,
    label: entry.label ?? null,
    type: entry.type,
    digest: entry.digest,
    bundleDigest: entry.bundleDigest ?? bundleDigest(want),
    files: Object.fromEntries([...want].sort(([a], [b]) => (a < b ? -1 : 1)).map(([p, f]) => [p, { sha256: f.sha256, executable: f.executable }])),
  };
  if (!toWrite.length && !toChmod.length && !toDelete.length && present?.isDirectory()) return { kind: "unchanged", lock: lockEntry };
  const kind = locked ? "updated" : "added";
  if (o.dryRun) return { kind, lock: lockEntry, written: toWrite, deleted: toDelete };

  // Everything is downloaded and verified before the folder is touched.
  const bytes = new Map();
  for (const p of toWrite) {
    const ready = fetched.get(p);
    if (ready) {
      bytes.set(p, ready.bytes);
      continue;
    }
    const url = new URL(`${p.split("/").map(encodeURIComponent).join("/")}${entry.query}`, entry.fileBase);
    const have = local.get(p);
    const got = await download(http, url, want.get(p).sha256, have?.kind === "file" ? { "if-none-match": `"${have.sha256}"` } : {});
    if (!got) throw new Error(`${url.pathname} changed on the server during this sync (it still has the local copy's bytes); run sync again`);
    bytes.set(p, got.bytes);
  }
  if (present && !present.isDirectory()) await rm(folder, { force: true });
  for (const p of toDelete) await rm(path.join(folder, p), { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  for (const p of toWrite) {
    const file = path.join(folder, p);
    await clearWay(folder, p);
    await writeAtomic(file, bytes.get(p), want.get(p).executable);
  }
  for (const p of toChmod) await chmod(path.join(folder, p), want.get(p).executable ? 0o755 : 0o644);
  await pruneEmpty(folder, folder);
  return { kind, lock: lockEntry, written: toWrite, deleted: toDelete };
}

function dryArtifact(entry, locked, local) {
  return { kind: locked ? "updated" : "added", lock: locked, written: [...local.keys()].length ? ["(the whole artifact)"] : [], deleted: [] };
}

function matches(local, files) {
  if (local.size !== files.size) return false;
  for (const [p, f] of files) if (local.get(p)?.sha256 !== f.sha256) return false;
  return true;
}

async function removeSkill(o, name, locked) {
  const folder = path.join(o.dir, name);
  const present = await lstat(folder).catch(() => null);
  if (!present) return { kind: "removed" };
  if (!present.isDirectory()) {
    if (!o.force) return { kind: "refused", reason: `${folder} is no longer a folder; --force removes it`, paths: [] };
    if (!o.dryRun) await rm(folder, { force: true });
    return { kind: "removed" };
  }
  const local = await scan(folder, !o.dryRun);
  const edits = [];
  for (const [p, file] of local) {
    const was = locked.files?.[p]?.sha256;
    if (file.kind !== "file" || was === undefined || file.sha256 !== was) edits.push(`${name}/${p}`);
  }
  if (edits.length && !o.force)
    return { kind: "refused", reason: `gone from the server, but edited here (--force removes it anyway): ${edits.join(", ")}`, paths: edits };
  if (!o.dryRun) await rm(folder, { recursive: true, force: true });
  return { kind: "removed" };
}

// ---------- Files ----------

/** Every entry below a skill folder: path -> { kind, sha256, executable }. Symlinks are never followed. */
async function scan(folder, cleanup) {
  const out = new Map();
  const visit = async (dir, prefix) => {
    for (const dirent of await readdir(dir, { withFileTypes: true })) {
      const rel = prefix ? `${prefix}/${dirent.name}` : dirent.name;
      const full = path.join(dir, dirent.name);
      // A temporary file of a run that died: ours, not an edit.
      if (dirent.name.endsWith(TMP_SUFFIX)) {
        if (cleanup) await unlink(full).catch(() => {});
        continue;
      }
      if (dirent.isDirectory()) await visit(full, rel);
      else if (dirent.isFile()) {
        const info = await lstat(full);
        out.set(rel, { kind: "file", sha256: sha256(await readFile(full)), executable: (info.mode & 0o111) !== 0 });
      } else out.set(rel, { kind: "other", sha256: null, executable: false });
    }
  };
  await visit(folder, "");
  return out;
}

/** Written beside the target and renamed over it, so a reader never sees half a file. */
async function writeAtomic(file, bytes, executable) {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}${TMP_SUFFIX}`);
  try {
    await writeFile(temp, bytes, { mode: executable ? 0o755 : 0o644 });
    await chmod(temp, executable ? 0o755 : 0o644);
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** A file where a folder must go (or the reverse) is in the way of `rel`: remove it. */
async function clearWay(folder, rel) {
  const parts = rel.split("/");
  for (let i = 1; i < parts.length; i++) {
    const dir = path.join(folder, ...parts.slice(0, i));
    const info = await lstat(dir).catch(() => null);
    if (info && !info.isDirectory()) await rm(dir, { force: true });
  }
  const info = await lstat(path.join(folder, rel)).catch(() => null);
  if (info?.isDirectory()) await rm(path.join(folder, rel), { recursive: true, force: true });
}

async function pruneEmpty(dir, root) {
  for (const dirent of await readdir(dir, { withFileTypes: true })) if (dirent.isDirectory()) await pruneEmpty(path.join(dir, dirent.name), root);
  if (dir !== root && (await readdir(dir)).length === 0) await rmdir(dir);
}

async function readLock(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (error?.code === "ENOENT") return { skills: {} };
    throw error;
  }
  const lock = JSON.parse(text);
  if (!lock || lock.lockfileVersion !== LOCK_VERSION || typeof lock.skills !== "object" || lock.skills === null)
    throw new Error("not a lockfile this version writes");
  for (const [name, skill] of Object.entries(lock.skills)) {
    if (!NAME.test(name) || !skill || typeof skill.files !== "object" || skill.files === null)
      throw new Error(`its entry for ${JSON.stringify(name)} is damaged`);
    for (const p of Object.keys(skill.files)) if (!safeRelative(p)) throw new Error(`its entry for ${name} lists the unsafe path ${JSON.stringify(p)}`);
  }
  return lock;
}

const indexKey = (url) => `${url.origin}${url.pathname}`;

function safeRelative(p) {
  if (!p || p.length > 1024 || p.startsWith("/") || p.includes("\\") || p.includes("\0") || /^[a-zA-Z]:/.test(p)) return false;
  return p.split("/").every((part) => part !== "" && part !== "." && part !== ".." && !part.endsWith(TMP_SUFFIX));
}

function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The store's digest: sha256 over the sorted "path NUL sha256 LF" lines. */
function bundleDigest(files) {
  const lines = [...files].map(([p, f]) => `${p}\0${f.sha256}\n`).sort();
  return createHash("sha256").update(lines.join("")).digest("hex");
}

const message = (error) => (error instanceof Error ? error.message : String(error));

// ---------- Archives (RFC: .zip or .tar.gz, SKILL.md at the root) ----------

function unpackArtifact(entry, artifact) {
  if (entry.type === "skill-md") return new Map([["SKILL.md", { bytes: artifact.bytes, executable: false }]]);
  const type = artifact.contentType.split(";")[0].trim().toLowerCase();
  const b = artifact.bytes;
  const isZip = type === "application/zip" || (b[0] === 0x50 && b[1] === 0x4b);
  const isGzip = type === "application/gzip" || type === "application/x-gzip" || (b[0] === 0x1f && b[1] === 0x8b);
  const files = isZip ? unzip(b) : isGzip ? untar(gunzipSync(b, { maxOutputLength: MAX_UNPACKED })) : null;
  if (!files) throw new Error(`${entry.url.pathname}: not a .zip or .tar.gz archive`);
  if (!files.has("SKILL.md")) throw new Error(`${entry.url.pathname}: no SKILL.md at the archive's root`);
  return files;
}

function addUnpacked(files, name, bytes, executable, total) {
  if (!safeRelative(name)) throw new Error(`the archive holds the unsafe path ${JSON.stringify(name)}`);
  if (files.has(name)) throw new Error(`the archive holds ${name} twice`);
  files.set(name, { bytes, executable });
  total.bytes += bytes.length;
  if (total.bytes > MAX_UNPACKED) throw new Error(`the archive unpacks to more than ${MAX_UNPACKED} bytes`);
}

function unzip(b) {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("damaged ZIP (no end of central directory)");
  const count = view.getUint16(end + 10, true);
  let o = view.getUint32(end + 16, true);
  const files = new Map();
  const total = { bytes: 0 };
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (let i = 0; i < count; i++) {
    if (view.getUint32(o, true) !== 0x02014b50) throw new Error("damaged ZIP (central directory)");
    const flags = view.getUint16(o + 8, true);
    const method = view.getUint16(o + 10, true);
    const compressed = view.getUint32(o + 20, true);
    const size = view.getUint32(o + 24, true);
    const nameLength = view.getUint16(o + 28, true);
    const skip = nameLength + view.getUint16(o + 30, true) + view.getUint16(o + 32, true);
    const mode = view.getUint32(o + 38, true) >>> 16;
    const local = view.getUint32(o + 42, true);
    const name = decoder.decode(b.subarray(o + 46, o + 46 + nameLength));
    o += 46 + skip;
    if (flags & 0x1) throw new Error(`the archive's ${name} is encrypted`);
    if ((mode & 0o170000) === 0o120000) throw new Error(`the archive's ${name} is a symbolic link`);
    if (name.endsWith("/")) continue;
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error("damaged ZIP (local header)");
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = b.subarray(start, start + compressed);
    let data;
    if (method === 0) data = raw;
    else if (method === 8) data = inflateRawSync(raw, { maxOutputLength: Math.min(size, MAX_UNPACKED) || 1 });
    else throw new Error(`the archive's ${name} uses compression method ${method}`);
    if (data.length !== size) throw new Error(`the archive's ${name} is not the size its header says`);
    addUnpacked(files, name, new Uint8Array(data), (mode & 0o111) !== 0, total);
  }
  return files;
}

function untar(b) {
  const files = new Map();
  const total = { bytes: 0 };
  const text = (from, length) => new TextDecoder().decode(b.subarray(from, from + length)).replace(/\0.*$/s, "");
  let longName = null;
  for (let o = 0; o + 512 <= b.length;) {
    if (b.subarray(o, o + 512).every((x) => x === 0)) break;
    const size = parseInt(text(o + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(b[o + 156] || 0x30);
    const prefix = text(o + 345, 155);
    let name = longName ?? (prefix ? `${prefix}/${text(o, 100)}` : text(o, 100));
    longName = null;
    const mode = parseInt(text(o + 100, 8).trim() || "0", 8);
    const data = b.subarray(o + 512, o + 512 + size);
    o += 512 + Math.ceil(size / 512) * 512;
    if (type === "x") {
      const pathRecord = new TextDecoder().decode(data).match(/^\d+ path=(.*)$/m);
      if (pathRecord) longName = pathRecord[1];
      continue;
    }
    if (type === "L") {
      longName = new TextDecoder().decode(data).replace(/\0.*$/s, "");
      continue;
    }
    if (type === "g" || type === "5") continue;
    if (type === "1" || type === "2") throw new Error(`the archive's ${name} is a link`);
    if (type !== "0") throw new Error(`the archive's ${name} is not a plain file`);
    name = name.replace(/^\.\//, "");
    addUnpacked(files, name, new Uint8Array(data), (mode & 0o111) !== 0, total);
  }
  return files;
}

// ---------- Output ----------

function printReport(report, io) {
  const would = report.dryRun ? "would be " : "";
  for (const w of report.warnings) io.err(`warning   ${w}`);
  if (report.error) {
    io.err(`error     ${report.error}`);
    for (const f of report.failed) io.err(`failed    ${f.name}: ${f.error}`);
    return;
  }
  const v = (n) => (n === null || n === undefined ? "" : ` v${n}`);
  for (const a of report.added) io.out(`added     ${a.name}${v(a.version)} (${a.files} file${a.files === 1 ? "" : "s"})`);
  for (const u of report.updated) {
    const change = u.from !== u.to ? `${v(u.from).trim() || "?"} -> ${v(u.to).trim() || "?"}` : `${v(u.to).trim()} (restored)`;
    io.out(`updated   ${u.name} ${change}: ${u.written.length} written, ${u.removed.length} removed`);
  }
  for (const r of report.removed) io.out(`removed   ${r.name}`);
  for (const r of report.refused) io.out(`refused   ${r.name}: ${r.reason}`);
  for (const f of report.failed) io.out(`failed    ${f.name}: ${f.error}`);
  const counts = [
    `${report.added.length} ${would}added`,
    `${report.updated.length} ${would}updated`,
    `${report.removed.length} ${would}removed`,
    `${report.unchanged.length} unchanged`,
    `${report.refused.length} refused`,
    ...(report.failed.length ? [`${report.failed.length} failed`] : []),
  ];
  io.out(`${report.dryRun ? "dry run: " : ""}${report.dir}: ${counts.join(", ")}`);
}

// Run as a program (node skillshelf-sync.mjs, or the bin npx links to it), not when imported.
function isMain() {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const code = await main(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    cwd: process.cwd(),
    env: process.env,
  });
  process.exitCode = code;
}
