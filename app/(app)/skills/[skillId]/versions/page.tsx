import { cache } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { VersionHistory } from "@/components/skills/history/version-history";
import { latestOwnRuns } from "@/components/skills/triggers/history-groups";
import { requireViewer } from "@/lib/data/core";
import { listTriggerEvalRuns } from "@/lib/data/playground";
import { listSkillVersions } from "@/lib/data/skills";

// No loading.tsx above this page: an invisible skill must answer 404 before anything streams.

type Props = { params: Promise<{ skillId: string }> };

const loadHistory = cache(async (skillId: string) => listSkillVersions(await requireViewer(), skillId));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const history = await loadHistory((await params).skillId);
  return { title: history ? `History · ${history.skill.name}` : "Skill not found" };
}

export default async function Page({ params }: Props) {
  const { skillId } = await params;
  const [history, runs] = await Promise.all([loadHistory(skillId), listTriggerEvalRuns(await requireViewer(), skillId)]);
  if (!history) notFound();
  // Each version's latest result for its own description, so the history shows what a description change did.
  const triggers = Object.fromEntries(
    [...latestOwnRuns(runs ?? [])].map(([version, run]) => [version, { passed: run.summary.passed, tests: run.summary.tests }]),
  );
  return <VersionHistory history={history} triggers={triggers} />;
}
