/** Where a command writes; tests pass their own to capture output. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  cwd: string;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

export class UsageError extends Error {}

export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string | true>;
}

/**
 * A deliberately small parser: `--name value`, `--name=value`, `-o value`, boolean `--flag`.
 * Unknown options are usage errors, so a typo never silently changes the rules applied.
 */
export function parseArgs(argv: readonly string[], spec: { values: Record<string, string>; flags?: string[] }): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  const flags = new Set(spec.flags ?? []);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const rawName = eq === -1 ? arg : arg.slice(0, eq);
    const name = spec.values[rawName];
    if (name !== undefined) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined || value === "") throw new UsageError(`${rawName} needs a value`);
      options.set(name, value);
    } else if (flags.has(rawName) && eq === -1) {
      options.set(rawName.replace(/^-+/, ""), true);
    } else {
      throw new UsageError(`unknown option ${rawName}`);
    }
  }
  return { positionals, options };
}
