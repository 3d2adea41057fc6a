import "server-only";
import type { LanguageModel } from "ai";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { getEnv, type Env } from "@/lib/env";
import { createOfflineRouterModel, ROUTER_PROVIDER } from "@/lib/playground/router";
import { sourceLookup, sourceVectorLookup } from "@/lib/playground/skill-ranking";
import { OFFLINE_ROUTER_ID, type SkillSource } from "@/lib/playground/domain";
import type { ModelOption } from "@/lib/types/playground";

// The models the playground offers. The offline router is always there; real providers appear
// when their key is configured. Every model goes through the same chat route, tools and ledger.

const OPENAI_DEFAULT_MODELS = ["gpt-4.1-mini"];
const ANTHROPIC_MODELS = [
  { id: "claude-sonnet-4-5", label: "Claude Sonnet 4.5" },
  { id: "claude-haiku-4-5", label: "Claude Haiku 4.5" },
];

/** Context windows are not reported by OpenAI-compatible servers; a small local model's is the safe guess. */
const OPENAI_COMPATIBLE_CONTEXT = 32_000;

export function listModels(env: Env = getEnv()): ModelOption[] {
  const models: ModelOption[] = [{ id: OFFLINE_ROUTER_ID, label: "Offline router (built in)", provider: "offline", contextWindow: 128_000 }];
  if (env.OPENAI_API_KEY) {
    const ids = env.OPENAI_MODELS
      ? env.OPENAI_MODELS.split(",")
          .map((id) => id.trim())
          .filter(Boolean)
      : OPENAI_DEFAULT_MODELS;
    const host = env.OPENAI_BASE_URL ? new URL(env.OPENAI_BASE_URL).host : "OpenAI";
    for (const id of [...new Set(ids)])
      models.push({ id: `openai:${id}`, label: `${id} (${host})`, provider: "openai", contextWindow: OPENAI_COMPATIBLE_CONTEXT });
  }
  if (env.ANTHROPIC_API_KEY) {
    for (const model of ANTHROPIC_MODELS) models.push({ id: `anthropic:${model.id}`, label: model.label, provider: "anthropic", contextWindow: 200_000 });
  }
  return models;
}

/** The language model behind a registry id, or null when that id is not configured here. */
export function resolveModel(modelId: string, env: Env = getEnv()): { option: ModelOption; model: LanguageModel } | null {
  const option = listModels(env).find((m) => m.id === modelId);
  if (!option) return null;
  if (option.provider === "offline") return { option, model: createOfflineRouterModel() };
  if (option.provider === "openai") {
    // The chat-completions path, which vLLM, Ollama, LM Studio and OpenAI itself all serve.
    const provider = createOpenAICompatible({
      name: "openai",
      baseURL: env.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
      apiKey: env.OPENAI_API_KEY,
      includeUsage: true,
    });
    return { option, model: provider.chatModel(modelId.slice("openai:".length)) };
  }
  const anthropic = createAnthropic({ apiKey: env.ANTHROPIC_API_KEY });
  return { option, model: anthropic(modelId.slice("anthropic:".length)) };
}

/** A model for trigger tests: the language model and whether running it spends tokens; null when not configured here. */
export function resolveEvalModel(modelId: string, env: Env = getEnv()): { id: string; model: LanguageModel; costsTokens: boolean } | null {
  const resolved = resolveModel(modelId, env);
  return resolved ? { id: resolved.option.id, model: resolved.model, costsTokens: resolved.option.provider !== "offline" } : null;
}

/**
 * The model bound to the skills it routes over: the offline router ranks whole skills (bodies,
 * resource names) of this source, as search_skills and list_skills do; any other model is as it is.
 */
export function withSkillSource(model: LanguageModel, source: SkillSource): LanguageModel {
  const isRouter = typeof model === "object" && model.provider === ROUTER_PROVIDER && model.modelId === OFFLINE_ROUTER_ID;
  return isRouter ? createOfflineRouterModel({ skillTexts: sourceLookup(source), skillVectors: sourceVectorLookup(source) }) : model;
}
