// The commands a message asks the offline router to run: a listed scripts/ file in backticks.

/** The script path a command starts with (after an interpreter, without ./), or null. */
export function scriptOf(command: string): string | null {
  const words = command.trim().split(/\s+/);
  const first = INTERPRETERS.has(words[0]) ? words[1] : words[0];
  return first ? first.replace(/^\.\//, "") : null;
}

/** Interpreters a command may name before the script. */
const INTERPRETERS = new Set(["python3", "python", "bash", "sh", "node", "perl"]);

/**
 * Commands in backticks that run one of the listed scripts/ files: the command's first word is
 * the script's path (or ./path), or an interpreter followed by it. Anything else in backticks
 * (a file name, a snippet) is not a request to run.
 */
export function scriptCommands(message: string, resources: readonly string[]): string[] {
  const scripts = new Set(resources.filter((p) => p.startsWith("scripts/")));
  if (scripts.size === 0) return [];
  const out: string[] = [];
  for (const match of message.matchAll(/`([^`\n]+)`/g)) {
    const command = match[1].trim();
    const script = scriptOf(command);
    if (script && scripts.has(script) && !out.includes(command)) out.push(command);
  }
  return out;
}
