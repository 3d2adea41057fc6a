// Which versions a prune deletes: everything past the newest `keep`, except the current version
// and versions an agent profile pins. One rule for the data layer (which deletes) and the history
// page (which shows what would go before anyone confirms), so the preview cannot drift from it.

export interface PruneCandidate {
  number: number;
  current: boolean;
  pinned: boolean;
}

export interface PrunePlan {
  /** Version numbers that would be deleted, ascending. */
  deleted: number[];
  /** Past the newest `keep` but kept anyway (current or pinned), ascending. */
  spared: number[];
}

export function planPrune(versions: readonly PruneCandidate[], keep: number): PrunePlan {
  if (!Number.isInteger(keep) || keep < 1) return { deleted: [], spared: [] };
  const older = [...versions].sort((a, b) => b.number - a.number).slice(keep);
  const ascending = (list: PruneCandidate[]) => list.map((v) => v.number).sort((a, b) => a - b);
  return {
    deleted: ascending(older.filter((v) => !v.current && !v.pinned)),
    spared: ascending(older.filter((v) => v.current || v.pinned)),
  };
}
