import "server-only";
import { DEFAULT_TIMEOUT_SECONDS, hasScripts } from "@/lib/playground/run-tool";
import type { AttachmentInfo, BoundTool, PlaygroundSkill, SkillRunFile, SkillRunner, SkillRunOutcome, SkillRunRequest } from "@/lib/playground/domain";
import { DEFAULT_COLLECT_LIMITS, MAX_STDIN_BYTES, type CollectedFile, type InputFile, type SkillExecutor, type Workspace } from "@/lib/sandbox/executor";
import { envProblem } from "@/lib/sandbox/bwrap-args";
import { globProblem } from "@/lib/sandbox/glob";
import { launchCommand } from "@/lib/sandbox/launch";
import { getSkillExecutor as registeredExecutor } from "@/lib/sandbox/registry";
import { getEnv } from "@/lib/env";
import { detectMediaType } from "@/lib/skills/format/media-type";
import type { ExecutionStatus } from "@/lib/types/playground";
import { db } from "@/lib/db/server";
import { loadActor, type ViewerRef } from "../core/actor";
import { loadFileBytes, blobSelect } from "../platform/blobs";
import { formatBytes } from "@/lib/display";
import { DataError } from "../errors";
import { readInstanceSettings } from "../admin/settings";
import { readSkillVersionFiles } from "../skills/files";
import { toolArgumentsProblem } from "./tool-arguments";
import { audit } from "../notifications/audit";
import { noteRun } from "../usage/notes";

// skill_run and bound tools over the store: the policy (instance setting, executor available,
// version reviewed), staging a version's files and the conversation's attachments into a fresh
// sandboxed workspace, the audit of every run and call, and the produced files held until the turn
// is stored with them.

/** Runs at once in this process; more wait their turn (2 cores: a few sandboxes keep the app responsive). */
const MAX_CONCURRENT_RUNS = 4;
/** Runs at once per user: one person's scripts never take every slot. */
const MAX_RUNS_PER_USER = 2;
/** What one conversation may hold in attachments: every run stages them all. */
export const MAX_CONVERSATION_ATTACHMENTS = 20;
export const MAX_CONVERSATION_ATTACHMENT_BYTES = 16 * 1024 * 1024;
/** How long a run waits for a free slot before it is refused. */
const QUEUE_WAIT_MS = 15_000;

/** The app's executor, bounded by the SANDBOX_* settings. */
function getSkillExecutor(): SkillExecutor {
  const env = getEnv();
  return registeredExecutor({ processMemoryBytes: env.SANDBOX_PROCESS_MEMORY, memoryTotalBytes: env.SANDBOX_MEMORY_TOTAL, diskBytes: env.SANDBOX_DISK });
}

/** Whether skill_run is offered here, and if not, why and how to enable it. */
export async function getExecutionStatus(viewer: ViewerRef, executor: SkillExecutor = getSkillExecutor()): Promise<ExecutionStatus> {
  await loadActor(db, viewer);
  const settings = await readInstanceSettings();
  if (settings.scriptExecution === "off") {
    return {
      enabled: false,
      cause: "setting",
      reason: "An instance admin turned script execution off.",
      remedy: "An instance admin can turn it on again under Admin → Settings.",
    };
  }
  const availability = await executor.availability();
  if (!availability.available) return { enabled: false, cause: "host", reason: availability.reason, remedy: availability.remedy };
  return { enabled: true, executor: `${availability.executor} ${availability.version}`.trim() };
}

/** A file the user attached to this turn's message, decoded. */
export interface NewAttachment {
  name: string;
  mediaType: string;
  bytes: Uint8Array;
}

/** The files one skill_run call produced, kept for saveTurn. */
export interface RunOutputs {
  toolCallId: string;
  files: { path: string; mediaType: string; bytes: Uint8Array }[];
  skipped: string[];
}

export interface RunSession {
  status: ExecutionStatus;
  /** null when runs are off here: the turn offers no skill_run. */
  runner: SkillRunner | null;
  /** What each run of the turn produced, in call order. */
  readonly outputs: RunOutputs[];
}

