import Link from "next/link";
import { GitBranchIcon, UnlinkIcon } from "lucide-react";
import { ConfirmFormDialog } from "@/components/ui/confirm-form-dialog";
import { Button } from "@/components/ui/button";
import { detachSkillAction } from "@/lib/actions/sources";
import type { EditorSource } from "@/lib/types/editor";

/**
 * The editor's answer for a skill a source keeps in sync: it is edited upstream. Detaching (after a
 * confirmation) makes it a normal skill; the page then refreshes into the editor.
 */
export function EditedUpstream({
  skill,
  source,
  canDetach,
  canOpenSource,
}: {
  skill: { id: string; name: string };
  source: EditorSource;
  canDetach: boolean;
  /** The viewer may open the source's page. */
  canOpenSource: boolean;
}) {
  return (
    <div className="mx-auto grid max-w-2xl gap-5 py-8 sm:py-12">
      <h1 className="text-xl font-semibold">
        Edit <span className="font-mono [overflow-wrap:anywhere]">{skill.name}</span>
      </h1>
      <section
        aria-label="Edited upstream"
        className="flex flex-wrap items-start gap-x-3 gap-y-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm dark:border-amber-400/30 dark:bg-amber-400/10"
      >
        <GitBranchIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
        <p className="min-w-0 flex-1 basis-64">
          Edited upstream in <span className="font-mono text-[13px] [overflow-wrap:anywhere]">{source.url}</span>
          {source.path ? (
            <>
              {" "}
              (<span className="font-mono text-[13px] [overflow-wrap:anywhere]">{source.path}</span>)
            </>
          ) : null}
          . Changes here would be overwritten by the next sync.
        </p>
        {canDetach ? (
          <ConfirmFormDialog
            trigger={
              <Button variant="outline" size="sm" className="shrink-0">
                <UnlinkIcon aria-hidden /> Detach
              </Button>
            }
            title={`Detach ${skill.name} from its source?`}
            description={`It becomes a normal skill you edit here. Syncs of ${source.url} leave it alone from then on (its folder there is reported as a name already taken); its versions keep the commit they came from.`}
            action={detachSkillAction}
            fields={{ skillId: skill.id }}
            submit="Detach and edit"
          />
        ) : null}
      </section>
      <p className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <Link href={`/skills/${encodeURIComponent(skill.id)}`} className="font-medium text-primary underline-offset-4 hover:underline">
          Back to the skill
        </Link>
        {canOpenSource ? (
          <Link href={`/sources/${encodeURIComponent(source.sourceId)}`} className="font-medium text-primary underline-offset-4 hover:underline">
            Open the source
          </Link>
        ) : null}
      </p>
    </div>
  );
}
