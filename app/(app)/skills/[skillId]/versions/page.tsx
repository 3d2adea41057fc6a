import { cache } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { VersionHistory } from "@/components/skills/history/version-history";
import { requireViewer } from "@/lib/data/session";
import { listSkillVersions } from "@/lib/data/versions";

// No loading.tsx above this page: an invisible skill must answer 404 before anything streams.

type Props = { params: Promise<{ skillId: string }> };

const loadHistory = cache(async (skillId: string) => listSkillVersions(await requireViewer(), skillId));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const history = await loadHistory((await params).skillId);
  return { title: history ? `History · ${history.skill.name}` : "Skill not found" };
}

export default async function Page({ params }: Props) {
  const history = await loadHistory((await params).skillId);
  if (!history) notFound();
  return <VersionHistory history={history} />;
}
