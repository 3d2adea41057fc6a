import { cache } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LockIcon } from "lucide-react";
import { LazySkillEditor } from "@/components/editor/lazy-editor";
import { EditedUpstream } from "@/components/sources/edited-upstream";
import { getEditorSkill, getEditRefusal } from "@/lib/data/editor";
import { DataError } from "@/lib/data/errors";
import { requireViewer } from "@/lib/data/core";
import { getSkillSource } from "@/lib/data/sources";
import { loadEvalOptions } from "../eval-options";
import { renderDraftPreviewAction } from "./preview-action";

const loadSkill = cache(async (skillId: string, requestId: string | undefined) => getEditorSkill(await requireViewer(), skillId, { requestId }));
const loadRefusal = cache(async (skillId: string) => getEditRefusal(await requireViewer(), skillId));

type Props = { params: Promise<{ skillId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** ?request=<id>: push the draft as the next revision of that review request. */
const requestOf = (value: string | string[] | undefined) => (typeof value === "string" && value ? value : undefined);

/** A request that cannot be revised from here is said on the page; anything else propagates. */
async function loadForPage(skillId: string, requestId: string | undefined) {
  try {
    return { skill: await loadSkill(skillId, requestId), refusal: null };
  } catch (error) {
    if (requestId && error instanceof DataError && (error.code === "NOT_FOUND" || error.code === "FORBIDDEN")) return { skill: null, refusal: error.message };
    throw error;
  }
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { skillId } = await params;
  const { skill } = await loadForPage(skillId, requestOf((await searchParams).request));
  if (skill) return { title: skill.request ? `Revise ${skill.name}` : `Edit ${skill.name}` };
  const refusal = await loadRefusal(skillId);
  return { title: refusal ? refusal.name : "Skill not found" };
}

export default async function EditSkillPage({ params, searchParams }: Props) {
  const { skillId } = await params;
  const query = await searchParams;
  const requestId = requestOf(query.request);
  const { skill, refusal: requestRefusal } = await loadForPage(skillId, requestId);
  if (requestRefusal && requestId) {
    return (
      <main className="mx-auto grid max-w-xl justify-items-start gap-4 px-4 py-16">
        <LockIcon aria-hidden className="size-6 text-muted-foreground" />
        <h1 className="text-xl font-semibold">You cannot push a revision to this request</h1>
        <p className="text-muted-foreground">{requestRefusal}</p>
        <p className="flex flex-wrap gap-x-5 gap-y-2">
          <Link href={`/reviews/${encodeURIComponent(requestId)}`} className="font-medium text-primary underline-offset-4 hover:underline">
            Open the request
          </Link>
          <Link href={`/skills/${encodeURIComponent(skillId)}/edit`} className="font-medium text-primary underline-offset-4 hover:underline">
            Edit the current version instead
          </Link>
        </p>
      </main>
    );
  }
  if (!skill) {
    // Readable but not editable (a built-in, someone else's public skill): say so. A skill this
    // viewer cannot see gets the same answer as one that does not exist.
    const refusal = await loadRefusal(skillId);
    if (!refusal) notFound();
    if (refusal.source) {
      const origin = await getSkillSource(await requireViewer(), skillId);
      return <EditedUpstream skill={refusal} source={refusal.source} canDetach={refusal.canDetach === true} canOpenSource={origin?.canManage === true} />;
    }
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
  const file = query.file;
  const initialFile = typeof file === "string" ? file : null;
  const evalOptions = await loadEvalOptions(await requireViewer());
  return (
    <LazySkillEditor
      skill={skill}
      initialFile={initialFile}
      renderPreview={renderDraftPreviewAction}
      evalOptions={evalOptions}
      initialPanel={query.panel === "triggers" ? "triggers" : null}
    />
  );
}
