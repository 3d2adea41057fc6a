import "server-only";
import type { EmbeddingProvider } from "@/lib/embeddings/provider";
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
