import { hasErrors, PROFILES, type Finding, type Profile } from "../../lib/skills/format/findings";
import { readBundle } from "../../lib/skills/archive/bundle";
import { EXIT_FINDINGS, EXIT_OK, parseArgs, UsageError, type CliIo } from "./io";
import { readInputPath } from "./read-input";

export const validateUsage = "validate <path>... [--profile spec|anthropic|claude-code] [--format json|text]";

export interface ValidateReport {
  input: string;
  ok: boolean;
  skills: { name: string | null; root: string; findings: Finding[] }[];
  /** Findings about the input itself (the archive, the folder), not about one skill. */
  findings: Finding[];
}

/** Validates one path: a folder, a SKILL.md, a ZIP or a tarball. */
export async function validatePath(input: string, options: { profile?: Profile; cwd: string }): Promise<ValidateReport> {
  const read = await readInputPath(input, options.cwd);
  if (!read.ok) return { input, ok: false, skills: [], findings: [read.finding] };
  const bundle = readBundle(read.input, { profile: options.profile, countResourceTokens: false });
  return {
    input,
    ok: bundle.ok,
    skills: bundle.skills.map((s) => ({ name: s.name, root: s.root, findings: s.findings })),
    findings: bundle.findings,
  };
}

export async function validateCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: { "--profile": "profile", "--format": "format" } });
  const profile = (args.options.get("profile") ?? "spec") as string;
  const format = (args.options.get("format") ?? "json") as string;
  if (!PROFILES.includes(profile as Profile)) throw new UsageError(`--profile must be one of ${PROFILES.join(", ")} (got ${profile})`);
  if (format !== "json" && format !== "text") throw new UsageError(`--format must be json or text (got ${format})`);
  if (args.positionals.length === 0) throw new UsageError("validate needs at least one path");

  const reports: ValidateReport[] = [];
  for (const input of args.positionals) {
    const report = await validatePath(input, { profile: profile as Profile, cwd: io.cwd });
    reports.push(report);
    if (format === "json") io.out(JSON.stringify(report));
    else for (const line of formatReport(report)) io.out(line);
  }
  if (format === "text") io.out(summaryLine(reports));
  return reports.every((r) => r.ok) ? EXIT_OK : EXIT_FINDINGS;
}

function formatReport(report: ValidateReport): string[] {
  const all = [...report.findings, ...report.skills.flatMap((s) => s.findings)];
  const errors = all.filter((f) => f.severity === "error").length;
  const warnings = all.length - errors;
  const lines = [
    `${report.ok ? "PASS" : "FAIL"} ${report.input} (${plural(report.skills.length, "skill")}, ${plural(errors, "error")}, ${plural(warnings, "warning")})`,
  ];
  for (const f of report.findings) lines.push(`  ${formatFinding(f)}`);
  for (const skill of report.skills) {
    const state = hasErrors(skill.findings) ? "invalid" : "valid";
    lines.push(`  skill ${skill.name ?? "(no name)"} at ${skill.root || "(top)"}: ${state}`);
    for (const f of skill.findings) lines.push(`    ${formatFinding(f)}`);
  }
  return lines;
}

function formatFinding(f: Finding): string {
  const where = f.path ? ` ${f.path}${f.line !== undefined ? `:${f.line}` : ""}` : "";
  return `${f.severity.padEnd(7)} ${f.code}${where}: ${f.message}`;
}

function summaryLine(reports: ValidateReport[]): string {
  const failed = reports.filter((r) => !r.ok).length;
  return `${plural(reports.length, "input")}: ${reports.length - failed} passed, ${failed} failed`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
