import { z } from "zod";
import { resolveEvalModel } from "@/lib/ai/models";
import {
  estimateAndRunSkillTriggerEval,
  estimateSkillTriggerEval,
  getTriggerTests,
  listTriggerEvalRuns,
  listTriggerEvalRunsInProgress,
} from "@/lib/data/playground";
import type { Viewer } from "@/lib/data/core";
import { evalRunInput } from "@/lib/playground/evals/inputs";
import { parseInput } from "./body";
import { HttpError, json, notFoundResponse } from "./errors";

// The HTTP side of trigger tests (app/api/v1/skills/[skillId]/evals): what CI and the CLI call.

const postInput = evalRunInput.extend({ dryRun: z.boolean("dryRun must be true or false.").default(false) });

const versionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

/** GET: the version's tests (current unless ?version=) and the runs the caller may see, newest first. */
export async function evalsAnswer(viewer: Viewer, skillId: string, url: URL): Promise<Response> {
  const query = versionQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw new HttpError(400, "bad_request", "version must be a version number (1, 2, ...).");
  const tests = await getTriggerTests(viewer, skillId, query.data.version);
  if (!tests) return notFoundResponse(query.data.version ? "Version" : "Skill");
  const runs = (await listTriggerEvalRuns(viewer, skillId)) ?? [];
  return json({ tests, runs: query.data.version ? runs.filter((r) => r.version === query.data.version) : runs });
}

/**
 * GET .../running: the caller's runs of this skill still going in this server process (a POST
 * answers when its run is done; a page or script polls this meanwhile), oldest first.
 */
export async function runningEvalsAnswer(viewer: Viewer, skillId: string): Promise<Response> {
  const running = await listTriggerEvalRunsInProgress(viewer, skillId);
  return running ? json({ running }) : notFoundResponse("Skill");
}

/**
 * POST: runs the tests (the version's file, or `tests`) against a catalog and a model, one arm or
 * an A/B (`compare`), and stores the runs; `dryRun: true` answers only what it would cost.
 */
export async function runEvalsAnswer(viewer: Viewer, skillId: string, raw: unknown, signal: AbortSignal): Promise<Response> {
  const { dryRun, ...request } = parseInput(postInput, raw);
  const model = resolveEvalModel(request.modelId);
  if (!model)
    throw new HttpError(
      400,
      "bad_request",
      `The model "${request.modelId}" is not configured on this server; use "offline-router" or a configured provider model.`,
    );
  if (dryRun) return json({ estimate: await estimateSkillTriggerEval(viewer, skillId, request, model) });
  const { estimate, runs } = await estimateAndRunSkillTriggerEval(viewer, skillId, request, model, signal);
  return json({ estimate, runs }, { status: 201 });
}