/**
 * The runner for one playground turn. Scripts see the conversation's earlier attachments and this
 * turn's (a later file of the same name replaces an earlier one) under inputs/.
 */
export async function openRunSession(
  viewer: ViewerRef,
  input: { conversationId: string | null; attachments: readonly NewAttachment[] },
  executor: SkillExecutor = getSkillExecutor(),
): Promise<RunSession> {
  const actor = await loadActor(db, viewer);
  const stored = input.conversationId
    ? await db.playgroundFile.findMany({
        where: { conversationId: input.conversationId, conversation: { ownerId: actor.id }, kind: "attachment" },
        orderBy: { createdAt: "asc" },
        select: { path: true, size: true, mediaType: true, ...blobSelect },
      })
    : [];
  const count = stored.length + input.attachments.length;
  const bytes = [...stored, ...input.attachments].reduce((sum, f) => sum + ("size" in f ? f.size : f.bytes.length), 0);
  if (input.attachments.length > 0 && (count > MAX_CONVERSATION_ATTACHMENTS || bytes > MAX_CONVERSATION_ATTACHMENT_BYTES)) {
    throw new DataError(
      "INVALID",
      `A conversation holds at most ${MAX_CONVERSATION_ATTACHMENTS} attachments and ${MAX_CONVERSATION_ATTACHMENT_BYTES / 1024 / 1024} MB; this one would hold ${count} (${formatBytes(bytes, "prose")}). Start a new conversation for more files.`,
      { field: "attachments" },
    );
  }
  const status = await getExecutionStatus(viewer, executor);
  const outputs: RunOutputs[] = [];
  if (!status.enabled) return { status, runner: null, outputs };
  const names = new Map<string, AttachmentInfo>();
  for (const file of stored) names.set(file.path, { name: file.path, size: file.size, mediaType: file.mediaType });
  for (const file of input.attachments) names.set(file.name, { name: file.name, size: file.bytes.length, mediaType: file.mediaType });

  let inputs: Promise<InputFile[]> | null = null;
  const inputFiles = () =>
    (inputs ??= loadFileBytes(stored).then((loaded) => {
      const byName = new Map<string, Uint8Array>(loaded.map((f) => [f.path, f.bytes]));
      for (const file of input.attachments) byName.set(file.name, file.bytes);
      return [...byName].map(([name, bytes]) => ({ name, bytes }));
    }));

  let turnBytes = 0;
  const runner: SkillRunner = {
    attachments: [...names.values()],
    refusal: (skill) => runRefusal(skill),
    async callTool(skill, tool, args, context) {
      // Checked before a slot is taken: a refused call costs no sandbox.
      const refusal = runRefusal(skill) ?? toolRefusal(skill, tool);
      if (refusal) throw new Error(refusal);
      const problem = toolArgumentsProblem(tool, args);
      if (problem) throw new Error(problem);
      const stdin = new TextEncoder().encode(JSON.stringify(args ?? {}));
      if (stdin.length > MAX_STDIN_BYTES)
        throw new Error(`The arguments for ${tool.name} are larger than ${formatBytes(MAX_STDIN_BYTES, "prose")}; pass less.`);
      const release = await acquireSlot(actor.id, context.abortSignal);
      try {
        const outcome = await callOnce(viewer, executor, skill, tool, stdin, await inputFiles(), context.abortSignal).catch(hideHostFailure);
        await audit(db, {
          actorId: actor.id,
          action: "skill.tool",
          skillId: skill.skillId,
          skillName: skill.name,
          version: skill.version,
          detail: {
            tool: tool.name,
            exitCode: outcome.exitCode,
            timedOut: outcome.timedOut,
            durationMs: outcome.durationMs,
            conversationId: input.conversationId,
          },
        });
        noteRun(viewer, skill.skillId, skill.version);
        return outcome;
      } finally {
        release();
      }
    },
    async run(skill, request, context) {
      const release = await acquireSlot(actor.id, context.abortSignal);
      try {
        const result = await runOnce(viewer, executor, skill, request, await inputFiles(), context.abortSignal).catch(hideHostFailure);
        // Every run is audited, whatever its outcome: who, which version, the command, how it ended.
        await audit(db, {
          actorId: actor.id,
          action: "skill.run",
          skillId: skill.skillId,
          skillName: skill.name,
          version: skill.version,
          detail: {
            command: request.command.slice(0, 1000),
            exitCode: result.outcome.exitCode,
            timedOut: result.outcome.timedOut,
            durationMs: result.outcome.durationMs,
            files: result.collected.length,
            conversationId: input.conversationId,
          },
        });
        noteRun(viewer, skill.skillId, skill.version);
        const kept: RunOutputs = { toolCallId: context.toolCallId, files: [], skipped: [...result.skipped] };
        for (const file of result.collected) {
          if (turnBytes + file.size > DEFAULT_COLLECT_LIMITS.maxTotalBytes) {
            kept.skipped.push(`${file.path}: the turn's files passed ${DEFAULT_COLLECT_LIMITS.maxTotalBytes / 1024 / 1024} MiB`);
            continue;
          }
          turnBytes += file.size;
          kept.files.push({ path: file.path, mediaType: file.mediaType, bytes: file.bytes });
        }
        outputs.push(kept);
        return { ...result.outcome, files: result.outcome.files.filter((f) => kept.files.some((k) => k.path === f.path)) };
      } finally {
        release();
      }
    },
  };
  return { status, runner, outputs };
}

