import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SkillPage, parseVersionNumber, skillMetadata, type SkillSearchParams } from "../../skill-page";

type Props = { params: Promise<{ skillId: string; n: string }>; searchParams: SkillSearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { skillId, n } = await params;
  return skillMetadata(skillId, parseVersionNumber(n));
}

export default async function VersionPage({ params, searchParams }: Props) {
  const { skillId, n } = await params;
  const number = parseVersionNumber(n);
  if (number === null) notFound();
  return <SkillPage skillId={skillId} versionNumber={number} searchParams={await searchParams} />;
}
