import "server-only";
import { db } from "@/lib/db/server";
import { summarize } from "@/lib/playground/evals/score";
import type { CatalogMode } from "@/lib/playground/domain";
import type { EvalRunView } from "@/lib/types/evals";
import type { Prisma } from "@/lib/generated/prisma/client";
import { readEvalResults, readEvalTakes } from "../core/json-columns";

// A stored trigger-test run as the pages, the API and the CLI read it.

export const runRowSelect = {
  id: true,
  skillId: true,
  arm: true,
  description: true,
  descriptionOf: true,
  comparisonId: true,
  catalogKind: true,
  catalogRef: true,
  catalogLabel: true,
  catalogSize: true,
  modelId: true,
  mode: true,
  results: true,
  takes: true,
  measuredOn: true,
  createdById: true,
  createdAt: true,
  version: { select: { number: true } },
} satisfies Prisma.TriggerEvalRunSelect;

export type RunRow = Prisma.TriggerEvalRunGetPayload<{ select: typeof runRowSelect }>;

export function evalRunView(row: RunRow, names: ReadonlyMap<string, string> = new Map()): EvalRunView {
  const results = readEvalResults(row.results);
  return {
    id: row.id,
    skillId: row.skillId,
    version: row.version.number,
    arm: row.arm === "proposed" ? "proposed" : "version",
    description: row.description,
    descriptionVersion: row.descriptionOf,
    comparisonId: row.comparisonId,
    catalog: { kind: row.catalogKind as EvalRunView["catalog"]["kind"], ref: row.catalogRef, label: row.catalogLabel, size: row.catalogSize },
    modelId: row.modelId,
    mode: row.mode as CatalogMode,
    // The counts are kept in columns for lists; the summary is recomputed from the same results.
    summary: summarize(results),
    results,
    takes: readEvalTakes(row.takes),
    measuredOn: row.measuredOn,
    createdBy: row.createdById ? (names.get(row.createdById) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Views of stored runs, with their runners' names (one query for all of them). */
export async function runViews(rows: readonly RunRow[]): Promise<EvalRunView[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.createdById ? [r.createdById] : [])))];
  const users = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  return rows.map((row) => evalRunView(row, names));
}