/** Why a skill's scripts may not run, said to the model; null when they may. */
export function runRefusal(skill: PlaygroundSkill): string | null {
  if (!hasScripts(skill)) return `"${skill.name}" has no scripts/ folder; there is nothing to run.`;
  if (skill.reviewStatus === "needs_review")
    return `v${skill.version} of "${skill.name}" needs security review before its scripts can run. A team owner or instance admin can review it on the skill page.`;
  if (skill.reviewStatus === "override")
    return `v${skill.version} of "${skill.name}" was let in by an admin override of a critical finding; its scripts do not run until someone reviews it.`;
  return null;
}

/** Why this tool of the skill may not run here, or null: it must be one the catalog offers for it. */
function toolRefusal(skill: PlaygroundSkill, tool: BoundTool): string | null {
  if (skill.toolsWithheld?.names.includes(tool.name)) return `${tool.name} of "${skill.name}" is withheld here: ${skill.toolsWithheld.reason}`;
  const offered = skill.tools?.find((t) => t.name === tool.name);
  if (!offered || offered.script !== tool.script) return `"${skill.name}" offers no tool ${tool.name} here.`;
  return null;
}

/** A host failure (disk full, permissions) carries host paths: the model and the user get a sentence, the log the detail. */
function hideHostFailure(error: unknown): never {
  if (error instanceof Error && "code" in error && typeof error.code === "string") {
    console.error("A sandboxed run failed on the host", error);
    throw new Error("The sandbox could not run the command because of a problem on the server; try again later.");
  }
  throw error;
}

/** A fresh workspace holding the skill's version (read-only) and the conversation's attachments under inputs/. */
async function stageWorkspace(viewer: ViewerRef, executor: SkillExecutor, skill: PlaygroundSkill, inputs: InputFile[]) {
  const bundle = await readSkillVersionFiles(viewer, skill.skillId, skill.version);
  if (!bundle) throw new Error(`"${skill.name}" is no longer visible to you.`);
  const workspace = await executor.createWorkspace();
  try {
    await workspace.stageSkill(
      skill.name,
      bundle.files.map((f) => ({ path: f.path, bytes: f.bytes, executable: f.executable })),
    );
    await workspace.stageInputs(inputs);
  } catch (error) {
    dispose(workspace);
    throw error;
  }
  return { workspace, files: bundle.files };
}

// Removing the workspace takes a few ms the answer need not wait for.
const dispose = (workspace: Workspace) => void workspace.cleanup().catch(() => undefined);

