import { createHash } from "node:crypto";
import { stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { exportSkillZip } from "../../lib/skills/archive/export";
import { readBundle } from "../../lib/skills/archive/bundle";
import type { Finding } from "../../lib/skills/format/findings";
import { EXIT_FINDINGS, EXIT_OK, parseArgs, UsageError, type CliIo } from "./io";
import { readFolder } from "./read-input";

export const packUsage = "pack <folder> -o <file.zip> [--compress] [--format json|text]";

interface PackReport {
  input: string;
  ok: boolean;
  output?: string;
  name?: string;
  files?: number;
  bytes?: number;
  sha256?: string;
  findings: Finding[];
}

/** Exports one skill folder as the deterministic ZIP claude.ai accepts; refuses invalid skills. */
export async function packCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: { "-o": "output", "--output": "output", "--format": "format" }, flags: ["--compress"] });
  const output = args.options.get("output");
  const format = (args.options.get("format") ?? "json") as string;
  if (format !== "json" && format !== "text") throw new UsageError(`--format must be json or text (got ${format})`);
  if (args.positionals.length !== 1) throw new UsageError("pack needs exactly one folder");
  if (typeof output !== "string") throw new UsageError("pack needs -o <file.zip>");
  const input = args.positionals[0];

  const report = await pack(input, output, io.cwd, args.options.get("compress") === true);
  if (format === "json") io.out(JSON.stringify(report));
  else if (report.ok) io.out(`packed ${report.name} (${report.files} files) into ${report.output} (${report.bytes} bytes, sha256 ${report.sha256})`);
  else {
    io.out(`FAIL ${input}: nothing written`);
    for (const f of report.findings) io.out(`  ${f.severity.padEnd(7)} ${f.code} ${f.path}${f.line !== undefined ? `:${f.line}` : ""}: ${f.message}`);
  }
  return report.ok ? EXIT_OK : EXIT_FINDINGS;
}

async function pack(input: string, output: string, cwd: string, compress: boolean): Promise<PackReport> {
  const folder = path.resolve(cwd, input);
  const fail = (finding: Finding): PackReport => ({ input, ok: false, findings: [finding] });
  const stats = await stat(folder).catch(() => null);
  if (!stats) return fail({ severity: "error", code: "input-not-found", message: `${input}: path does not exist`, path: input });
  if (!stats.isDirectory()) return fail({ severity: "error", code: "input-unsupported", message: `${input}: pack takes a skill folder`, path: input });

  const bundle = readBundle({ kind: "files", files: await readFolder(folder) }, { countResourceTokens: false });
  const findings = [...bundle.findings, ...bundle.skills.flatMap((s) => s.findings.map((f) => ({ ...f, path: s.root ? `${s.root}/${f.path}` : f.path })))];
  if (bundle.skills.length > 1) {
    findings.push({
      severity: "error",
      code: "input-unsupported",
      message: `${input} holds ${bundle.skills.length} skills; pack one skill folder at a time`,
      path: input,
    });
  }
  const skill = bundle.skills[0];
  if (!bundle.ok || bundle.skills.length !== 1 || !skill?.name) return { input, ok: false, findings };

  const zip = exportSkillZip({ name: skill.name, files: skill.files }, { compress });
  const target = path.resolve(cwd, output);
  await writeFile(target, zip);
  return {
    input,
    ok: true,
    output,
    name: skill.name,
    files: skill.files.length,
    bytes: zip.length,
    sha256: createHash("sha256").update(zip).digest("hex"),
    findings,
  };
}
