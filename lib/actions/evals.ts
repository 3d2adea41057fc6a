"use server";
import { z } from "zod";
import { resolveEvalModel } from "@/lib/ai/models";
import { estimateSkillTriggerEval, fileProposedRun, runSkillTriggerEval } from "@/lib/data/playground";
import { evalRunInput } from "@/lib/playground/evals/inputs";
import { firstIssue } from "@/lib/playground/inputs";
import { action, failure, success } from "./action";
import { revalidateSkill } from "./revalidate";

// Trigger tests from the skill page and the editor: an estimate before a run, the run (one arm or
// an A/B), and filing an A/B's proposed arm under the version saved with its description.

const skillId = z.string().trim().min(1, "Skill not found.").max(100, "Skill not found.");
const runInput = z.object({ skillId, request: evalRunInput });

const unknownModel = (modelId: string) =>
  failure(`The model "${modelId}" is not configured on this server; choose one of the models listed.`, {
    code: "INVALID_INPUT",
    fieldErrors: { modelId: ["Unknown model."] },
  });

/** What a run would cost (tokens for a provider model, nothing for the offline router), before it starts. */
export const estimateTriggerEvalAction = action(
  runInput,
  async ({ skillId, request }, viewer) => {
    const model = resolveEvalModel(request.modelId);
    if (!model) return unknownModel(request.modelId);
    return success(await estimateSkillTriggerEval(viewer, skillId, request, model));
  },
  { invalid: firstIssue },
);

/** Runs the tests and stores the run(s); the page's history shows them. */
export const runTriggerEvalAction = action(
  runInput,
  async ({ skillId, request }, viewer) => {
    const model = resolveEvalModel(request.modelId);
    if (!model) return unknownModel(request.modelId);
    const runs = await runSkillTriggerEval(viewer, skillId, request, model);
    revalidateSkill(skillId);
    return success(runs);
  },
  { invalid: firstIssue },
);

/** After the editor saved the description an A/B measured: the proposed run becomes the new version's run. */
export const fileProposedRunAction = action(
  z.object({ skillId, runId: z.string().trim().min(1, "Run not found.").max(100, "Run not found."), version: z.number().int().min(1) }),
  async ({ skillId, runId, version }, viewer) => {
    const run = await fileProposedRun(viewer, skillId, runId, version);
    revalidateSkill(skillId);
    return success(run);
  },
  { invalid: firstIssue },
);
