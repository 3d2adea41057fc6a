import { cache } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LazySkillEditor } from "@/components/editor/lazy-editor";
import { getEditorSkill } from "@/lib/data/editor";
import { requireViewer } from "@/lib/data/session";
import { renderDraftPreviewAction } from "./preview-action";

const loadSkill = cache(async (skillId: string) => getEditorSkill(await requireViewer(), skillId));

type Props = { params: Promise<{ skillId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const skill = await loadSkill((await params).skillId);
  return { title: skill ? `Edit ${skill.name}` : "Skill not found" };
}

export default async function EditSkillPage({ params, searchParams }: Props) {
  const { skillId } = await params;
  // Not visible, or visible but read-only (built-ins, someone else's public skill): the editor
  // does not exist for this viewer, the same answer as a skill that does not exist.
  const skill = await loadSkill(skillId);
  if (!skill) notFound();
  const file = (await searchParams).file;
  const initialFile = typeof file === "string" ? file : null;
  return <LazySkillEditor skill={skill} initialFile={initialFile} renderPreview={renderDraftPreviewAction} />;
}
