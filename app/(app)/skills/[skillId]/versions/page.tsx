import { cache } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { VersionHistory } from "@/components/skills/history/version-history";
import { requireViewer } from "@/lib/data/core";
import { getSkillVersionsPage } from "@/lib/data/skills";

// No loading.tsx above this page: an invisible skill must answer 404 before anything streams.

type Props = { params: Promise<{ skillId: string }> };

const loadPage = cache(async (skillId: string) => getSkillVersionsPage(await requireViewer(), skillId));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadPage((await params).skillId);
  return { title: page ? `History · ${page.history.skill.name}` : "Skill not found" };
}

export default async function Page({ params }: Props) {
  const page = await loadPage((await params).skillId);
  if (!page) notFound();
  // Each version's latest result for its own description, so the history shows what a description change did.
  return <VersionHistory history={page.history} triggers={page.triggers} />;
}
