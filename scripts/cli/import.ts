import { readdir } from "node:fs/promises";
import path from "node:path";
import { PROFILES, readBundle, type BundleSkill, type Finding, type Profile } from "../../lib/skills";
import { bundleDigest } from "../../lib/skills/digest";
import type { Destination } from "../../lib/skills/permissions";
import { EXIT_FINDINGS, EXIT_OK, UsageError, parseArgs, type CliIo } from "./io";
import { readFolder } from "./read-input";

export const importUsage = "import <dir> --scope personal|team|public [--team <name>] --as <email> [--include-hidden] [--message <text>] [--override-reason <text>] [--format json|text]";

interface Found {
  folder: string;
  skill?: BundleSkill;
  findings: Finding[];
}

/** Every folder under `dir` holding a SKILL.md (a skill's own subfolders are not searched). */
export async function findSkillFolders(dir: string, options: { includeHidden: boolean }): Promise<{ folders: string[]; skipped: string[] }> {
  const folders: string[] = [];
  const skipped: string[] = [];
  const walk = async (current: string): Promise<void> => {
    const entries = await readdir(current, { withFileTypes: true });
    if (entries.some((entry) => entry.isFile() && (entry.name === "SKILL.md" || entry.name === "skill.md"))) {
      folders.push(current);
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!entry.isDirectory()) continue;
      if (entry.name === "node_modules" || (entry.name.startsWith(".") && !options.includeHidden)) {
        if (entry.name.startsWith(".") && entry.name !== ".git") skipped.push(path.join(current, entry.name));
        continue;
      }
      await walk(path.join(current, entry.name));
    }
  };
  await walk(dir);
  return { folders, skipped };
}

