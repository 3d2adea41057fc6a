import { tool, type Tool } from "ai";
import { z } from "zod";

import { formatBytes } from "../display";
import { countTokens } from "../skills/format/tokens";
import { approvalGate, approvalOf, type ApprovalBook } from "./bound-tool-set";
import type { DisclosureRecorder } from "./recorder";
import { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, type SkillRunResult } from "./run-result";
import type { PlaygroundSkill, SkillRunner, SkillRunOutcome } from "./domain";

// The result's shape, its parser and the timeouts live in run-result.ts, which the chat view
// imports without this module's tokenizer (about 1 MB of tables in a browser bundle).
export { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, parseRunResult, type SkillRunResult } from "./run-result";

// skill_run (trpc-agent-go's name and result shape): run a command in a fresh sandboxed workspace
// holding the loaded skill (read-only), the user's attachments under inputs/ and an out/ folder.
// Offered only once a skill with scripts/ is in the conversation. Failures are thrown as Errors
// written for the model, which the AI SDK hands back to it as a tool error.

export const SKILL_RUN = "skill_run";

/** Text files up to this size come back inline in output_files[].content; larger ones and binaries are listed only. */
export const INLINE_FILE_BYTES = 8 * 1024;
export const DEFAULT_OUTPUT_GLOBS = ["out/**"];

/** True when a skill ships files under scripts/. */
export const hasScripts = (skill: Pick<PlaygroundSkill, "files">): boolean => skill.files.some((f) => f.path.startsWith("scripts/"));

export function renderRunResult(outcome: SkillRunOutcome): string {
  const result: SkillRunResult = {
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    exit_code: outcome.exitCode,
    timed_out: outcome.timedOut,
    duration_ms: outcome.durationMs,
    output_files: outcome.files.map((f) => ({
      name: f.path,
      mime_type: f.mediaType,
      size_bytes: f.size,
      ...(f.text !== null && f.size <= INLINE_FILE_BYTES ? { content: f.text } : {}),
    })),
  };
  if (outcome.warnings.length > 0) result.warnings = outcome.warnings;
  return JSON.stringify(result, null, 1);
}

const ENV_NAME = /^[A-Z_][A-Z0-9_]{0,63}$/;

export const skillRunInput = z.object({
  skill: z.string().min(1).describe("The name of a loaded skill whose scripts to run"),
  command: z
    .string()
    .min(1)
    .max(4000)
    .describe("A shell command run with bash -lc in the skill's folder, e.g. python3 scripts/report.py inputs/data.csv. Write results to out/."),
  cwd: z.string().max(500).optional().describe("Working directory relative to the workspace root (default: the skill's folder)"),
  env: z.record(z.string(), z.string().max(4000)).optional().describe("Extra environment variables for the command"),
  output_files: z
    .array(z.string().min(1).max(200))
    .max(20)
    .optional()
    .describe('Globs of files to return, relative to the workspace root (default ["out/**"])'),
  timeout: z
    .number()
    .int()
    .min(1)
    .max(MAX_TIMEOUT_SECONDS)
    .optional()
    .describe(`Seconds before the command is killed (default ${DEFAULT_TIMEOUT_SECONDS}, at most ${MAX_TIMEOUT_SECONDS})`),
});

export interface RunToolOptions {
  runner: SkillRunner;
  recorder: DisclosureRecorder;
  skills: readonly PlaygroundSkill[];
  /** Skills whose body is in the conversation (earlier loads, this turn's loads and $mentions): only those may run. */
  inConversation: (name: string) => boolean;
  /** When given, a run that the skill's allowed-tools does not cover and the user has not approved for the conversation waits for the user. */
  book?: ApprovalBook;
}

export function describeAttachments(runner: Pick<SkillRunner, "attachments">): string {
  if (runner.attachments.length === 0) return "The user attached no files.";
  return `The user's attached files are in inputs/: ${runner.attachments.map((a) => `inputs/${a.name} (${formatBytes(a.size, "prose")})`).join(", ")}.`;
}

export function createRunTool({ runner, recorder, skills, inConversation, book }: RunToolOptions): Tool {
  const byName = new Map(skills.map((s) => [s.name, s]));
  return tool({
    description: [
      "Run a command from a loaded skill's scripts in a fresh sandboxed workspace: the skill's files (read-only) in the working folder,",
      "the user's attachments under inputs/, results written to out/ are returned. No network. Returns stdout, stderr, exit_code, timed_out,",
      "duration_ms and output_files. Only for skills that were loaded and ship scripts/.",
      describeAttachments(runner),
    ].join(" "),
    inputSchema: skillRunInput,
    needsApproval: book
      ? (input, { toolCallId }) => {
          const skill = byName.get(input.skill);
          // A call that will be refused anyway is not worth asking about: execute says why.
          if (!skill || !inConversation(skill.name) || !hasScripts(skill) || runner.refusal(skill)) return false;
          return approvalGate(book, recorder, {
            skill,
            tool: SKILL_RUN,
            toolCallId,
            command: input.command,
            summary: `${skill.name} wants to run ${input.command}`,
          });
        }
      : undefined,
    execute: async (input, { toolCallId, abortSignal }) => {
      const fail = (error: string): never => {
        recorder.record({ level: 3, kind: "error", tool: SKILL_RUN, skill: input.skill, error }, toolCallId);
        throw new Error(error);
      };
      const skill = byName.get(input.skill);
      if (!skill) return fail(`There is no skill named "${input.skill}" in this catalog.`);
      if (!inConversation(skill.name)) return fail(`Load "${skill.name}" with load_skill before running its scripts.`);
      if (!hasScripts(skill)) return fail(`"${skill.name}" has no scripts/ folder; there is nothing to run.`);
      const refusal = runner.refusal(skill);
      if (refusal) return fail(refusal);
      for (const name of Object.keys(input.env ?? {}))
        if (!ENV_NAME.test(name)) return fail(`"${name}" is not a valid environment variable name (upper case letters, digits and _).`);
      let outcome: SkillRunOutcome;
      try {
        outcome = await runner.run(
          skill,
          {
            command: input.command,
            cwd: input.cwd,
            env: input.env,
            outputGlobs: input.output_files ?? DEFAULT_OUTPUT_GLOBS,
            timeoutMs: (input.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
          },
          { toolCallId, abortSignal },
        );
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error));
      }
      const output = renderRunResult(outcome);
      recorder.record(
        {
          level: 3,
          kind: "run",
          skill: skill.name,
          version: skill.version,
          command: input.command,
          exitCode: outcome.exitCode,
          timedOut: outcome.timedOut,
          durationMs: outcome.durationMs,
          files: outcome.files.map((f) => ({ path: f.path, size: f.size, mediaType: f.mediaType })),
          tokens: countTokens(output),
          ...(book ? { approval: approvalOf(book, toolCallId) } : {}),
        },
        toolCallId,
      );
      return output;
    },
  });
}
