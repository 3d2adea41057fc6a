"use client";
import { useMemo, useState, useTransition } from "react";
import { LoaderCircleIcon } from "lucide-react";
import { saveProfileAction } from "@/lib/actions/playground";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatNumber } from "@/lib/display";
import type { AgentProfileInfo, CatalogEntry } from "@/lib/types/playground";

export interface ProfileDraft {
  id: string | null;
  name: string;
  instructions: string;
  /** The release channel its skills follow; absent: latest. */
  label?: string;
  /** name: as the profile lists it (null when the owner can no longer see the skill); absent for a new pick. */
  skills: { skillId: string; name?: string | null; pinnedVersion: number | null }[];
}

/** Create or edit an agent profile: a name, instructions and a set of skills, each optionally pinned to its current version. */
export function ProfileDialog({
  draft,
  entries,
  onClose,
  onSaved,
}: {
  draft: ProfileDraft | null;
  entries: CatalogEntry[];
  onClose: () => void;
  onSaved: (profile: AgentProfileInfo, profiles: AgentProfileInfo[]) => void;
}) {
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-xl">
        {draft ? <ProfileForm key={draft.id ?? "new"} draft={draft} entries={entries} onSaved={onSaved} onCancel={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ProfileForm({
  draft,
  entries,
  onSaved,
  onCancel,
}: {
  draft: ProfileDraft;
  entries: CatalogEntry[];
  onSaved: (profile: AgentProfileInfo, profiles: AgentProfileInfo[]) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(draft.name);
  const [instructions, setInstructions] = useState(draft.instructions);
  const [channel, setChannel] = useState(draft.label ?? "latest");
  const [picked, setPicked] = useState(() => new Map(draft.skills.map((s) => [s.skillId, s.pinnedVersion])));
  const [filter, setFilter] = useState("");
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [pending, start] = useTransition();

  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return entries.filter((e) => !q || e.name.includes(q) || e.description.toLowerCase().includes(q));
  }, [entries, filter]);
  // Skills the profile already holds that the catalog does not offer (shadowed, archived, or no
  // longer visible) stay listed, so they can be taken out: a profile holding one it cannot see
  // is refused on save.
  const held = useMemo(() => {
    const offered = new Set(entries.map((e) => e.skillId));
    return draft.skills.filter((s) => !offered.has(s.skillId));
  }, [draft.skills, entries]);

  function toggle(entry: CatalogEntry, on: boolean) {
    setPicked((current) => {
      const next = new Map(current);
      if (on) next.set(entry.skillId, null);
      else next.delete(entry.skillId);
      return next;
    });
  }

  function keep(skill: ProfileDraft["skills"][number], on: boolean) {
    setPicked((current) => {
      const next = new Map(current);
      if (on) next.set(skill.skillId, skill.pinnedVersion);
      else next.delete(skill.skillId);
      return next;
    });
  }

  function pin(entry: CatalogEntry, pinned: boolean) {
    setPicked((current) => new Map(current).set(entry.skillId, pinned ? entry.version : null));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    start(async () => {
      const result = await saveProfileAction({
        profileId: draft.id,
        name,
        instructions,
        label: channel,
        skills: [...picked].map(([skillId, pinnedVersion]) => ({ skillId, pinnedVersion })),
      });
      if (result.ok) onSaved(result.data.profile, result.data.profiles);
      // The field to mark: the data layer names it (a name taken), or the first that failed the schema.
      else
        setError({
          message: result.message,
          field: typeof result.details?.field === "string" ? result.details.field : Object.keys(result.fieldErrors ?? {})[0],
        });
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{draft.id ? "Edit agent profile" : "New agent profile"}</DialogTitle>
        <DialogDescription>
          A saved set of skills plus instructions. A skill your profile uses is deleted only when its manager confirms taking it out of the profile.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor="profile-name">Name</Label>
        <Input id="profile-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} aria-invalid={error?.field === "name"} autoFocus />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="profile-instructions">Instructions</Label>
        <Textarea
          id="profile-instructions"
          value={instructions}
          onChange={(e) => setInstructions(e.target.value)}
          rows={3}
          placeholder="Blank uses the playground's default instruction header."
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="profile-channel">Release channel</Label>
        <Input
          id="profile-channel"
          value={channel}
          onChange={(e) => setChannel(e.target.value.trim().toLowerCase())}
          list="profile-channels"
          maxLength={32}
          aria-invalid={error?.field === "label"}
          aria-describedby="profile-channel-hint"
        />
        <datalist id="profile-channels">
          <option value="latest" />
          <option value="stable" />
          <option value="beta" />
        </datalist>
        <p id="profile-channel-hint" className="text-xs text-muted-foreground">
          The label each skill follows: latest (every new version), stable, beta or a team&apos;s own. A skill without it gets its latest version; a pinned
          version wins.
        </p>
      </div>
      <fieldset className="grid gap-2" aria-invalid={error?.field === "skills"}>
        <legend className="mb-1.5 flex w-full items-center justify-between text-sm font-medium">
          Skills <span className="text-xs font-normal text-muted-foreground">{picked.size} chosen</span>
        </legend>
        <Input type="search" placeholder="Filter skills" aria-label="Filter skills" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <ul className="max-h-64 divide-y overflow-auto rounded-md border">
          {held.map((skill) => (
            <li key={skill.skillId} className="flex items-center gap-3 px-3 py-2 text-sm">
              <input
                id={`pick-${skill.skillId}`}
                type="checkbox"
                checked={picked.has(skill.skillId)}
                onChange={(e) => keep(skill, e.target.checked)}
                className="size-4 accent-primary"
              />
              <label htmlFor={`pick-${skill.skillId}`} className="min-w-0 flex-1 cursor-pointer">
                {skill.name ? <span className="font-mono font-medium">{skill.name}</span> : <span className="italic">A skill you can no longer see</span>}
                <span className="line-clamp-1 text-xs text-muted-foreground">
                  Not in your catalog (hidden by a same-named skill, archived, or out of reach). Untick to take it out.
                </span>
              </label>
            </li>
          ))}
          {shown.map((entry) => {
            const on = picked.has(entry.skillId);
            const pinned = picked.get(entry.skillId) != null;
            return (
              <li key={entry.skillId} className="flex items-center gap-3 px-3 py-2 text-sm">
                <input
                  id={`pick-${entry.skillId}`}
                  type="checkbox"
                  checked={on}
                  onChange={(e) => toggle(entry, e.target.checked)}
                  className="size-4 accent-primary"
                />
                <label htmlFor={`pick-${entry.skillId}`} className="min-w-0 flex-1 cursor-pointer">
                  <span className="font-mono font-medium">{entry.name}</span> <span className="text-xs text-muted-foreground">{entry.place}</span>
                  <span className="line-clamp-1 text-xs text-muted-foreground">{entry.description}</span>
                </label>
                {on ? (
                  <label className="flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground">
                    <input type="checkbox" checked={pinned} onChange={(e) => pin(entry, e.target.checked)} className="size-3.5 accent-primary" />
                    pin v{entry.version}
                  </label>
                ) : (
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatNumber(entry.bodyTokens)} tok</span>
                )}
              </li>
            );
          })}
          {shown.length === 0 ? <li className="px-3 py-6 text-center text-sm text-muted-foreground">No skill matches.</li> : null}
        </ul>
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-300">
          {error.message}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
          Save profile
        </Button>
      </DialogFooter>
    </form>
  );
}
