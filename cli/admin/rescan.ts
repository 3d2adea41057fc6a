import { EXIT_OK, UsageError, parseArgs, type CliIo } from "./io";

export const rescanUsage = "rescan [--all] [--format json|text]";

/**
 * Scan stored skill versions again with the current security rules: those scanned with other rules
 * (or never), or every version with --all. Review states follow (see lib/skills/vetting/policy.ts).
 */
export async function rescanCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { positionals, options } = parseArgs(argv, { values: { "--format": "format" }, flags: ["--all"] });
  if (positionals.length) throw new UsageError("rescan takes no paths: it rescans the database's stored versions");
  const format = options.get("format") ?? "text";
  if (format !== "json" && format !== "text") throw new UsageError("--format must be json or text");

  // The data layer opens the database named by the environment, so it loads only for this command.
  await import("../../server/load-env");
  const { rescanStoredVersions } = await import("../../lib/data/vetting/vetting");
  const report = await rescanStoredVersions({ all: options.has("all") });
  if (format === "json") io.out(JSON.stringify(report));
  else if (!report.scanned) io.out(`Nothing to rescan: every stored version was scanned with rule set ${report.ruleset}.`);
  else {
    io.out(
      `Rescanned ${report.scanned} version(s) with rule set ${report.ruleset}: ${report.changed} with changed results, ${report.needsReview} now need review, ${report.cleared} no longer do.`,
    );
  }
  return EXIT_OK;
}
