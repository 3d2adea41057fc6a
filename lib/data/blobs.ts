import "server-only";
import { getBlobStore } from "./storage";

/** What a file row selects to reach its bytes. */
export const blobSelect = { blob: { select: { sha256: true, storage: true, data: true, key: true } } } as const;

type BlobRef = { sha256: string; storage: string; data: Uint8Array | null; key: string | null };

// A remote store answers each read over the network: a few at a time keeps a large skill from
// taking one round trip per file, without opening hundreds of requests at once.
const CONCURRENT_READS = 8;

/** The bytes of each file's blob, in the order given; the blob reference itself is dropped. */
export async function loadFileBytes<F extends { blob: BlobRef }>(files: readonly F[]): Promise<(Omit<F, "blob"> & { bytes: Uint8Array })[]> {
  const store = getBlobStore();
  const result = new Array<Omit<F, "blob"> & { bytes: Uint8Array }>(files.length);
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const index = next++;
      const { blob, ...rest } = files[index];
      result[index] = { ...rest, bytes: await store.get(blob) };
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_READS, files.length) }, worker));
  return result;
}
