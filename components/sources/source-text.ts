import type { SyncInterval } from "@/lib/sources/inputs";
import type { SourceSummary, SyncStatus, SyncSummary, SyncTrigger } from "@/lib/types/sources";

// How the sources pages word a source's settings and its syncs, in one place the list, the source
// page and the create dialog share (and a test reads without a browser).

const SCHEDULES: Record<SyncInterval, string> = { 15: "Every 15 minutes", 60: "Every hour", 360: "Every 6 hours", 1440: "Every day" };
const ON_DEMAND = "Manual and webhook only";

/** A source's schedule: "Every hour", or "Manual and webhook only" when it has none. */
export function scheduleLabel(intervalMinutes: number | null): string {
  if (intervalMinutes === null) return ON_DEMAND;
  return SCHEDULES[intervalMinutes as SyncInterval] ?? `Every ${intervalMinutes} minutes`;
}

/** The schedule select's options; "off" is the form's value for no schedule (lib/sources/inputs.ts reads it as null). */
export const SCHEDULE_CHOICES: { value: string; label: string }[] = [
  { value: "off", label: ON_DEMAND },
  ...Object.entries(SCHEDULES).map(([minutes, label]) => ({ value: minutes, label })),
];

/** The schedule select's value for a stored interval. */
export const scheduleValue = (intervalMinutes: number | null) => (intervalMinutes === null ? "off" : String(intervalMinutes));

/** What a source reads: "main · skills/", "default branch · whole repository". A folder source has no branch. */
export function sourceTarget(source: Pick<SourceSummary, "kind" | "ref" | "subdir">): string {
  const folder = source.subdir ? `${source.subdir}/` : source.kind === "folder" ? "the whole folder" : "whole repository";
  return source.kind === "folder" ? folder : `${source.ref ?? "default branch"} · ${folder}`;
}

export const SYNC_STATUS: Record<SyncStatus, { label: string; variant: "secondary" | "success" | "warning" | "destructive" }> = {
  running: { label: "Syncing", variant: "secondary" },
  ok: { label: "Synced", variant: "success" },
  partial: { label: "Synced, some refused", variant: "warning" },
  failed: { label: "Failed", variant: "destructive" },
};

export const SYNC_TRIGGER: Record<SyncTrigger, string> = { create: "First sync", manual: "Sync now", schedule: "Schedule", webhook: "Webhook" };

const COUNTS = ["created", "updated", "unchanged", "archived", "proposed"] as const;

/** A sync's outcome in a line: "2 created, 1 updated, 3 unchanged, 1 refused"; "nothing to import" when it found no skill. */
export function syncCountsText(sync: Pick<SyncSummary, (typeof COUNTS)[number] | "refused">): string {
  const parts = COUNTS.filter((key) => sync[key] > 0).map((key) => `${sync[key]} ${key}`);
  if (sync.refused.length) parts.push(`${sync.refused.length} refused`);
  return parts.length ? parts.join(", ") : "nothing to import";
}

/** The one-line setup of each host's webhook, for the URL and secret shown beside them. */
export const WEBHOOK_STEPS = {
  github:
    "GitHub: Settings → Webhooks → Add webhook; Payload URL: the URL above; Content type: application/json; Secret: the secret above; Just the push event.",
  gitlab:
    "GitLab: Settings → Webhooks → Add new webhook; URL: the URL above; Secret token: the secret above; Trigger: Push events (and Tag push events for a tag).",
};
