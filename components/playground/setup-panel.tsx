"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toaster";
import type { AgentProfileInfo, CatalogEntry, ExecutionStatus, ModelOption, PlaygroundSetup, ShadowedEntry } from "@/lib/types/playground";
import { CatalogSection } from "./catalog-section";
import { ExecutionSection } from "./execution-section";
import type { ProfileDraft } from "./profile-dialog";

// Opened only to make or edit a profile: loaded then, not with every playground visit
// (e2e/js-budget.spec.ts counts what a first visit downloads).
const ProfileDialog = dynamic(() => import("./profile-dialog").then((m) => m.ProfileDialog), { ssr: false });
import { Section, Segmented } from "./setup-section";
import { SystemPromptSection } from "./system-prompt-section";
import { usePromptPreview } from "./use-prompt-preview";

export function SetupPanel({
  setup,
  onChange,
  entries,
  shadowed,
  profiles,
  onProfiles,
  models,
  execution,
}: {
  setup: PlaygroundSetup;
  onChange: (setup: PlaygroundSetup) => void;
  entries: CatalogEntry[];
  shadowed: ShadowedEntry[];
  profiles: AgentProfileInfo[];
  onProfiles: (profiles: AgentProfileInfo[]) => void;
  models: ModelOption[];
  execution: ExecutionStatus;
}) {
  const { preview, loading: loadingPreview } = usePromptPreview(setup);
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  const set = (patch: Partial<PlaygroundSetup>) => onChange({ ...setup, ...patch });

  const profile = setup.source.kind === "profile" ? profiles.find((p) => setup.source.kind === "profile" && p.id === setup.source.profileId) : undefined;

  return (
    <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-xs">
      <CatalogSection
        setup={setup}
        set={set}
        entries={entries}
        shadowed={shadowed}
        profiles={profiles}
        profile={profile}
        onProfiles={onProfiles}
        onDraft={setDraft}
      />

      <Section title="Mode">
        <Segmented
          label="Catalog mode"
          value={setup.mode}
          options={[
            { value: "full", label: "Full catalog" },
            { value: "search", label: "Search tool" },
          ]}
          onChange={(mode) => set({ mode })}
        />
        <p className="text-xs text-muted-foreground">
          {setup.mode === "full" ? "Name and description of each skill in the system prompt." : "Only a search_skills tool: for large catalogs."}
        </p>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={setup.exposeMetadata}
            onChange={(e) => set({ exposeMetadata: e.target.checked })}
            disabled={setup.mode === "search"}
            className="size-4 accent-primary"
          />
          Expose all frontmatter fields
        </label>
      </Section>

      <Section title="Model">
        <label htmlFor="model-select" className="sr-only">
          Model
        </label>
        <Select id="model-select" className="w-full min-w-0" value={setup.modelId} onChange={(e) => set({ modelId: e.target.value })}>
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </Select>
        {models.length === 1 ? (
          <p className="text-xs text-muted-foreground">Set OPENAI_API_KEY or ANTHROPIC_API_KEY on the server to add real models.</p>
        ) : null}
      </Section>

      <ExecutionSection execution={execution} />

      <SystemPromptSection setup={setup} set={set} preview={preview} loading={loadingPreview} profileInstructions={profile?.instructions} />

      {draft ? (
        <ProfileDialog
          draft={draft}
          entries={entries}
          onClose={() => setDraft(null)}
          onSaved={(saved, all) => {
            setDraft(null);
            onProfiles(all);
            set({ source: { kind: "profile", profileId: saved.id } });
            toast.success(`Saved profile "${saved.name}".`);
          }}
        />
      ) : null}
    </div>
  );
}
