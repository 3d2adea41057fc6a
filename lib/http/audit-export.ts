import type { AuditRow } from "@/lib/types/admin";
import { auditDetailPairs } from "@/lib/labels";
import { csvRow } from "./csv";

export type AuditExportFormat = "csv" | "jsonl";

/** The columns of an export, in order: one flat record per event. */
export const AUDIT_EXPORT_COLUMNS = [
  "time",
  "action",
  "actor_id",
  "actor_email",
  "actor_name",
  "skill_id",
  "skill_name",
  "version",
  "team_id",
  "team_name",
  "user_id",
  "user_email",
  "summary",
  "detail",
] as const;

type AuditRecord = Record<(typeof AUDIT_EXPORT_COLUMNS)[number], string | number | null>;

export function auditRecord(row: AuditRow): AuditRecord {
  return {
    time: row.createdAt.toISOString(),
    action: row.action,
    actor_id: row.actor?.id ?? null,
    actor_email: row.actor?.email ?? null,
    actor_name: row.actor?.name ?? null,
    skill_id: row.skill?.id ?? null,
    skill_name: row.skill?.name ?? null,
    version: row.skill?.version ?? null,
    team_id: row.team?.id ?? null,
    team_name: row.team?.name ?? null,
    user_id: row.subject?.id ?? null,
    user_email: row.subject?.email ?? null,
    summary: row.summary ?? (auditDetailPairs(row.action, row.detail) || null),
    detail: JSON.stringify(row.detail),
  };
}

/**
 * The export as a byte stream that reads the next page only when the client has taken the last:
 * a large trail neither sits in memory nor runs ahead of a slow download.
 */
export function auditExportStream(pages: AsyncIterator<AuditRow[]>, format: AuditExportFormat): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = format !== "csv";
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvRow(AUDIT_EXPORT_COLUMNS)));
        return;
      }
      const next = await pages.next();
      if (next.done) {
        controller.close();
        return;
      }
      // JSON lines keep the details as an object; a CSV cell can only hold them as text.
      const text =
        format === "csv"
          ? next.value.map((row) => csvRow(AUDIT_EXPORT_COLUMNS.map((column) => auditRecord(row)[column]))).join("")
          : next.value.map((row) => `${JSON.stringify({ ...auditRecord(row), detail: row.detail })}\n`).join("");
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await pages.return?.(undefined);
    },
  });
}
