import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { createOfflineRouterModel, scriptCommands } from "./router";
import { INLINE_FILE_BYTES, parseRunResult, renderRunResult } from "./run-tool";
import { inlineSource, SAMPLE_SKILLS } from "./test-helpers";
import { prepareTurn } from "./turn";
import { OFFLINE_ROUTER_ID, type PlaygroundSkill, type SkillRunner, type SkillRunOutcome, type SkillRunRequest } from "./domain";

// The skill_run wiring in the pure core: when the tool is offered, what the offline router calls,
// what reaches the model and the ledger. The runner here records calls and answers as told; the
// sandbox itself is proven against bubblewrap in lib/sandbox and lib/http/skill-run-chat.test.ts.

// These tests are about running: the skills pre-approve their scripts (allowed-tools), so no call waits for the user (approval.test.ts covers that).
const source = inlineSource(SAMPLE_SKILLS.map((s) => ({ ...s, frontmatter: `${s.frontmatter ?? ""}allowed-tools: Bash\n` })));

function recordingRunner(outcome: Partial<SkillRunOutcome> = {}, refusal: string | null = null) {
  const calls: { skill: string; request: SkillRunRequest }[] = [];
  const runner: SkillRunner = {
    attachments: [{ name: "form.pdf", size: 2048, mediaType: "application/pdf" }],
    refusal: () => refusal,
    callTool: () => Promise.reject(new Error("no bound tools in these tests")),
    async run(skill: PlaygroundSkill, request: SkillRunRequest) {
      calls.push({ skill: skill.name, request });
      return { stdout: "filled 3 fields\n", stderr: "", exitCode: 0, timedOut: false, durationMs: 42, files: [], warnings: [], ...outcome };
    },
  };
  return { runner, calls };
}

async function runTurn(userText: string, runner: SkillRunner) {
  const turn = await prepareTurn({
    source,
    settings: { mode: "full", exposeMetadata: false, instructions: "", modelId: OFFLINE_ROUTER_ID },
    history: [],
    userText,
    runner,
    attachments: runner.attachments,
  });
  const offered: string[][] = [];
  const model = createOfflineRouterModel();
  const result = await generateText({
    model,
    ...turn.request,
    prepareStep: async (options) => {
      const step = await turn.request.prepareStep(options);
      offered.push([...(step?.activeTools ?? [])].sort());
      return step;
    },
  });
  return { result, offered, ledger: turn.finish(result.totalUsage), messages: turn.request.messages };
}

describe("scriptCommands", () => {
  const listed = ["reference/fields.md", "scripts/fill.py", "scripts/run.sh"];
  it("finds backticked commands that start with a listed script, alone or after an interpreter", () => {
    expect(scriptCommands("Please `python3 scripts/fill.py form.pdf` then `./scripts/run.sh`", listed)).toEqual([
      "python3 scripts/fill.py form.pdf",
      "./scripts/run.sh",
    ]);
  });
  it("ignores file names, unknown scripts, other folders and unfenced text", () => {
    expect(scriptCommands("see `reference/fields.md`, `scripts/nope.py`, `rm -rf scripts/fill.py` or scripts/fill.py", listed)).toEqual([]);
    expect(scriptCommands("`scripts/fill.py`", ["reference/fields.md"])).toEqual([]);
  });
});

