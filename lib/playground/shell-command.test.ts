import { describe, expect, it } from "vitest";
import { compoundCommandProblem } from "./shell-command";

describe("compoundCommandProblem", () => {
  it("passes one simple command: words, quotes, plain variables, output into out/", () => {
    for (const command of [
      "bash scripts/hello.sh",
      "python3 scripts/report.py inputs/a.csv --title 'Q3; a & b | c'",
      'python3 scripts/report.py "$INPUT" "${OUTPUT_DIR}/r.md"',
      "python3 scripts/report.py > out/report.md 2>&1",
      "python3 scripts/report.py >> $OUTPUT_DIR/log.txt 2> out/errors.txt",
      "node scripts/x.js &> /workspace/out/all.txt",
      "echo a\\;b",
      "python3 -c 'print(\"$(not run)\")'",
    ]) {
      expect(compoundCommandProblem(command), command).toBeNull();
    }
  });

  it("names what could run a second command or code from a string", () => {
    const cases: [string, RegExp][] = [
      ["bash scripts/hello.sh && head -2 /etc/passwd", /operator &&/],
      ["bash scripts/hello.sh || head -2 /etc/passwd", /operator \|\|/],
      ["bash scripts/hello.sh; head -2 /etc/passwd", /operator ;/],
      ["bash scripts/hello.sh | sh", /operator \|/],
      ["bash scripts/hello.sh & head -2 /etc/passwd", /operator &/],
      ["bash scripts/hello.sh\nhead -2 /etc/passwd", /line break/],
      ["bash scripts/hello.sh `head -2 /etc/passwd`", /command substitution/],
      ['bash scripts/hello.sh "$(head -2 /etc/passwd)"', /substitution/],
      ["bash scripts/hello.sh $((X))", /substitution/],
      ["bash scripts/hello.sh ${A[$X]}", /parameter expansion/],
      ["bash scripts/hello.sh ${X@P}", /parameter expansion/],
      ["bash scripts/hello.sh <(head /etc/passwd)", /input redirection/],
      ["bash scripts/hello.sh < /etc/passwd", /input redirection/],
      ["bash scripts/hello.sh <<EOF", /input redirection/],
      ["bash scripts/hello.sh > /etc/x", /redirection outside out\/ \(> \/etc\/x\)/],
      ["bash scripts/hello.sh > out/../../x", /redirection outside out\//],
      ["bash scripts/hello.sh > work/x", /redirection outside out\//],
      ["bash scripts/hello.sh >&2 && rm x", /operator &&/],
      ["bash scripts/hello.sh > out/$(id)", /redirection outside out\//],
      ["bash scripts/hello.sh (x)", /subshell/],
      ["bash scripts/hello.sh 'unclosed", /unclosed quote/],
    ];
    for (const [command, problem] of cases) expect(compoundCommandProblem(command), command).toMatch(problem);
  });
});
