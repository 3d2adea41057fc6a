"use client";
import { useState } from "react";
import { LoaderCircleIcon, SaveIcon } from "lucide-react";
import { FieldError, fieldInvalid, FormFailure } from "@/components/ui/form-errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useFormAction } from "@/components/ui/use-form-action";
import { updateSourceAction } from "@/lib/actions/sources";
import type { SourceSummary } from "@/lib/types/sources";
import { SCHEDULE_CHOICES, scheduleValue } from "./source-text";

type TokenChange = "keep" | "replace" | "clear";

/**
 * A source's branch, subfolder, schedule and token. The stored token is never shown: it is kept,
 * replaced or removed. Key it by the saved settings, so a save's new values come back by a remount.
 * Without `canSteer` only the schedule may change: the rest decides what the syncs publish.
 */
export function SourceSettingsForm({
  source,
  canSteer,
}: {
  source: Pick<SourceSummary, "id" | "kind" | "ref" | "subdir" | "intervalMinutes" | "hasCredential">;
  canSteer: boolean;
}) {
  const { formAction, pending, failure } = useFormAction(updateSourceAction, { refresh: true });
  const values = failure?.values;
  const [tokenChange, setTokenChange] = useState<TokenChange>((values?.tokenChange as TokenChange | undefined) ?? "keep");
  const git = source.kind === "git";
  const tokenChoices: { value: TokenChange; label: string }[] = source.hasCredential
    ? [
        { value: "keep", label: "Keep the stored token" },
        { value: "replace", label: "Replace it" },
        { value: "clear", label: "Remove it" },
      ]
    : [
        { value: "keep", label: "No token" },
        { value: "replace", label: "Add a token" },
      ];

  return (
    <form action={formAction} noValidate className="grid gap-4">
      <input type="hidden" name="sourceId" value={source.id} />
      <FormFailure
        failure={failure}
        fields={git ? ["ref", "subdir", "intervalMinutes", ...(tokenChange === "replace" ? ["token"] : [])] : ["subdir", "intervalMinutes"]}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {git ? (
          <div className="grid content-start gap-2">
            <Label htmlFor="settings-ref">Branch, tag or commit</Label>
            <Input
              id="settings-ref"
              name="ref"
              placeholder="default branch"
              defaultValue={values?.ref ?? source.ref ?? ""}
              readOnly={!canSteer}
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-[13px]"
              aria-invalid={fieldInvalid(failure, "ref")}
              aria-describedby="settings-ref-error"
            />
            <FieldError id="settings-ref-error" failure={failure} field="ref" />
          </div>
        ) : null}
        <div className="grid content-start gap-2">
          <Label htmlFor="settings-subdir">Subfolder</Label>
          <Input
            id="settings-subdir"
            name="subdir"
            placeholder={git ? "whole repository" : "the whole folder"}
            defaultValue={values?.subdir ?? source.subdir ?? ""}
            readOnly={!canSteer}
            autoComplete="off"
            spellCheck={false}
            className="font-mono text-[13px]"
            aria-invalid={fieldInvalid(failure, "subdir")}
            aria-describedby="settings-subdir-error"
          />
          <FieldError id="settings-subdir-error" failure={failure} field="subdir" />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="settings-schedule">Sync</Label>
          <Select
            id="settings-schedule"
            name="intervalMinutes"
            defaultValue={values?.intervalMinutes ?? scheduleValue(source.intervalMinutes)}
            aria-invalid={fieldInvalid(failure, "intervalMinutes")}
            aria-describedby="settings-schedule-error"
          >
            {SCHEDULE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
          <FieldError id="settings-schedule-error" failure={failure} field="intervalMinutes" />
        </div>
      </div>

      {!canSteer ? (
        <p className="text-xs text-muted-foreground">
          Only someone who may publish here without review can change the branch, folder, token or webhook secret: the syncs publish what they choose.
        </p>
      ) : null}
      {git && canSteer ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Access token</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {tokenChoices.map((choice) => (
              <label key={choice.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="tokenChange"
                  value={choice.value}
                  checked={tokenChange === choice.value}
                  onChange={() => setTokenChange(choice.value)}
                  className="accent-primary"
                />
                {choice.label}
              </label>
            ))}
          </div>
          {tokenChange === "replace" ? (
            <div className="grid gap-2 sm:max-w-md">
              <Label htmlFor="settings-token" className="sr-only">
                New access token
              </Label>
              <Input
                id="settings-token"
                name="token"
                type="password"
                autoComplete="new-password"
                spellCheck={false}
                autoFocus
                aria-invalid={fieldInvalid(failure, "token")}
                aria-describedby="settings-token-hint settings-token-error"
              />
              <FieldError id="settings-token-error" failure={failure} field="token" />
            </div>
          ) : null}
          <p id="settings-token-hint" className="text-xs text-muted-foreground">
            {source.hasCredential
              ? "A token is stored, encrypted. It is never shown: replace it when it expires."
              : "For a private https repository: a deploy token with read access, stored encrypted and never shown again."}
          </p>
        </fieldset>
      ) : null}

      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <SaveIcon aria-hidden />}
          Save settings
        </Button>
      </div>
    </form>
  );
}
