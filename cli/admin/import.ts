import { readdir } from "node:fs/promises";
import path from "node:path";
import { PROFILES, type Finding, type Profile } from "../../lib/skills/format/findings";
import { readBundle, type BundleSkill } from "../../lib/skills/archive/bundle";
import { sameVersionContent } from "../../lib/skills/archive/digest";
import type { Destination } from "../../lib/skills/permissions/permissions";
import type { IntakeOutcome } from "../../lib/data/intake";
import { EXIT_FINDINGS, EXIT_OK, UsageError, parseArgs, type CliIo } from "./io";
import { readFolder } from "./read-input";

export const importUsage =
  "import <dir> --scope personal|team|public [--team <name>] --as <email> [--include-hidden] [--message <text>] [--atomic] [--override <skill>=<reason>]... [--format json|text]";

/**
 * `--override <skill>=<reason>`, as often as needed: an instance admin's written reason to let one
 * named skill in despite a critical finding. Taken out of argv before the other options are read.
 */
export function takeOverrides(argv: readonly string[]): { rest: string[]; overrides: Map<string, string> } {
  const rest: string[] = [];
  const overrides = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg !== "--override" && !arg.startsWith("--override=")) {
      rest.push(arg);
      continue;
    }
    const value = arg === "--override" ? argv[++i] : arg.slice("--override=".length);
    const eq = value?.indexOf("=") ?? -1;
    if (!value || eq <= 0 || !value.slice(eq + 1).trim())
      throw new UsageError('--override takes <skill>=<reason>, e.g. --override red-team-demo="Fixture for the scanner demo"');
    overrides.set(value.slice(0, eq).trim(), value.slice(eq + 1).trim());
  }
  return { rest, overrides };
}

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
  const { rest, overrides } = takeOverrides(argv);
  const { positionals, options } = parseArgs(rest, {
    values: {
      "--scope": "scope",
      "--team": "team",
      "--as": "as",
      "--message": "message",
      "--format": "format",
      "--profile": "profile",
      "--override-reason": "override-reason",
    },
    flags: ["--include-hidden", "--atomic"],
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
  await import("../../server/load-env");
  const { findUserByEmail } = await import("../../lib/data/core/users");
  const { listMyTeams } = await import("../../lib/data/teams/teams");
  const { findSkillsInDestination, importEach, openIntake } = await import("../../lib/data/intake");
  // the server's configured limits (SKILL_MAX_FILES...), so the CLI admits what an upload would
  const { limits, authUrl } = (await import("../../lib/env")).getEnv();

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
    const bundle = readBundle({ kind: "files", files: await readFolder(folder, limits) }, { profile, limits });
    found.push({
      folder: path.relative(io.cwd, folder) || ".",
      skill: bundle.skills[0],
      findings: [...bundle.findings, ...(bundle.skills[0]?.findings ?? [])],
    });
  }

  const valid = found.filter((f) => f.skill?.ok && f.skill.name);
  const firstByName = new Map<string, Found>();
  const duplicates: Found[] = [];
  for (const f of valid) {
    if (firstByName.has(f.skill!.name!)) duplicates.push(f);
    else firstByName.set(f.skill!.name!, f);
  }
  // One intake for the run: the account is read once, and each skill scanned and gated once.
  const intake = await openIntake(viewer);
  const existing = await findSkillsInDestination(intake, destination, [...firstByName.keys()]);
  // One reason names one skill; a run-wide --override-reason only where the run holds one skill.
  const runReason = typeof options.get("override-reason") === "string" ? String(options.get("override-reason")) : undefined;
  if (runReason !== undefined && firstByName.size > 1) {
    throw new UsageError(
      `--override-reason applies to a single skill and this run has ${firstByName.size}: name the skill it is for with --override <skill>=<reason>`,
    );
  }
  for (const name of overrides.keys()) if (!firstByName.has(name)) throw new UsageError(`--override names "${name}", which is not among the skills found`);
  const unchanged: Found[] = [];
  const items = [];
  const message = (f: Found) => (typeof options.get("message") === "string" ? String(options.get("message")) : `Imported from ${f.folder}`);
  for (const [name, f] of firstByName) {
    const current = existing.get(name);
    const overrideReason = overrides.get(name) ?? runReason;
    if (current && sameVersionContent(current, f.skill!.files)) unchanged.push(f);
    else if (current) items.push({ key: f.folder, skill: f.skill!, target: { skillId: current.id }, overrideReason, message: message(f) });
    else items.push({ key: f.folder, skill: f.skill!, destination, overrideReason, message: message(f) });
  }

  const invalid = found.filter((f) => !f.skill?.ok || !f.skill.name);
  const outcomes: IntakeOutcome[] =
    options.has("atomic") && invalid.length
      ? items.map((item) => ({
          key: item.key,
          name: item.skill.name!,
          outcome: "refused",
          reason: "not-imported",
          message: `Not imported: --atomic, and ${invalid.length} skill folder(s) are invalid.`,
        }))
      : await importEach(intake, items, { atomic: options.has("atomic") });
  const stored = outcomes.filter((o) => o.outcome === "created" || o.outcome === "new-version");
  const refused = outcomes.filter((o) => o.outcome === "refused");
  const failed = refused.filter((o) => o.reason !== "not-imported");
  const shown = (o: IntakeOutcome) => ("skillId" in o ? { name: o.name, skillId: o.skillId, version: o.version } : null);
  // Proposed versions are reported apart from published ones: agents keep the current version until a reviewer approves.
  const published = stored.filter((o) => !("proposal" in o && o.proposal));
  const absolute = (url: string) => (url.startsWith("/") ? `${authUrl.replace(/\/+$/, "")}${url}` : url);
  const report = {
    root: path.relative(io.cwd, root) || ".",
    destination: scope === "team" ? `team ${teamName}` : scope,
    as: user.email,
    found: found.length,
    atomic: options.has("atomic"),
    created: published.filter((o) => o.outcome === "created").map((o) => shown(o)!),
    newVersions: published.filter((o) => o.outcome === "new-version").map((o) => shown(o)!),
    proposed: stored.flatMap((o) =>
      "proposal" in o && o.proposal
        ? [{ ...shown(o)!, newSkill: o.outcome === "created", requestId: o.proposal.requestId, revision: o.proposal.revision, url: absolute(o.proposal.url) }]
        : [],
    ),
    unchanged: unchanged.map((f) => f.skill!.name),
    invalid: invalid.map((f) => ({ folder: f.folder, errors: f.findings.filter((x) => x.severity === "error").map((x) => x.message) })),
    blocked: refused.flatMap((o) =>
      o.reason === "blocked"
        ? [
            {
              folder: o.key,
              name: o.name,
              message: o.message,
              canOverride: o.canOverride,
              findings: o.findings.map((f) => ({ rule: f.rule, severity: f.severity, file: f.file, line: f.line })),
            },
          ]
        : [],
    ),
    refused: failed.flatMap((o) => (o.reason !== "blocked" ? [{ folder: o.key, name: o.name, message: o.message }] : [])),
    notImported: refused.flatMap((o) => (o.reason === "not-imported" ? [{ folder: o.key, name: o.name, message: o.message }] : [])),
    duplicates: duplicates.map((f) => ({ folder: f.folder, name: f.skill!.name, keptFrom: firstByName.get(f.skill!.name!)!.folder })),
    skippedHidden: skipped.map((s) => path.relative(io.cwd, s)),
    // the run as a whole: set when nothing was stored and something was refused or blocked
    error: stored.length === 0 && failed.length ? [...new Set(failed.map((o) => o.message))].join(" ") : null,
  };

  if (format === "json") io.out(JSON.stringify(report));
  else {
    io.out(
      `Imported into ${report.destination} as ${report.as}: ${report.found} skill folder(s) found under ${report.root}${report.atomic ? " (--atomic: all or none)" : ""}`,
    );
    if (report.error) io.out(`  Nothing imported: ${report.error}`);
    for (const c of report.created) io.out(`  + ${c.name} (new skill, v${c.version})`);
    for (const v of report.newVersions) io.out(`  ↑ ${v.name} (new version v${v.version})`);
    if (report.proposed.length) io.out(`  Proposed for review (${report.proposed.length}):`);
    for (const p of report.proposed) io.out(`    ? ${p.name} v${p.version}${p.newSkill ? " (new skill)" : ""} → ${p.url}`);
    for (const name of report.unchanged) io.out(`  = ${name} (unchanged)`);
    for (const b of report.blocked) {
      io.out(`  ⛔ ${b.name} (${b.folder}): blocked${b.canOverride ? `; to import it anyway: --override ${b.name}=<reason>` : ""}`);
      for (const f of b.findings) io.out(`      ${f.severity.padEnd(8)} ${f.rule} ${f.file}${f.line === null ? "" : `:${f.line}`}`);
    }
    for (const r of report.refused) io.out(`  ✗ ${r.name} (${r.folder}): ${r.message}`);
    for (const n of report.notImported) io.out(`  · ${n.name} (${n.folder}): ${n.message}`);
    for (const d of report.duplicates) io.out(`  ! ${d.folder}: skipped, "${d.name}" was already taken from ${d.keptFrom}`);
    for (const i of report.invalid) io.out(`  ✗ ${i.folder}: ${i.errors.join("; ")}`);
    for (const s of report.skippedHidden) io.out(`  - ${s}: hidden folder skipped (use --include-hidden)`);
    io.out(
      `${report.created.length} created, ${report.newVersions.length} new versions, ${report.proposed.length} proposed, ${report.unchanged.length} unchanged, ${report.invalid.length} invalid, ${report.blocked.length} blocked, ${report.refused.length} refused, ${report.notImported.length} not imported, ${report.duplicates.length} duplicates`,
    );
  }
  return failed.length || invalid.length || report.notImported.length ? EXIT_FINDINGS : EXIT_OK;
}
