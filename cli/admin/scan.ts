import { readBundle } from "../../lib/skills/archive/bundle";
import { RULESET_VERSION, scanBundleSkill, scanFiles, type FindingContext, type ScanResult, type ScanSeverity, type ScanSkipped } from "../../lib/skills/scan";
import { EXIT_FINDINGS, EXIT_OK, parseArgs, UsageError, type CliIo } from "./io";
import { readInputPath } from "./read-input";

export const scanUsage = "scan <path>... [--format json|text]";

export interface ScanReportFinding {
  rule: string;
  severity: ScanSeverity;
  /** Path inside the input (the skill's folder included), e.g. "my-skill/scripts/install.sh". */
  file: string;
  line: number | null;
  excerpt: string;
  /** Where the match stands and why it has this severity (see lib/skills/scan/severity.ts). */
  context?: FindingContext;
  /** The rule's own severity, when the context changed it. */
  ruleSeverity?: ScanSeverity;
}

export interface ScanReport {
  input: string;
  findings: ScanReportFinding[];
  highest: ScanSeverity | null;
  /** false when a file was too large, binary, failed a rule, or the input could not be read. */
  complete: boolean;
  skipped: ScanSkipped[];
  ruleset: string;
  /** Folders of the skills scanned ("" for a skill at the top of an archive). */
  skills: string[];
  /** Why the input could not be scanned at all. */
  error?: string;
}

const SERIOUS: readonly ScanSeverity[] = ["critical", "high"];
const RANK: Record<ScanSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
const join = (root: string, file: string): string => (root ? `${root}/${file}` : file);

/** Scans one path: a folder, a SKILL.md, a ZIP or a tarball. Every skill in it is scanned as the store would keep it. */
export async function scanPath(input: string, cwd: string): Promise<ScanReport> {
  const report: ScanReport = { input, findings: [], highest: null, complete: true, skipped: [], ruleset: RULESET_VERSION, skills: [] };
  const read = await readInputPath(input, cwd);
  if (!read.ok) return { ...report, complete: false, error: read.finding.message };
  const bundle = readBundle(read.input, { countResourceTokens: false });
  // A folder or archive without a skill is still scanned file by file: it may be a skill in the
  // making, and an unreadable one must not pass as "no findings".
  const parts: { root: string; result: ScanResult }[] =
    bundle.skills.length > 0
      ? bundle.skills.map((skill) => ({ root: skill.root, result: scanBundleSkill(skill) }))
      : [{ root: "", result: scanFiles(bundle.files) }];
  for (const { root, result } of parts) {
    report.findings.push(
      ...result.findings.map((f) => ({
        rule: f.rule,
        severity: f.severity,
        file: join(root, f.file),
        line: f.line,
        excerpt: f.excerpt,
        ...(f.context ? { context: f.context } : {}),
        ...(f.ruleSeverity ? { ruleSeverity: f.ruleSeverity } : {}),
      })),
    );
    report.skipped.push(...result.skipped.map((s) => ({ ...s, path: join(root, s.path) })));
    if (!result.complete) report.complete = false;
  }
  report.skills = bundle.skills.map((s) => s.root);
  if (bundle.files.length === 0) {
    const problem = bundle.findings.find((f) => f.severity === "error");
    report.complete = false;
    report.error = problem ? problem.message : "no files to scan";
  }
  report.findings.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  report.highest = report.findings[0]?.severity ?? null;
  return report;
}

export async function scanCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: { "--format": "format" } });
  const format = (args.options.get("format") ?? "json") as string;
  if (format !== "json" && format !== "text") throw new UsageError(`--format must be json or text (got ${format})`);
  if (args.positionals.length === 0) throw new UsageError("scan needs at least one path");

  const reports: ScanReport[] = [];
  for (const input of args.positionals) {
    const report = await scanPath(input, io.cwd);
    reports.push(report);
    if (format === "json") io.out(JSON.stringify(report));
    else for (const line of formatReport(report)) io.out(line);
  }
  if (format === "text") io.out(summaryLine(reports));
  // an input that could not be read at all was not scanned: that never passes
  return reports.some((r) => r.error !== undefined || (r.highest !== null && SERIOUS.includes(r.highest))) ? EXIT_FINDINGS : EXIT_OK;
}

function formatReport(report: ScanReport): string[] {
  if (report.error !== undefined) return [`ERROR ${report.input}: ${report.error} (not scanned)`];
  const label = report.highest === null ? "NO FINDINGS" : report.highest.toUpperCase();
  const notes = [plural(report.skills.length, "skill"), plural(report.findings.length, "finding")];
  if (!report.complete) notes.push(`not fully scanned: ${plural(report.skipped.length, "file")} skipped`);
  const lines = [`${label} ${report.input} (${notes.join(", ")})`];
  for (const f of report.findings) {
    lines.push(`  ${f.severity.padEnd(8)} ${f.rule} ${f.file}${f.line === null ? "" : `:${f.line}`}`, `           ${f.excerpt}`);
    if (f.ruleSeverity && f.context) lines.push(`           (lowered from ${f.ruleSeverity}: ${f.context.note})`);
  }
  for (const s of report.skipped) lines.push(`  skipped  ${s.path}: ${s.reason}${s.detail ? ` (${s.detail})` : ""}`);
  return lines;
}

function summaryLine(reports: ScanReport[]): string {
  const serious = reports.filter((r) => r.highest !== null && SERIOUS.includes(r.highest)).length;
  const failed = reports.filter((r) => r.error !== undefined).length;
  const incomplete = reports.filter((r) => !r.complete && r.error === undefined).length;
  return `${plural(reports.length, "input")}: ${serious} with high or critical findings, ${failed} not readable, ${incomplete} not fully scanned (ruleset ${RULESET_VERSION}; static rules only, "no findings" is not "safe")`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
