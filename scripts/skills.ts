import { runCli } from "./cli/main";

// Thin entry: `npm run -s skills -- <command>`. Commands live in scripts/cli/.
const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  cwd: process.cwd(),
});
process.exitCode = code;
