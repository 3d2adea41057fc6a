import "server-only";
import type { Tx } from "@/lib/db/client";
import { nudgeDispatch } from "./dispatch";
import { mayNotify, recordNotifications } from "./record";

// The audit log's one writer. Notifications are read off the events it records (record.ts), so an
// audited action notifies whoever follows it in the same transaction.

export async function audit(
  tx: Tx,
  event: {
    actorId: string | null;
    action: string;
    skillId?: string;
    skillName?: string;
    version?: number;
    teamId?: string | null;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.auditEvent.create({
    data: {
      actorId: event.actorId,
      action: event.action,
      skillId: event.skillId,
      skillName: event.skillName,
      version: event.version,
      teamId: event.teamId ?? null,
      detail: JSON.stringify(event.detail ?? {}),
    },
  });
  // Most actions tell nobody: mayNotify keeps them at one insert.
  if (mayNotify(event.action) && (await recordNotifications(tx, event))) nudgeDispatch();
}