export async function importCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { positionals, options } = parseArgs(argv, {
    values: { "--scope": "scope", "--team": "team", "--as": "as", "--message": "message", "--format": "format", "--profile": "profile", "--override-reason": "override-reason" },
    flags: ["--include-hidden"],
  });
  if (positionals.length !== 1) throw new UsageError("import takes exactly one folder");
  const scope = options.get("scope");
  if (scope !== "personal" && scope !== "team" && scope !== "public") throw new UsageError("--scope must be personal, team or public");
  const email = options.get("as");
  if (typeof email !== "string") throw new UsageError("--as <email> names the account the skills are imported as");
  const teamName = options.get("team");
  if (scope === "team" && typeof teamName !== "string") throw new UsageError("--scope team needs --team <name>");
  const format = options.get("format") ?? "text";
  if (format !== "json" && format !== "text") throw new UsageError("--format must be json or text");
  const profile = (options.get("profile") ?? "spec") as Profile;
  if (!PROFILES.includes(profile)) throw new UsageError(`--profile must be one of ${PROFILES.join(", ")}`);
  const root = path.resolve(io.cwd, positionals[0]);

  // The data layer opens the database named by the environment, so it loads only for this command.
  await import("../load-env");
  const { findUserByEmail } = await import("../../lib/data/users");
  const { listMyTeams } = await import("../../lib/data/teams");
  const { findSkillsInDestination, importSkills } = await import("../../lib/data/skills");
  const { DataError } = await import("../../lib/data/errors");

  const user = await findUserByEmail(email);
  if (!user) {
    io.err(`No account uses ${email}.`);
    return EXIT_FINDINGS;
  }
  const viewer = { id: user.id };
  let destination: Destination = { scope: scope === "personal" ? "PERSONAL" : "PUBLIC" };
  if (scope === "team") {
    const team = (await listMyTeams(viewer)).find((t) => t.name.toLowerCase() === String(teamName).toLowerCase());
    if (!team) {
      io.err(`${email} is not a member of a team named "${teamName}".`);
      return EXIT_FINDINGS;
    }
    destination = { scope: "TEAM", teamId: team.id };
  }

  const { folders, skipped } = await findSkillFolders(root, { includeHidden: options.has("include-hidden") });
  const found: Found[] = [];
  for (const folder of folders) {
    const bundle = readBundle({ kind: "files", files: await readFolder(folder) }, { profile });
    found.push({ folder: path.relative(io.cwd, folder) || ".", skill: bundle.skills[0], findings: [...bundle.findings, ...(bundle.skills[0]?.findings ?? [])] });
  }

  const valid = found.filter((f) => f.skill?.ok && f.skill.name);
  const firstByName = new Map<string, Found>();
  const duplicates: Found[] = [];
  for (const f of valid) {
    if (firstByName.has(f.skill!.name!)) duplicates.push(f);
    else firstByName.set(f.skill!.name!, f);
  }
  const existing = await findSkillsInDestination(viewer, destination, [...firstByName.keys()]);
  const unchanged: Found[] = [];
  const items = [];
  // An instance admin's written reason lets skills with a critical security finding in (audited);
  // the data layer refuses it from anyone else.
  const overrideReason = typeof options.get("override-reason") === "string" ? String(options.get("override-reason")) : undefined;
  for (const [name, f] of firstByName) {
    const current = existing.get(name);
    if (current && current.digest === bundleDigest(f.skill!.files)) unchanged.push(f);
    else if (current) items.push({ skill: f.skill!, target: { skillId: current.id }, overrideReason, message: typeof options.get("message") === "string" ? String(options.get("message")) : `Imported from ${f.folder}` });
    else items.push({ skill: f.skill!, destination, overrideReason, message: typeof options.get("message") === "string" ? String(options.get("message")) : `Imported from ${f.folder}` });
  }

  let results: Awaited<ReturnType<typeof importSkills>> = [];
  let failure: string | null = null;
  try {
    results = await importSkills(viewer, items);
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    failure = error.message;
  }

  const invalid = found.filter((f) => !f.skill?.ok || !f.skill.name);
  const report = {
    root: path.relative(io.cwd, root) || ".",
    destination: scope === "team" ? `team ${teamName}` : scope,
    as: user.email,
    found: found.length,
    created: failure ? [] : results.filter((r) => r.created).map((r) => ({ name: r.name, skillId: r.skillId, version: r.version })),
    newVersions: failure ? [] : results.filter((r) => !r.created).map((r) => ({ name: r.name, skillId: r.skillId, version: r.version })),
    unchanged: unchanged.map((f) => f.skill!.name),
    invalid: invalid.map((f) => ({ folder: f.folder, errors: f.findings.filter((x) => x.severity === "error").map((x) => x.message) })),
    duplicates: duplicates.map((f) => ({ folder: f.folder, name: f.skill!.name, keptFrom: firstByName.get(f.skill!.name!)!.folder })),
    skippedHidden: skipped.map((s) => path.relative(io.cwd, s)),
    error: failure,
  };

  if (format === "json") io.out(JSON.stringify(report));
  else {
    io.out(`Imported into ${report.destination} as ${report.as}: ${report.found} skill folder(s) found under ${report.root}`);
    if (failure) io.out(`  Nothing imported: ${failure}`);
    for (const c of report.created) io.out(`  + ${c.name} (new skill, v${c.version})`);
    for (const v of report.newVersions) io.out(`  ↑ ${v.name} (new version v${v.version})`);
    for (const name of report.unchanged) io.out(`  = ${name} (unchanged)`);
    for (const d of report.duplicates) io.out(`  ! ${d.folder}: skipped, "${d.name}" was already taken from ${d.keptFrom}`);
    for (const i of report.invalid) io.out(`  ✗ ${i.folder}: ${i.errors.join("; ")}`);
    for (const s of report.skippedHidden) io.out(`  - ${s}: hidden folder skipped (use --include-hidden)`);
    io.out(`${report.created.length} created, ${report.newVersions.length} new versions, ${report.unchanged.length} unchanged, ${report.invalid.length} invalid, ${report.duplicates.length} duplicates`);
  }
  return failure || invalid.length ? EXIT_FINDINGS : EXIT_OK;
}
