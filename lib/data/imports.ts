import "server-only";
import type { ScanFinding } from "@/lib/skills/scan/types";
import type { ProposalOutcome } from "@/lib/types/reviews";
import { gateImport } from "@/lib/skills/review/policy";
import { loadActor, type ViewerRef } from "./actor";
import { db } from "@/lib/db/server";
import { DataError } from "./errors";
import { importSkills, type ImportItem, type ImportResult } from "./skills/import";
import { scanSkillYielding } from "./version-writer";
import { timeSlicer } from "@/lib/skills/archive/steps";

// Imports that report every skill: each skill is stored in its own transaction, so one blocked or
// refused skill costs only itself, and the outcome of every skill comes back. `atomic` keeps the
// all-or-nothing behaviour, but still gates every skill first so the refusal names all of them.

export type ImportOutcome =
  // `proposal`: the write opened (or revised) a review request instead of publishing; `version` is the proposed one.
  | { key: string; name: string; outcome: "created" | "new-version"; skillId: string; version: number; proposal?: ProposalOutcome }
  | { key: string; name: string; outcome: "blocked"; message: string; findings: ScanFinding[]; canOverride: boolean }
  | { key: string; name: string; outcome: "refused"; message: string; code: DataError["code"] }
  | { key: string; name: string; outcome: "not-imported"; message: string };

export type KeyedImportItem = ImportItem & { key: string };

/**
 * The security gate of every item, without writing anything: the blocked ones with the findings
 * that block them, and the items with their scans (importSkills does not scan them again).
 * Scanning is the only cost, so a refused run answers before any blob is stored.
 */
export async function gateEach(
  viewer: ViewerRef,
  items: readonly KeyedImportItem[],
): Promise<{ blocked: Map<string, Extract<ImportOutcome, { outcome: "blocked" }>>; scanned: KeyedImportItem[] }> {
  const actor = await loadActor(db, viewer);
  const blocked = new Map<string, Extract<ImportOutcome, { outcome: "blocked" }>>();
  const scanned: KeyedImportItem[] = [];
  // A turn for the event loop between skills' scans: see importSkills.
  const slice = timeSlicer();
  for (const item of items) {
    await slice();
    const name = item.skill.name ?? item.key;
    const scan = item.scan ?? (await scanSkillYielding(item.skill));
    scanned.push({ ...item, scan });
    const gate = gateImport(name, scan, { isInstanceAdmin: actor.role === "ADMIN", overrideReason: item.overrideReason });
    if (gate.kind === "blocked") {
      blocked.set(item.key, {
        key: item.key,
        name,
        outcome: "blocked",
        message: gate.message,
        findings: scan.findings.filter((f) => f.severity === "critical" || f.severity === "high"),
        canOverride: actor.role === "ADMIN",
      });
    }
  }
  return { blocked, scanned };
}

function stored(key: string, r: ImportResult): ImportOutcome {
  return {
    key,
    name: r.name,
    outcome: r.created ? "created" : "new-version",
    skillId: r.skillId,
    version: r.version,
    ...(r.proposal ? { proposal: r.proposal } : {}),
  };
}

/** Imports each item on its own (or, with `atomic`, all or none) and says what became of each. */
export async function importEach(viewer: ViewerRef, items: readonly KeyedImportItem[], options: { atomic?: boolean } = {}): Promise<ImportOutcome[]> {
  const { blocked, scanned } = await gateEach(viewer, items);
  if (options.atomic) {
    if (blocked.size) {
      return items.map(
        (item) =>
          blocked.get(item.key) ?? {
            key: item.key,
            name: item.skill.name ?? item.key,
            outcome: "not-imported",
            message: `Not imported: --atomic, and ${blocked.size} ${blocked.size === 1 ? "skill is" : "skills are"} blocked.`,
          },
      );
    }
    try {
      const results = await importSkills(viewer, scanned);
      return results.map((r, i) => stored(items[i].key, r));
    } catch (error) {
      if (!(error instanceof DataError)) throw error;
      return items.map((item) => ({ key: item.key, name: item.skill.name ?? item.key, outcome: "refused", message: error.message, code: error.code }));
    }
  }
  const outcomes: ImportOutcome[] = [];
  const slice = timeSlicer();
  for (const item of scanned) {
    await slice();
    const gate = blocked.get(item.key);
    if (gate) {
      outcomes.push(gate);
      continue;
    }
    try {
      const [r] = await importSkills(viewer, [item]);
      outcomes.push(stored(item.key, r));
    } catch (error) {
      if (!(error instanceof DataError)) throw error;
      outcomes.push({ key: item.key, name: item.skill.name ?? item.key, outcome: "refused", message: error.message, code: error.code });
    }
  }
  return outcomes;
}
