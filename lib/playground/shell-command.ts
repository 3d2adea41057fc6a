// Whether a skill_run command is one simple command, as Claude Code checks a Bash command before
// a prefix rule may allow it: "Bash(bash scripts/hello.sh:*)" names that script, and
// `bash scripts/hello.sh && head -2 /etc/passwd` starts with it yet runs something else. Bash's
// own grammar decides what runs, so this reads the command as bash would (quotes, escapes) and
// names the first thing that could start another command or run code from a string: a list or
// pipe operator, a substitution, a subshell, a line break, or a redirection that reads a
// file or writes outside out/. Conservative: a command it cannot vouch for asks the user. Pure.

/** Where a script may send its output without asking: the run's outputs folder. */
const OUTPUT_TARGET = /^(?:\.\/)?(?:out|\$OUTPUT_DIR|\$\{OUTPUT_DIR\}|\/workspace\/out)\/[A-Za-z0-9._/-]*$/;
/** A plain parameter expansion; anything else inside ${…} (subscripts, @P) can evaluate code. */
const PLAIN_BRACED = /^\$\{[A-Za-z_][A-Za-z0-9_]*\}/;

const describe = (what: string, text: string) => `${what} (${text.length > 40 ? `${text.slice(0, 40)}…` : text})`;

/** The output redirection starting at `i` (after any `&`), or a reason it is not allowed. */
function redirection(command: string, start: number): { end: number } | { problem: string } {
  let i = start;
  while (command[i] === ">" || command[i] === "|" || command[i] === "&") i++;
  const operator = command.slice(start, i);
  if (!/^(?:&?>>?|>\||>&)$/.test(operator)) return { problem: describe("a redirection", operator) };
  while (command[i] === " " || command[i] === "\t") i++;
  let end = i;
  while (end < command.length && !/[\s;&|<>()]/.test(command[end])) end++;
  const target = command.slice(i, end);
  // `2>&1` and `>&-` only join or close the command's own streams.
  if (operator === ">&" && /^(?:\d+|-)$/.test(target)) return { end };
  if (OUTPUT_TARGET.test(target) && !target.split("/").includes("..")) return { end };
  return { problem: describe("a redirection outside out/", `${operator} ${target}`.trim()) };
}

/** Why `command` is not one simple command (an operator, a substitution, a redirection), or null. */
export function compoundCommandProblem(command: string): string | null {
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      continue;
    }
    if (c === "\\") {
      i++;
      continue;
    }
    // Command and arithmetic substitution work inside double quotes too.
    if (c === "`") return describe("a command substitution", command.slice(i));
    if (c === "$" && (command[i + 1] === "(" || command[i + 1] === "[")) return describe("a substitution", command.slice(i));
    if (c === "$" && command[i + 1] === "{" && !PLAIN_BRACED.test(command.slice(i))) return describe("a parameter expansion", command.slice(i));
    if (quote === '"') {
      if (c === '"') quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === "\n" || c === "\r") return "a line break (a second command)";
    else if (c === ">" || (c === "&" && command[i + 1] === ">")) {
      const found = redirection(command, i);
      if ("problem" in found) return found.problem;
      i = found.end - 1;
    } else if (c === "<") return describe("an input redirection", command.slice(i));
    else if (c === ";" || c === "&" || c === "|") return describe(`the operator ${c === command[i + 1] ? c + c : c}`, command.slice(i));
    else if (c === "(" || c === ")") return describe("a subshell", command.slice(i));
  }
  return quote ? "an unclosed quote" : null;
}
