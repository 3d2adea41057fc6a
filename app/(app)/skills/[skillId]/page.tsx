import type { Metadata } from "next";
import { SkillPage, skillMetadata, type SkillSearchParams } from "./skill-page";

type Props = { params: Promise<{ skillId: string }>; searchParams: SkillSearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return skillMetadata((await params).skillId);
}

export default async function Page({ params, searchParams }: Props) {
  return <SkillPage skillId={(await params).skillId} versionNumber={null} searchParams={await searchParams} />;
}
