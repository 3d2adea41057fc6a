import { EXIT_USAGE, UsageError, type CliIo } from "./io";
import { importCommand, importUsage } from "./import";
import { packCommand, packUsage } from "./pack";
import { rescanCommand, rescanUsage } from "./rescan";
import { scanCommand, scanUsage } from "./scan";
import { routeCommand, routeUsage } from "./route";
import { evalCommand, evalUsage } from "./eval";
import { validateCommand, validateUsage } from "./validate";
import { syncCommand, syncUsage } from "../sync/skillshelf-sync.mjs";

export interface Command {
  usage: string;
  summary: string;
  run(argv: readonly string[], io: CliIo): Promise<number>;
}

/** Add `import`, `route`, `scan`... here; each command owns its arguments and output. */
export const commands: Record<string, Command> = {
  validate: { usage: validateUsage, summary: "check skills (folders, SKILL.md files, ZIPs, tarballs); exit 1 on any error", run: validateCommand },
  pack: { usage: packUsage, summary: "export one skill folder as a deterministic ZIP", run: packCommand },
  scan: {
    usage: scanUsage,
    summary: "security-scan skills (folders, SKILL.md files, ZIPs, tarballs) with static rules; exit 1 on any high or critical finding",
    run: scanCommand,
  },
  rescan: { usage: rescanUsage, summary: "scan stored skill versions again with the current security rules (stale ones, or --all)", run: rescanCommand },
  route: {
    usage: routeUsage,
    summary: "route each query of a JSONL file through the offline router over a folder of skills; one JSON line per query",
    run: routeCommand,
  },
  eval: {
    usage: evalUsage,
    summary:
      "run a skill's trigger tests (evals/triggers.json): a folder here against the skills beside it, or a skill on a server (SKILLSHELF_URL, SKILLSHELF_TOKEN); exit 1 under --min-recall/--min-precision (default 0.8)",
    run: (argv, io) => evalCommand(argv, io, process.env),
  },
  import: {
    usage: importUsage,
    summary: "import every skill folder under a directory into a scope, as a user (new skills or new versions)",
    run: importCommand,
  },
  sync: {
    usage: syncUsage,
    summary: "mirror the skills a Skillshelf server gives you (token in SKILLSHELF_TOKEN) into an agent's skills folder; exit 1 when a skill was refused",
    run: (argv, io) => syncCommand(argv, { ...io, env: process.env }),
  },
};

export function usage(): string {
  const lines = ["usage: npm run -s skills -- <command> [options]", "", "commands:"];
  for (const command of Object.values(commands)) lines.push(`  ${command.usage}`, `      ${command.summary}`);
  return lines.join("\n");
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    (name === undefined ? io.err : io.out)(usage());
    return name === undefined ? EXIT_USAGE : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.err(`unknown command "${name}"\n\n${usage()}`);
    return EXIT_USAGE;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${e.message}\nusage: npm run -s skills -- ${command.usage}`);
      return EXIT_USAGE;
    }
    throw e;
  }
}
