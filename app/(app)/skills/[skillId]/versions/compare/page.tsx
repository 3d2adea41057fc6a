import { cache, Suspense } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CompareHeader, CompareSkeleton, NothingToCompare } from "@/components/skills/history/compare-view";
import { VersionDiffView } from "@/components/skills/history/version-diff-view";
import { requireViewer } from "@/lib/data/core";
import { deferBodies } from "@/lib/skills/diff/defer";
import { diffSkillVersions, listSkillVersions } from "@/lib/data/skills";
import type { SkillHistory } from "@/lib/types/versions";
import { versionOfRef } from "@/lib/skills/permissions/labels";

// The cheap checks (skill visible, both versions exist) run before anything streams, so a hidden
// skill or a missing version answers 404; only the diff itself streams in behind a skeleton.

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ skillId: string }>; searchParams: Promise<SearchParams> };

const loadHistory = cache(async (skillId: string) => listSkillVersions(await requireViewer(), skillId));

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** "3", "v3" or a release label ("stable", "latest") -> its version; absent -> undefined; anything else -> null (answered with 404). */
function parseRef(history: SkillHistory, raw: string | undefined): number | null | undefined {
  if (raw === undefined || raw === "") return undefined;
  const labels = new Map(history.versions.flatMap((v) => v.labels.map((label) => [label, v.number] as const)));
  return versionOfRef(raw, labels, history.skill.currentVersion);
}

/**
 * Which two versions to show. ?from=&to= names both (numbers or labels), as does ?range=stable...beta;
 * ?v=N (or only ?to=N) means N against the version before it; nothing means the current version
 * against its predecessor.
 */
function resolvePair(history: SkillHistory, query: SearchParams): { from: number | null; to: number } | null {
  const range = first(query.range)?.split("...");
  const from = parseRef(history, range?.length === 2 ? range[0] : first(query.from));
  const to = parseRef(history, range?.length === 2 ? range[1] : (first(query.to) ?? first(query.v)));
  if (from === null || to === null) return null;
  const known = new Set(history.versions.map((v) => v.number));
  const target = to ?? history.skill.currentVersion;
  if (!known.has(target)) return null;
  if (from !== undefined) return known.has(from) ? { from, to: target } : null;
  return { from: history.versions.find((v) => v.number === target)?.predecessor ?? null, to: target };
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const history = await loadHistory((await params).skillId);
  if (!history) return { title: "Skill not found" };
  const pair = resolvePair(history, await searchParams);
  return { title: pair?.from ? `v${pair.from} → v${pair.to} · ${history.skill.name}` : `Compare · ${history.skill.name}` };
}

async function ComparisonDiff({ skillId, from, to }: { skillId: string; from: number; to: number }) {
  const comparison = await diffSkillVersions(await requireViewer(), skillId, from, to);
  // Pruned between the check above and now: say so rather than show a half page.
  if (!comparison) return <p className="text-sm text-muted-foreground">One of these versions is no longer available. Reload the page.</p>;
  // A big diff sends its first files' bodies; the rest load as they scroll into view.
  return <VersionDiffView skillId={skillId} from={from} to={to} diff={deferBodies(comparison.diff)} />;
}

export default async function Page({ params, searchParams }: Props) {
  const { skillId } = await params;
  const history = await loadHistory(skillId);
  if (!history) notFound();
  const pair = resolvePair(history, await searchParams);
  if (!pair) notFound();
  return (
    <div className="grid gap-6">
      <CompareHeader history={history} from={pair.from} to={pair.to} />
      {pair.from === null ? (
        <NothingToCompare history={history} version={pair.to} />
      ) : (
        <Suspense key={`${pair.from}-${pair.to}`} fallback={<CompareSkeleton />}>
          <ComparisonDiff skillId={skillId} from={pair.from} to={pair.to} />
        </Suspense>
      )}
    </div>
  );
}