/** Runs the tool's script from the skill folder with the arguments on stdin; nothing is collected. */
async function callOnce(
  viewer: ViewerRef,
  executor: SkillExecutor,
  skill: PlaygroundSkill,
  tool: BoundTool,
  stdin: Uint8Array,
  inputs: InputFile[],
  signal?: AbortSignal,
): Promise<SkillRunOutcome> {
  const { workspace, files } = await stageWorkspace(viewer, executor, skill, inputs);
  try {
    const script = files.find((f) => f.path === tool.script);
    if (!script) throw new Error(`${tool.script}, the script of ${tool.name}, is not in v${skill.version} of "${skill.name}".`);
    const run = await workspace.run(skill.name, { command: launchCommand(script), stdin, limits: { timeoutMs: DEFAULT_TIMEOUT_SECONDS * 1000 } }, signal);
    return {
      stdout: run.stdout,
      stderr: run.stderr,
      exitCode: run.exitCode,
      timedOut: run.timedOut,
      durationMs: run.durationMs,
      files: [],
      warnings: run.warnings,
    };
  } finally {
    dispose(workspace);
  }
}

async function runOnce(
  viewer: ViewerRef,
  executor: SkillExecutor,
  skill: PlaygroundSkill,
  request: SkillRunRequest,
  inputs: InputFile[],
  signal?: AbortSignal,
): Promise<{ outcome: SkillRunOutcome; collected: (CollectedFile & { mediaType: string })[]; skipped: string[] }> {
  // Refused before anything runs, so a bad glob or variable never costs a run and its output.
  for (const glob of request.outputGlobs) {
    const problem = globProblem(glob);
    if (problem) throw new Error(`output_files: ${problem}.`);
  }
  for (const [name, value] of Object.entries(request.env ?? {})) {
    const problem = envProblem(name, value);
    if (problem) throw new Error(`env: ${problem}.`);
  }
  const { workspace } = await stageWorkspace(viewer, executor, skill, inputs);
  try {
    const run = await workspace.run(
      skill.name,
      { command: request.command, cwd: request.cwd, env: request.env, limits: { timeoutMs: request.timeoutMs } },
      signal,
    );
    const { files, skipped } = await workspace.collect(request.outputGlobs);
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const described = files.map((file) => {
      let text: string | null = null;
      try {
        text = decoder.decode(file.bytes);
      } catch {
        text = null;
      }
      return { ...file, mediaType: detectMediaType(file.bytes, file.path, text), text };
    });
    const reported: SkillRunFile[] = described.map((f) => ({ path: f.path, size: f.size, mediaType: f.mediaType, text: f.text }));
    return {
      outcome: {
        stdout: run.stdout,
        stderr: run.stderr,
        exitCode: run.exitCode,
        timedOut: run.timedOut,
        durationMs: run.durationMs,
        files: reported,
        warnings: [...run.warnings, ...skipped.map((s) => `not returned: ${s}`)],
      },
      collected: described,
      skipped,
    };
  } finally {
    dispose(workspace);
  }
}

// ---- Limits on concurrent runs: per process and per user ----

let running = 0;
const waiting: (() => void)[] = [];
const perUser = new Map<string, number>();

async function acquireSlot(userId: string, signal?: AbortSignal): Promise<() => void> {
  const mine = perUser.get(userId) ?? 0;
  if (mine >= MAX_RUNS_PER_USER) throw new Error(`You already have ${mine} scripts running; wait for them to finish.`);
  perUser.set(userId, mine + 1);
  const leaveUser = () => {
    const now = (perUser.get(userId) ?? 1) - 1;
    if (now <= 0) perUser.delete(userId);
    else perUser.set(userId, now);
  };
  if (running < MAX_CONCURRENT_RUNS) running++;
  else {
    // A finishing run hands its slot straight to the first waiter, so the count never passes the limit.
    try {
      await new Promise<void>((resolve, reject) => {
        const leave = (message: string) => {
          const index = waiting.indexOf(go);
          if (index >= 0) waiting.splice(index, 1);
          clearTimeout(timer);
          reject(new Error(message));
        };
        const timer = setTimeout(() => leave("The sandbox is busy with other runs; try again in a moment."), QUEUE_WAIT_MS);
        function go() {
          clearTimeout(timer);
          resolve();
        }
        waiting.push(go);
        signal?.addEventListener("abort", () => leave("The turn was stopped."), { once: true });
      });
    } catch (error) {
      leaveUser();
      throw error;
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    leaveUser();
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}
