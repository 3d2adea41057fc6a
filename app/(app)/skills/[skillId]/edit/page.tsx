import { cache } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LockIcon } from "lucide-react";
import { LazySkillEditor } from "@/components/editor/lazy-editor";
import { getEditorSkill, getEditRefusal } from "@/lib/data/editor";
import { requireViewer } from "@/lib/data/session";
import { renderDraftPreviewAction } from "./preview-action";

const loadSkill = cache(async (skillId: string) => getEditorSkill(await requireViewer(), skillId));
const loadRefusal = cache(async (skillId: string) => getEditRefusal(await requireViewer(), skillId));

type Props = { params: Promise<{ skillId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { skillId } = await params;
  const skill = await loadSkill(skillId);
  if (skill) return { title: `Edit ${skill.name}` };
  const refusal = await loadRefusal(skillId);
  return { title: refusal ? refusal.name : "Skill not found" };
}

export default async function EditSkillPage({ params, searchParams }: Props) {
  const { skillId } = await params;
  const skill = await loadSkill(skillId);
  if (!skill) {
    // Readable but not editable (a built-in, someone else's public skill): say so. A skill this
    // viewer cannot see gets the same answer as one that does not exist.
    const refusal = await loadRefusal(skillId);
    if (!refusal) notFound();
    return (
      <main className="mx-auto grid max-w-xl justify-items-start gap-4 px-4 py-16">
        <LockIcon aria-hidden className="size-6 text-muted-foreground" />
        <h1 className="text-xl font-semibold">
          You can read <span className="font-mono">{refusal.name}</span> but not edit it
        </h1>
        <p className="text-muted-foreground">{refusal.reason}</p>
        <Link href={`/skills/${encodeURIComponent(refusal.id)}`} className="font-medium text-primary underline-offset-4 hover:underline">
          Back to the skill
        </Link>
      </main>
    );
  }
  const file = (await searchParams).file;
  const initialFile = typeof file === "string" ? file : null;
  return <LazySkillEditor skill={skill} initialFile={initialFile} renderPreview={renderDraftPreviewAction} />;
}
