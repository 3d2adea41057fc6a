export declare function trimMallocPeriodically(
  intervalMs: number,
  seams?: { importFfi?: () => Promise<unknown>; glibc?: boolean },
): Promise<{ trimming: boolean; trim?: () => number; stop: () => void }>;
