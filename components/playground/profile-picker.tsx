import { PencilIcon, Trash2Icon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import type { AgentProfileInfo } from "@/lib/types/playground";
import dynamic from "next/dynamic";

// The delivery-link dialog shows only with a profile picked: loaded then, not with every
// playground visit (e2e/js-budget.spec.ts counts what a first visit downloads).
const CreateFeedDialog = dynamic(() => import("@/components/account/create-feed-dialog").then((m) => m.CreateFeedDialog), {
  ssr: false,
  loading: () => (
    <Button type="button" size="sm" variant="outline" disabled>
      Delivery link
    </Button>
  ),
});

/** The profile catalog: which agent profile, the skills it offers, and editing or deleting it. */
export function ProfilePicker({
  profiles,
  profileId,
  profile,
  deleting,
  onSelect,
  onEdit,
  onDelete,
}: {
  profiles: AgentProfileInfo[];
  profileId: string;
  /** The selected profile; undefined while the id names none of `profiles`. */
  profile: AgentProfileInfo | undefined;
  deleting: boolean;
  onSelect: (profileId: string) => void;
  onEdit: (profile: AgentProfileInfo) => void;
  onDelete: (profile: AgentProfileInfo) => void;
}) {
  if (!profiles.length) return <p className="text-sm text-muted-foreground">No agent profiles yet. A profile is a named set of skills plus instructions.</p>;
  return (
    <div className="grid gap-2">
      <label htmlFor="profile-select" className="sr-only">
        Agent profile
      </label>
      <Select id="profile-select" className="w-full min-w-0" value={profileId} onChange={(e) => onSelect(e.target.value)}>
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.skills.length})
          </option>
        ))}
      </Select>
      {profile ? (
        <>
          <ul className="flex flex-wrap gap-1" aria-label={`Skills in ${profile.name}`}>
            {profile.skills.map((s) => (
              <li key={s.skillId}>
                {s.name === null ? (
                  <Badge
                    variant="outline"
                    className="font-normal text-muted-foreground italic"
                    title="You can no longer see this skill; edit the profile to take it out."
                  >
                    no longer visible
                  </Badge>
                ) : (
                  <Badge variant="outline" className="font-mono font-normal" title={s.archived ? "Archived: agents do not see it." : undefined}>
                    <span className={s.archived ? "line-through" : undefined}>{s.name}</span>
                    {s.pinnedVersion ? <span className="text-muted-foreground">@v{s.pinnedVersion}</span> : null}
                    {s.archived ? <span className="font-sans text-muted-foreground">archived</span> : null}
                  </Badge>
                )}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => onEdit(profile)}>
              <PencilIcon aria-hidden /> Edit
            </Button>
            <Button type="button" size="sm" variant="ghost" disabled={deleting} onClick={() => onDelete(profile)} aria-label={`Delete profile ${profile.name}`}>
              <Trash2Icon aria-hidden /> Delete
            </Button>
            <CreateFeedDialog
              small
              trigger="Delivery link"
              defaultName={profile.name}
              targets={[{ value: `profile:${profile.id}`, label: `Agent profile ${profile.name}, its skills at their current or pinned versions` }]}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}
