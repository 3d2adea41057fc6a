import { UsersRoundIcon } from "lucide-react";
import type { SkillMeta } from "@/lib/types/skill-meta";
import { LazyEditOwnersDialog, LazyEditTagsDialog } from "./lazy-meta-dialogs";
import { StarButton } from "./star-button";
import { TagLinks } from "./tag-links";

/** The skill page's tags, star and owners, with edit controls for whoever may change them. */
export function SkillMetaBar({ skillId, teamId, meta }: { skillId: string; teamId: string | null; meta: SkillMeta }) {
  return (
    <div className="grid gap-2 text-sm" data-testid="skill-meta">
      <div className="flex flex-wrap items-center gap-1.5">
        <StarButton skillId={skillId} starred={meta.starred} count={meta.starCount} />
        {meta.tags.length ? <TagLinks tags={meta.tags} /> : <span className="px-1 text-muted-foreground">No tags</span>}
        {meta.can.tag ? <LazyEditTagsDialog skillId={skillId} meta={meta} teamId={teamId} /> : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-muted-foreground" role="group" aria-label="Owners">
        <UsersRoundIcon aria-hidden className="size-4 shrink-0" />
        <span>Owners:</span>
        {meta.owners.length ? (
          <ul className="contents">
            {meta.owners.map((owner, index) => (
              <li key={owner.kind === "user" ? owner.id : owner.role} className="text-foreground">
                {owner.kind === "user" ? owner.name : owner.label}
                {index < meta.owners.length - 1 ? <span className="text-muted-foreground">,</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <span>none yet, so its creator is told of changes</span>
        )}
        {meta.can.setOwners ? <LazyEditOwnersDialog skillId={skillId} meta={meta} /> : null}
      </div>
    </div>
  );
}