describe("skill_run in a turn", () => {
  it("is offered only once a skill with scripts is loaded; the router then runs the backticked command", async () => {
    const { runner, calls } = recordingRunner();
    const { result, offered, ledger, messages } = await runTurn("Fill in my PDF form: `python3 scripts/fill.py inputs/form.pdf`", runner);
    expect(offered[0]).toEqual(["load_skill", "read_skill_resource"]);
    expect(offered[1]).toContain("skill_run");
    expect(result.steps.map((s) => s.toolCalls.map((c) => c.toolName))).toEqual([["load_skill"], ["skill_run"], []]);
    expect(calls).toEqual([
      {
        skill: "pdf-forms",
        request: { command: "python3 scripts/fill.py inputs/form.pdf", outputGlobs: ["out/**"], timeoutMs: 30_000, cwd: undefined, env: undefined },
      },
    ]);
    expect(result.text).toContain("I ran `python3 scripts/fill.py inputs/form.pdf`: it finished in 42 ms (exit code 0).");
    expect(result.text).toContain("filled 3 fields");
    const run = ledger.events.find((e) => e.kind === "run");
    expect(run).toMatchObject({ skill: "pdf-forms", exitCode: 0, durationMs: 42, files: [] });
    // The user's message tells the model which files are attached, by name and size only.
    expect(JSON.stringify(messages.at(-1))).toContain("inputs/form.pdf (application/pdf, 2 KB)");
  });

  it("never offers skill_run for a skill without scripts", async () => {
    const { runner, calls } = recordingRunner();
    const { offered } = await runTurn("Write release notes from merged pull requests `scripts/fill.py`", runner);
    expect(offered.every((tools) => !tools.includes("skill_run"))).toBe(true);
    expect(calls).toEqual([]);
  });

  it("hands a refusal to the model as a tool error and records it", async () => {
    const { runner, calls } = recordingRunner({}, 'v1 of "pdf-forms" needs security review before its scripts can run.');
    const { result, ledger } = await runTurn("Fill the PDF form fields with `python3 scripts/fill.py inputs/form.pdf`", runner);
    expect(calls).toEqual([]);
    expect(ledger.events.find((e) => e.kind === "error")).toMatchObject({
      tool: "skill_run",
      skill: "pdf-forms",
      error: expect.stringContaining("needs security review"),
    });
    expect(result.text).toContain("Tool error from skill_run");
  });

  it("reports a failed run's exit code and stderr", async () => {
    const { runner } = recordingRunner({ stdout: "", stderr: "Traceback: no such file\n", exitCode: 1 });
    const { result } = await runTurn("Fill the PDF form fields with `python3 scripts/fill.py inputs/x.pdf`", runner);
    expect(result.text).toContain("it failed with exit code 1");
    expect(result.text).toContain("Traceback: no such file");
  });
});

describe("the run result the model reads", () => {
  it("uses trpc-agent-go's field names and inlines only small text files", () => {
    const text = renderRunResult({
      stdout: "ok",
      stderr: "",
      exitCode: 0,
      timedOut: false,
      durationMs: 5,
      warnings: [],
      files: [
        { path: "out/a.md", size: 3, mediaType: "text/markdown", text: "# a" },
        { path: "out/big.txt", size: INLINE_FILE_BYTES + 1, mediaType: "text/plain", text: "x".repeat(INLINE_FILE_BYTES + 1) },
        { path: "out/chart.png", size: 10, mediaType: "image/png", text: null },
      ],
    });
    expect(parseRunResult(text)).toEqual({
      stdout: "ok",
      stderr: "",
      exit_code: 0,
      timed_out: false,
      duration_ms: 5,
      output_files: [
        { name: "out/a.md", mime_type: "text/markdown", size_bytes: 3, content: "# a" },
        { name: "out/big.txt", mime_type: "text/plain", size_bytes: INLINE_FILE_BYTES + 1 },
        { name: "out/chart.png", mime_type: "image/png", size_bytes: 10 },
      ],
    });
    expect(parseRunResult("not json")).toBeNull();
  });
});

describe("skill_run after a $mention", () => {
  it("runs a mentioned skill's script: the mention lists its files like load_skill does", async () => {
    const { runner, calls } = recordingRunner();
    const { result } = await runTurn("$pdf-forms please `python3 scripts/fill.py inputs/form.pdf`", runner);
    expect(result.steps.map((s) => s.toolCalls.map((c) => c.toolName))).toEqual([["skill_run"], []]);
    expect(calls.map((c) => c.request.command)).toEqual(["python3 scripts/fill.py inputs/form.pdf"]);
  });
});
