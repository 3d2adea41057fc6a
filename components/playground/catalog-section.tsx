import { useState, useTransition } from "react";
import { AlertTriangleIcon, ChevronRightIcon, EyeOffIcon, PlusIcon } from "lucide-react";
import { deleteProfileAction } from "@/lib/actions/playground";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import type { AgentProfileInfo, CatalogEntry, PlaygroundSetup, ShadowedEntry } from "@/lib/types/playground";
import type { ProfileDraft } from "./profile-dialog";
import { ProfilePicker } from "./profile-picker";
import { Section, Segmented } from "./setup-section";
import { SkillNotesList } from "./skill-notes-view";
import { SkillPicker } from "./skill-picker";

/** Which skills the model is offered: all, a hand-picked set or an agent profile. */
export function CatalogSection({
  setup,
  set,
  entries,
  shadowed,
  profiles,
  profile,
  onProfiles,
  onDraft,
}: {
  setup: PlaygroundSetup;
  set: (patch: Partial<PlaygroundSetup>) => void;
  entries: CatalogEntry[];
  shadowed: ShadowedEntry[];
  profiles: AgentProfileInfo[];
  /** The selected profile, when the source is one. */
  profile: AgentProfileInfo | undefined;
  onProfiles: (profiles: AgentProfileInfo[]) => void;
  onDraft: (draft: ProfileDraft) => void;
}) {
  const [filter, setFilter] = useState("");
  const [deleting, startDelete] = useTransition();

  const picked = setup.source.kind === "picked" ? new Set(setup.source.skillIds) : new Set<string>();

  // Issue 9's rule: warn before the model can load a version that waits for a security review.
  const offeredIds = setup.source.kind === "all" ? null : setup.source.kind === "picked" ? picked : new Set(profile?.skills.map((s) => s.skillId) ?? []);
  const offered = offeredIds ? entries.filter((e) => offeredIds.has(e.skillId)) : entries;
  const needsReview = offered.filter((e) => e.reviewStatus === "needs_review");

  function togglePick(skillId: string, on: boolean) {
    const next = new Set(picked);
    if (on) next.add(skillId);
    else next.delete(skillId);
    set({ source: { kind: "picked", skillIds: [...next] } });
  }

  function deleteProfile(target: AgentProfileInfo) {
    if (!window.confirm(`Delete the agent profile "${target.name}"? Its skills stay on the shelf.`)) return;
    startDelete(async () => {
      const result = await deleteProfileAction(target.id);
      if (!result.ok) return void toast.error(result.message);
      onProfiles(result.data.profiles);
      set({ source: { kind: "all" } });
      toast.success(`Deleted "${target.name}".`);
    });
  }

  return (
    <Section title="Catalog">
      <Segmented
        label="Catalog source"
        value={setup.source.kind}
        options={[
          { value: "all", label: "All skills" },
          { value: "picked", label: "Hand-picked" },
          { value: "profile", label: "Profile" },
        ]}
        onChange={(kind) =>
          set({
            source:
              kind === "all"
                ? { kind }
                : kind === "picked"
                  ? { kind, skillIds: setup.source.kind === "picked" ? setup.source.skillIds : [] }
                  : { kind, profileId: profiles[0]?.id ?? "" },
          })
        }
      />
      {setup.source.kind === "all" ? (
        <p className="text-sm text-muted-foreground">
          Every skill you can see, one per name: <strong className="text-foreground">{entries.length}</strong> {entries.length === 1 ? "skill" : "skills"}.
        </p>
      ) : null}
      {setup.source.kind === "picked" ? (
        <SkillPicker
          entries={entries}
          picked={picked}
          filter={filter}
          onFilter={setFilter}
          onToggle={togglePick}
          onSaveAsProfile={() =>
            onDraft({ id: null, name: "", instructions: setup.instructions, skills: [...picked].map((skillId) => ({ skillId, pinnedVersion: null })) })
          }
        />
      ) : null}
      {setup.source.kind === "profile" ? (
        <ProfilePicker
          profiles={profiles}
          profileId={setup.source.profileId}
          profile={profile}
          deleting={deleting}
          onSelect={(profileId) => set({ source: { kind: "profile", profileId } })}
          onEdit={(target) =>
            onDraft({
              id: target.id,
              name: target.name,
              instructions: target.instructions,
              label: target.label,
              skills: target.skills.map(({ skillId, name, pinnedVersion }) => ({ skillId, name, pinnedVersion })),
            })
          }
          onDelete={deleteProfile}
        />
      ) : null}
      {needsReview.length ? (
        <p role="note" className="flex items-start gap-2 rounded-md border border-amber-500/30 bg-amber-500/10 px-2.5 py-2 text-xs leading-relaxed">
          <AlertTriangleIcon aria-hidden className="mt-0.5 size-3.5 shrink-0 text-amber-600 dark:text-amber-400" />
          <span>
            <span className="font-medium">Needs review:</span> {needsReview.map((e) => e.name).join(", ")}. A security scan found something a reviewer has not
            checked yet; the model is warned if it loads {needsReview.length === 1 ? "it" : "them"}.
          </span>
        </p>
      ) : null}
      {/* The picker shows these on each row already. */}
      {setup.source.kind !== "picked" ? <SkillNotesList entries={offered} /> : null}
      <Button
        type="button"
        size="sm"
        variant="ghost"
        className="justify-self-start"
        onClick={() => onDraft({ id: null, name: "", instructions: "", skills: [] })}
      >
        <PlusIcon aria-hidden /> New profile
      </Button>
      {shadowed.length ? <ShadowedSkills shadowed={shadowed} /> : null}
    </Section>
  );
}

function ShadowedSkills({ shadowed }: { shadowed: ShadowedEntry[] }) {
  return (
    <details className="group text-sm">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded text-xs text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
        <ChevronRightIcon className="size-3.5 transition-transform group-open:rotate-90" aria-hidden />
        <EyeOffIcon className="size-3.5" aria-hidden />
        {shadowed.length} hidden by shadowing
      </summary>
      <ul className="mt-2 grid gap-1.5" aria-label="Shadowed skills">
        {shadowed.map((s) => (
          <li key={s.skillId} className="rounded-md border px-2.5 py-1.5 text-xs">
            <span className="font-mono font-medium">{s.name}</span> <span className="text-muted-foreground">({s.place})</span>
            <p className="text-muted-foreground">{s.reason}</p>
          </li>
        ))}
      </ul>
    </details>
  );
}
