import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { listModels, resolveModel } from "./models";

describe("the model registry", () => {
  it("always offers the offline router, and only it without provider keys", () => {
    const env = parseEnv({});
    expect(listModels(env).map((m) => [m.id, m.label])).toEqual([["offline-router", "Offline router (built in)"]]);
    expect(resolveModel("offline-router", env)?.model).toMatchObject({ provider: "skillshelf", modelId: "offline-router" });
    expect(resolveModel("openai:gpt-4.1-mini", env)).toBeNull();
  });

  it("adds OpenAI-compatible models from OPENAI_MODELS, named by their server", () => {
    const env = parseEnv({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://localhost:11434/v1", OPENAI_MODELS: "llama3.2, qwen2.5 ,llama3.2" });
    expect(
      listModels(env)
        .slice(1)
        .map((m) => [m.id, m.label]),
    ).toEqual([
      ["openai:llama3.2", "llama3.2 (localhost:11434)"],
      ["openai:qwen2.5", "qwen2.5 (localhost:11434)"],
    ]);
    // The chat-completions model, which plain /v1/chat/completions servers answer.
    expect(resolveModel("openai:qwen2.5", env)?.model).toMatchObject({ modelId: "qwen2.5", provider: "openai.chat" });
  });

  it("adds Anthropic models when ANTHROPIC_API_KEY is set", () => {
    const ids = listModels(parseEnv({ ANTHROPIC_API_KEY: "k" })).map((m) => m.id);
    expect(ids).toEqual(["offline-router", "anthropic:claude-sonnet-4-5", "anthropic:claude-haiku-4-5"]);
  });
});
