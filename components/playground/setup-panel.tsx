"use client";
import { useEffect, useMemo, useState, useTransition } from "react";
import { AlertTriangleIcon, ChevronRightIcon, EyeOffIcon, LoaderCircleIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { deleteProfileAction } from "@/lib/actions/playground";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { formatNumber } from "@/lib/format";
import type { AgentProfileInfo, CatalogEntry, ModelOption, PlaygroundSetup, PromptPreviewResult, ShadowedEntry } from "@/lib/types/playground";
import { cn } from "@/lib/utils";
import { ProfileDialog, type ProfileDraft } from "./profile-dialog";
import { fetchPromptPreview } from "./prompt-preview";

function Section({ title, children, aside }: { title: string; children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <section className="grid grid-cols-[minmax(0,1fr)] gap-2.5 border-b px-4 py-4 last:border-b-0">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          tabIndex={value === option.value ? 0 : -1}
          onClick={() => onChange(option.value)}
          onKeyDown={(e) => {
            if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
            e.preventDefault();
            const i = options.findIndex((o) => o.value === value);
            const next = options[(i + (e.key === "ArrowRight" ? 1 : options.length - 1)) % options.length];
            onChange(next.value);
            e.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>("[role=radio]")[options.indexOf(next)]?.focus();
          }}
          className={cn(
            "rounded-md px-1.5 py-1.5 text-xs font-medium whitespace-nowrap text-muted-foreground outline-none transition-colors focus-visible:ring-3 focus-visible:ring-ring/50",
            value === option.value && "bg-background text-foreground shadow-xs",
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

export function SetupPanel({
  setup,
  onChange,
  entries,
  shadowed,
  profiles,
  onProfiles,
  models,
}: {
  setup: PlaygroundSetup;
  onChange: (setup: PlaygroundSetup) => void;
  entries: CatalogEntry[];
  shadowed: ShadowedEntry[];
  profiles: AgentProfileInfo[];
  onProfiles: (profiles: AgentProfileInfo[]) => void;
  models: ModelOption[];
}) {
  const [preview, setPreview] = useState<PromptPreviewResult | null>(null);
  const [loadingPreview, setLoadingPreview] = useState(true);
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  const [filter, setFilter] = useState("");
  const [deleting, startDelete] = useTransition();
  const set = (patch: Partial<PlaygroundSetup>) => onChange({ ...setup, ...patch });

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoadingPreview(true);
      fetchPromptPreview(setup, controller.signal)
        .then((result) => !controller.signal.aborted && setPreview(result))
        .catch(() => !controller.signal.aborted && setPreview({ ok: false, message: "The preview could not be loaded." }))
        .finally(() => !controller.signal.aborted && setLoadingPreview(false));
    }, 250);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [setup]);

  const picked = setup.source.kind === "picked" ? new Set(setup.source.skillIds) : new Set<string>();
  const profile = setup.source.kind === "profile" ? profiles.find((p) => setup.source.kind === "profile" && p.id === setup.source.profileId) : undefined;
  const shownEntries = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return entries.filter((e) => !q || e.name.includes(q) || e.description.toLowerCase().includes(q));
  }, [entries, filter]);

  // Issue 9's rule: warn before the model can load a version that waits for a security review.
  const offeredIds = setup.source.kind === "all" ? null : setup.source.kind === "picked" ? picked : new Set(profile?.skills.map((s) => s.skillId) ?? []);
  const needsReview = entries.filter((e) => e.reviewStatus === "needs_review" && (!offeredIds || offeredIds.has(e.skillId)));

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
    <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-xs">
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
          <div className="grid gap-2">
            <Input
              type="search"
              placeholder="Filter skills"
              aria-label="Filter skills to pick"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              className="h-8"
            />
            <ul className="max-h-56 divide-y overflow-auto rounded-md border" aria-label="Skills to offer">
              {shownEntries.map((entry) => (
                <li key={entry.skillId} className="flex items-center gap-2.5 px-2.5 py-1.5 text-sm">
                  <input
                    id={`offer-${entry.skillId}`}
                    type="checkbox"
                    checked={picked.has(entry.skillId)}
                    onChange={(e) => togglePick(entry.skillId, e.target.checked)}
                    className="size-4 accent-primary"
                  />
                  <label htmlFor={`offer-${entry.skillId}`} className="min-w-0 flex-1 cursor-pointer truncate font-mono text-xs" title={entry.description}>
                    {entry.name}
                  </label>
                  {entry.reviewStatus === "needs_review" ? (
                    <Badge variant="outline" className="border-amber-500/40 text-[11px] font-normal text-amber-700 dark:text-amber-400">
                      needs review
                    </Badge>
                  ) : null}
                  <span className="text-[11px] text-muted-foreground">{entry.place}</span>
                </li>
              ))}
              {shownEntries.length === 0 ? <li className="px-3 py-4 text-center text-xs text-muted-foreground">No skill matches.</li> : null}
            </ul>
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span>{picked.size} picked</span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={picked.size === 0}
                onClick={() =>
                  setDraft({ id: null, name: "", instructions: setup.instructions, skills: [...picked].map((skillId) => ({ skillId, pinnedVersion: null })) })
                }
              >
                Save as profile
              </Button>
            </div>
          </div>
        ) : null}
        {setup.source.kind === "profile" ? (
          profiles.length ? (
            <div className="grid gap-2">
              <label htmlFor="profile-select" className="sr-only">
                Agent profile
              </label>
              <Select
                id="profile-select"
                className="w-full min-w-0"
                value={setup.source.profileId}
                onChange={(e) => set({ source: { kind: "profile", profileId: e.target.value } })}
              >
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
                  <div className="flex gap-2">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() =>
                        setDraft({
                          id: profile.id,
                          name: profile.name,
                          instructions: profile.instructions,
                          skills: profile.skills.map(({ skillId, name, pinnedVersion }) => ({ skillId, name, pinnedVersion })),
                        })
                      }
                    >
                      <PencilIcon aria-hidden /> Edit
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      disabled={deleting}
                      onClick={() => deleteProfile(profile)}
                      aria-label={`Delete profile ${profile.name}`}
                    >
                      <Trash2Icon aria-hidden /> Delete
                    </Button>
                  </div>
                </>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No agent profiles yet. A profile is a named set of skills plus instructions.</p>
          )
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
        <Button
          type="button"
          size="sm"
          variant="ghost"
          className="justify-self-start"
          onClick={() => setDraft({ id: null, name: "", instructions: "", skills: [] })}
        >
          <PlusIcon aria-hidden /> New profile
        </Button>
        {shadowed.length ? (
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
        ) : null}
      </Section>

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

      <Section title="System prompt" aside={<PromptTokens preview={preview} loading={loadingPreview} />}>
        <label htmlFor="instructions" className="text-sm font-medium">
          Instruction header
        </label>
        <Textarea
          id="instructions"
          value={setup.instructions}
          onChange={(e) => set({ instructions: e.target.value })}
          rows={4}
          placeholder={preview?.ok ? preview.header : "Blank uses the default header."}
          className="text-xs leading-relaxed placeholder:text-muted-foreground/80"
        />
        <p className="text-xs text-muted-foreground">Blank uses {profile?.instructions ? "the profile's instructions" : "the default header"}.</p>
        {preview?.ok && preview.overBudget ? (
          <div className="flex gap-2 rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-xs text-amber-800 dark:text-amber-200" role="status">
            <AlertTriangleIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            <div>
              The catalog takes {formatNumber(preview.catalogTokens)} tokens, over this model&apos;s budget of {formatNumber(preview.overBudget.budget)}.{" "}
              <button type="button" className="font-medium underline underline-offset-2" onClick={() => set({ mode: "search" })}>
                Switch to search mode
              </button>
            </div>
          </div>
        ) : null}
        {preview?.ok && preview.notices.length ? (
          <ul className="grid gap-1 text-xs text-amber-800 dark:text-amber-200">
            {preview.notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
        {preview && !preview.ok ? (
          <p role="alert" className="text-xs text-destructive dark:text-red-300">
            {preview.message}
          </p>
        ) : null}
        <details className="group">
          <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded text-sm font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
            <ChevronRightIcon className="size-4 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden />
            Preview
          </summary>
          <pre
            data-testid="system-prompt"
            className="mt-2 max-h-80 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-[11px] leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]"
          >
            {preview?.ok ? preview.system : "…"}
          </pre>
        </details>
      </Section>

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
    </div>
  );
}

function PromptTokens({ preview, loading }: { preview: PromptPreviewResult | null; loading: boolean }) {
  if (!preview?.ok) return loading ? <LoaderCircleIcon className="size-3.5 animate-spin text-muted-foreground" aria-label="Counting tokens" /> : null;
  return (
    <span className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="catalog-tokens">
      {loading ? <LoaderCircleIcon className="size-3 animate-spin" aria-hidden /> : null}
      <span>
        catalog <strong className="font-semibold text-foreground tabular-nums">{formatNumber(preview.catalogTokens)}</strong> tok · {preview.skillCount} skills
      </span>
    </span>
  );
}
