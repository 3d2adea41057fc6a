import "server-only";
import type { EmbeddingProvider } from "@/lib/embeddings/provider";
import { SizedLru } from "@/lib/cache/sized-lru";
import type { RankingVectors } from "@/lib/playground/skill-vectors";
import { db } from "@/lib/db/server";

// Per-version embeddings for hybrid routing. Only the versions skills currently point at are
// embedded, by the versions.embed job (background.ts), never in a request; a vector is read by
// the version id a skill points at now, so an edited skill's old vector (its old version's) is
// never used: until the job embeds the new version, that skill ranks on words alone.

/** How many versions one provider call embeds. */
const BATCH = 32;
/** What of a version is embedded: the whole skill, cut where providers' input limits start to bite. */
const MAX_CHARS = 8_000;

export const embeddingText = (version: { name: string; description: string; body: string }) =>
  `${version.name}\n${version.description}\n\n${version.body}`.slice(0, MAX_CHARS);

/** Little-endian float32, the stored form on both databases. */
export function encodeVector(vector: Float32Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  vector.forEach((x, i) => view.setFloat32(i * 4, x, true));
  return bytes;
}

export function decodeVector(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.byteLength / 4 }, (_, i) => view.getFloat32(i * 4, true));
}

/** Current versions with no embedding by this model (none yet, or another model's). */
const pendingWhere = (model: string) => ({ currentOf: { isNot: null }, OR: [{ embedding: { is: null } }, { embedding: { model: { not: model } } }] });

export async function countPendingEmbeddings(model: string): Promise<number> {
  return db.skillVersion.count({ where: pendingWhere(model) });
}

/**
 * Embeds the current versions that lack this provider's embedding, a batch per call, until none
 * are left (or `limit` versions are done). Returns how many were embedded.
 */
export async function embedPendingVersions(provider: EmbeddingProvider, options: { limit?: number } = {}): Promise<number> {
  let done = 0;
  const limit = options.limit ?? Infinity;
  while (done < limit) {
    const versions = await db.skillVersion.findMany({
      where: pendingWhere(provider.model),
      select: { id: true, name: true, description: true, body: true },
      orderBy: { id: "asc" },
      take: Math.min(BATCH, limit - done),
    });
    if (versions.length === 0) break;
    const vectors = await provider.embed(versions.map(embeddingText));
    await db.$transaction(
      versions.map((version, i) => {
        const data = { model: provider.model, dimensions: vectors[i].length, vector: encodeVector(vectors[i]) };
        return db.skillVersionEmbedding.upsert({ where: { versionId: version.id }, create: { versionId: version.id, ...data }, update: data });
      }),
    );
    done += versions.length;
  }
  return done;
}

/** The stored vectors of these versions made by `model`, by version id; versions without one are absent. */
export async function vectorsOfVersions(versionIds: readonly string[], model: string): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  // Batches of 500: past 999 bound values SQLite refuses the query.
  for (let i = 0; i < versionIds.length; i += 500) {
    const rows = await db.skillVersionEmbedding.findMany({
      where: { versionId: { in: versionIds.slice(i, i + 500) }, model },
      select: { versionId: true, vector: true },
    });
    for (const row of rows) out.set(row.versionId, decodeVector(row.vector));
  }
  return out;
}

// ---- Hybrid ranking at request time ----

/** How long a request waits for the request's own embedding before ranking on words alone. */
const QUERY_TIMEOUT_MS = 3_000;
// A turn ranks its request at every step (and search_skills, list_skills again): the request's
// vector is asked of the provider once. Vectors of versions never change for a model, so they
// are kept too; both bounded in bytes (a 1,536-dimension vector is 6 KB).
const queryVectors = new SizedLru<Float32Array>(4 * 1024 * 1024);
const versionVectors = new SizedLru<Float32Array>(64 * 1024 * 1024);
let lastFailure = 0;

/**
 * The vectors hybrid ranking fuses for a request over these skills (each at the version the
 * catalog discloses): the request's embedding, asked of the provider, and each version's stored
 * one, by skill name. A skill whose version the job has not embedded yet is absent (ranked on
 * words alone). Null when the provider fails or is slow: the request is ranked lexically, as
 * without a provider, and the failure is logged (once a minute at most).
 */
export async function rankingVectors(
  provider: EmbeddingProvider,
  query: string,
  skills: readonly { skillId: string; version: number; name: string }[],
): Promise<RankingVectors | null> {
  const queryKey = `${provider.model}\u0000${query}`;
  let queryVector = queryVectors.get(queryKey);
  if (!queryVector) {
    try {
      [queryVector] = await provider.embed([query], { timeoutMs: QUERY_TIMEOUT_MS });
    } catch (error) {
      if (Date.now() - lastFailure > 60_000) console.warn(`Hybrid ranking fell back to words alone: ${(error as Error).message}`);
      lastFailure = Date.now();
      return null;
    }
    queryVectors.set(queryKey, queryVector, queryVector.byteLength);
  }
  const keyOf = (s: { skillId: string; version: number }) => `${provider.model}\u0000${s.skillId}@${s.version}`;
  const missing = skills.filter((s) => !versionVectors.get(keyOf(s)));
  for (let i = 0; i < missing.length; i += 500) {
    const batch = missing.slice(i, i + 500);
    const wanted = new Set(batch.map(keyOf));
    const rows = await db.skillVersion.findMany({
      where: { skillId: { in: batch.map((s) => s.skillId) }, embedding: { is: { model: provider.model } } },
      select: { skillId: true, number: true, embedding: { select: { vector: true } } },
    });
    for (const row of rows) {
      const key = keyOf({ skillId: row.skillId, version: row.number });
      if (!wanted.has(key) || !row.embedding) continue;
      const vector = decodeVector(row.embedding.vector);
      versionVectors.set(key, vector, vector.byteLength);
    }
  }
  const vectors = new Map<string, Float32Array>();
  for (const skill of skills) {
    const vector = versionVectors.get(keyOf(skill));
    if (vector) vectors.set(skill.name, vector);
  }
  return { query: queryVector, skills: vectors };
}
