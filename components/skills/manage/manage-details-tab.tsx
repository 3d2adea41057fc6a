"use client";
import { Badge } from "@/components/ui/badge";
import type { SkillManageInfo } from "@/lib/types/manage";
import { activityLabel } from "./activity-labels";
import { RenameForm } from "./manage-rename-form";
import { ReferenceList, scopeText, When } from "./manage-shared";

export function DetailsTab({ info, onChanged }: { info: SkillManageInfo; onChanged: () => void }) {
  return (
    <div className="grid gap-6">
      <RenameForm key={info.name} info={info} onRenamed={onChanged} />
      <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2.5 text-sm">
        <dt className="text-muted-foreground">Scope</dt>
        <dd className="flex items-center gap-2">
          {scopeText(info)}
          {info.archived ? <Badge variant="secondary">archived</Badge> : null}
        </dd>
        <dt className="text-muted-foreground">{info.scope === "PUBLIC" ? "Published by" : "Owner"}</dt>
        <dd>{info.owner?.name ?? (info.scope === "TEAM" ? `team ${info.team?.name}` : "Skillshelf")}</dd>
        <dt className="text-muted-foreground">Current version by</dt>
        <dd>{info.author?.name ?? "Skillshelf"}</dd>
        <dt className="text-muted-foreground">Versions</dt>
        <dd>
          {info.versions.length} (current: v{info.version})
        </dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>
          <When date={info.createdAt} />
        </dd>
        <dt className="text-muted-foreground">Updated</dt>
        <dd>
          <When date={info.updatedAt} />
        </dd>
      </dl>

      <section aria-labelledby="manage-references" className="grid gap-2">
        <h3 id="manage-references" className="text-sm font-semibold">
          Used by agent profiles
        </h3>
        {info.references.mine.length || info.references.others ? (
          <ReferenceList references={info.references} />
        ) : (
          <p className="text-sm text-muted-foreground">No agent profile uses this skill.</p>
        )}
      </section>

      <section aria-labelledby="manage-audit" className="grid gap-2">
        <h3 id="manage-audit" className="text-sm font-semibold">
          {info.can.manage ? "Recent activity" : "Your recent activity"}
        </h3>
        {info.audit.length ? (
          <ol className="grid gap-0 text-sm">
            {info.audit.map((event) => (
              <li key={event.id} className="flex flex-wrap items-baseline gap-x-2 border-l py-1.5 pl-3">
                <span className="font-medium">{activityLabel(event.action)}</span>
                {event.version ? <span className="text-muted-foreground">v{event.version}</span> : null}
                {event.summary ? <span>{event.summary}</span> : null}
                <span className="text-muted-foreground">
                  by {event.actorName}, <When date={event.createdAt} />
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">No recorded activity.</p>
        )}
      </section>
    </div>
  );
}
