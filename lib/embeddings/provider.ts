import "server-only";
import { getEnv, type Env } from "@/lib/env";

// The embeddings provider for hybrid routing: any OpenAI-compatible /embeddings endpoint (OpenAI,
// vLLM, Ollama, LM Studio). Called by the versions.embed background job for versions and once per
// ranked request for the request's own text; never configured, never called.

export interface EmbeddingProvider {
  /** The provider's model id: stored with each vector, so another model's vectors are re-embedded. */
  model: string;
  /** One vector per text, in order; `timeoutMs` (default 60 s) bounds the whole call. */
  embed(texts: readonly string[], options?: { timeoutMs?: number }): Promise<Float32Array[]>;
}

export class EmbeddingError extends Error {}

/** The configured provider, or null (lexical routing only). */
export function embeddingProvider(env: Env = getEnv()): EmbeddingProvider | null {
  const base = env.EMBEDDINGS_BASE_URL;
  if (!base) return null;
  const url = `${base.replace(/\/+$/, "")}/embeddings`;
  const model = env.EMBEDDINGS_MODEL;
  return {
    model,
    async embed(texts, options = {}) {
      if (texts.length === 0) return [];
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(env.EMBEDDINGS_API_KEY ? { authorization: `Bearer ${env.EMBEDDINGS_API_KEY}` } : {}) },
        body: JSON.stringify({ model, input: texts }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      });
      if (!response.ok) throw new EmbeddingError(`${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      const payload = (await response.json()) as { data?: { index?: number; embedding?: unknown }[] };
      const rows = payload.data ?? [];
      if (rows.length !== texts.length) throw new EmbeddingError(`${url} returned ${rows.length} embeddings for ${texts.length} inputs`);
      return rows
        .map((row, i) => ({ at: row.index ?? i, embedding: row.embedding }))
        .sort((a, b) => a.at - b.at)
        .map(({ embedding }) => {
          if (!Array.isArray(embedding) || embedding.some((x) => typeof x !== "number"))
            throw new EmbeddingError(`${url} returned an embedding that is not a list of numbers`);
          return Float32Array.from(embedding as number[]);
        });
    },
  };
}
