import { runCli } from "./main";

// Thin entry: `npm run -s skills -- <command>`. Commands live beside it.

// `skills route ... | head` closes the pipe early: that is the reader being done, not a failure.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  cwd: process.cwd(),
});
process.exitCode = code;
