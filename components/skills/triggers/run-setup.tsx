"use client";
import { CircleAlertIcon, CoinsIcon, LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { parseCatalogRef } from "@/lib/playground/evals/catalog-ref";
import type { EvalCatalog, EvalRunProgress } from "@/lib/types/evals";
import type { ModelOption } from "@/lib/types/playground";
import { estimateSentence, type TriggerRunPhase } from "./trigger-run-state";
import { progressSuffix } from "./use-run-progress";

// What a trigger-test run is set up with, on the skill page and in the editor: the catalog it
// runs against, the model, and before a run that spends tokens the estimate to agree to.

export interface EvalOptions {
  models: ModelOption[];
  teams: { id: string; name: string }[];
  profiles: { id: string; name: string }[];
}

export interface EvalSetup {
  /** "all", "team:<id>" or "profile:<id>". */
  catalog: string;
  modelId: string;
}

export const catalogOf = (value: string): EvalCatalog => parseCatalogRef(value) ?? { kind: "all" };

export const costsTokens = (options: EvalOptions, modelId: string) => (options.models.find((m) => m.id === modelId)?.provider ?? "offline") !== "offline";

export function EvalSetupFields({
  idPrefix,
  options,
  setup,
  onChange,
  disabled,
}: {
  idPrefix: string;
  options: EvalOptions;
  setup: EvalSetup;
  onChange: (setup: EvalSetup) => void;
  disabled: boolean;
}) {
  const paid = costsTokens(options, setup.modelId);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${idPrefix}-catalog`}>Catalog</Label>
        <Select
          id={`${idPrefix}-catalog`}
          className="max-w-full"
          value={setup.catalog}
          disabled={disabled}
          onChange={(event) => onChange({ ...setup, catalog: event.target.value })}
        >
          <option value="all">Everything you can see</option>
          {options.teams.map((team) => (
            <option key={team.id} value={`team:${team.id}`}>
              Team {team.name} agents
            </option>
          ))}
          {options.profiles.map((profile) => (
            <option key={profile.id} value={`profile:${profile.id}`}>
              Agent profile {profile.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${idPrefix}-model`}>Model</Label>
        <Select
          id={`${idPrefix}-model`}
          className="max-w-full"
          value={setup.modelId}
          disabled={disabled}
          aria-describedby={`${idPrefix}-cost`}
          onChange={(event) => onChange({ ...setup, modelId: event.target.value })}
        >
          {options.models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.label}
            </option>
          ))}
        </Select>
      </div>
      <p id={`${idPrefix}-cost`} className="basis-full text-xs text-muted-foreground">
        {paid
          ? "This model spends tokens: you see the estimate and confirm before anything is sent."
          : "The offline router runs here and costs nothing; it reads only the skills' names and descriptions."}
      </p>
    </div>
  );
}

/** The estimate of a paid run and the yes/no; the phase's error; nothing otherwise. */
export function RunPhaseNotice({ phase, onConfirm, onCancel }: { phase: TriggerRunPhase; onConfirm: () => void; onCancel: () => void }) {
  if (phase.kind === "confirm")
    return (
      <div role="group" aria-label="Estimated cost" className="grid gap-2 rounded-lg border border-amber-500/35 bg-amber-500/10 px-3 py-2.5 text-sm">
        <p className="flex items-start gap-2">
          <CoinsIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
          <span>
            This run sends {estimateSentence(phase.estimate)} ({phase.estimate.catalogLabel}) to {phase.estimate.modelId}. Output tokens come on top.
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={onConfirm} autoFocus>
            Run and spend the tokens
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    );
  if (phase.kind === "failed")
    return (
      <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm">
        <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
        {phase.message}
      </p>
    );
  return null;
}

/** The run button: disabled and saying what it does while busy; a form's submit button unless it has `onClick`. */
export function RunButton({
  phase,
  idle,
  running,
  progress = null,
  onClick,
}: {
  phase: TriggerRunPhase;
  idle: string;
  running: string;
  /** How far the run got, while it runs (useRunProgress). */
  progress?: EvalRunProgress | null;
  onClick?: () => void;
}) {
  const busy = phase.kind === "estimating" || phase.kind === "running";
  return (
    <Button type={onClick ? "button" : "submit"} onClick={onClick} disabled={busy || phase.kind === "confirm"}>
      {busy ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
      {phase.kind === "estimating" ? "Estimating the cost…" : phase.kind === "running" ? `${running}${progressSuffix(progress)}` : idle}
    </Button>
  );
}
