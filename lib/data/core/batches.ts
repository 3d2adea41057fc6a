// Prisma refuses a query with more bound values than SQLite's limit (999 as it counts), so a
// catalog of thousands is read in batches of this many.
const BATCH = 500;

/** `read` over `items` in batches of BATCH, the results joined. */
export async function inBatches<T, R>(items: readonly T[], read: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += BATCH) results.push(...(await read(items.slice(i, i + BATCH))));
  return results;
}
