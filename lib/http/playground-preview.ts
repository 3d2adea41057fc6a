import "server-only";
import { listModels } from "@/lib/ai/models";
import { loadSkillSource } from "@/lib/data/playground";
import type { ViewerRef } from "@/lib/data/actor";
import { buildSystemPrompt, catalogOverBudget, chooseInstructions } from "@/lib/playground/prompt";
import { firstIssue, playgroundSetupInput } from "@/lib/playground/inputs";
import type { PromptPreview } from "@/lib/types/playground";
import { HttpError } from "./errors";

/** The system prompt a turn with this setup would send, with its token counts: a read, nothing stored. */
export async function previewPrompt(viewer: ViewerRef, body: unknown): Promise<PromptPreview> {
  const input = playgroundSetupInput.safeParse(body);
  if (!input.success) throw new HttpError(400, "invalid_setup", firstIssue(input.error));
  const loaded = await loadSkillSource(viewer, input.data.source);
  const instructions = chooseInstructions(input.data.instructions, loaded.profileInstructions);
  const prompt = buildSystemPrompt({ mode: input.data.mode, exposeMetadata: input.data.exposeMetadata, instructions }, loaded.source.skills);
  const model = listModels().find((m) => m.id === input.data.modelId);
  return {
    ok: true,
    system: prompt.system,
    header: prompt.header,
    catalogXml: prompt.catalogXml,
    catalogTokens: prompt.catalogTokens,
    headerTokens: prompt.headerTokens,
    skillCount: loaded.source.skills.length,
    profileInstructions: loaded.profileInstructions,
    notices: loaded.notices,
    overBudget: model ? catalogOverBudget(input.data.mode, prompt.catalogTokens, model.contextWindow) : null,
  };
}
