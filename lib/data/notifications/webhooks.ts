import "server-only";
import { canManageMembers } from "@/lib/skills/permissions/permissions";
import { isNotificationKind } from "@/lib/notifications/kinds";
import { webhookUrlProblem } from "@/lib/notifications/webhook";
import { webhookHostProblem } from "./webhook-host";
import type { TeamWebhookSummary } from "@/lib/types/notifications";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { DataError } from "../errors";
import { encryptSecret, newWebhookSecret } from "../platform/secrets";
import { audit } from "./audit";

// A team's outgoing webhooks: its owners and admins add and remove them and read their delivery
// log; members see neither (the URL is a credential for Slack-style receivers).

async function requireManager(viewer: ViewerRef, teamId: string) {
  const actor = await loadActor(db, viewer);
  // Not a member (instance admins included): the team looks like it does not exist, as on its page.
  if (!actor.teamRoles[teamId]) throw new DataError("NOT_FOUND", "Team not found.");
  if (!canManageMembers(actor, teamId)) throw new DataError("FORBIDDEN", "Only the team's owners and admins manage its webhooks.");
  return actor;
}

/** The team's webhooks with their latest deliveries; null for a member who may not manage them. */
export async function listTeamWebhooks(viewer: ViewerRef, teamId: string): Promise<TeamWebhookSummary[] | null> {
  const actor = await loadActor(db, viewer);
  if (!canManageMembers(actor, teamId)) return null;
  const hooks = await db.teamWebhook.findMany({
    where: { teamId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      url: true,
      kinds: true,
      createdAt: true,
      deliveries: {
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: 20,
        select: { id: true, kind: true, title: true, status: true, attempts: true, responseStatus: true, error: true, createdAt: true },
      },
    },
  });
  return hooks.map((hook) => ({ ...hook, kinds: (JSON.parse(hook.kinds) as string[]).filter(isNotificationKind) }));
}

/** Add a webhook; the secret is returned this once (the receiver verifies signatures with it). Audited "team.webhook.create". */
export async function createTeamWebhook(viewer: ViewerRef, teamId: string, input: { url: string; kinds?: string[] }): Promise<{ id: string; secret: string }> {
  const url = input.url.trim();
  const problem = webhookUrlProblem(url);
  if (problem) throw new DataError("INVALID", problem, { field: "url" });
  const unknown = (input.kinds ?? []).filter((kind) => !isNotificationKind(kind));
  if (unknown.length) throw new DataError("INVALID", `Unknown notification kind: ${unknown.join(", ")}.`, { field: "kinds" });
  const actor = await requireManager(viewer, teamId);
  // A name that does not resolve yet is kept (its deliveries fail and retry, logged); one that
  // resolves to this server, link-local or metadata is refused.
  const refused = await webhookHostProblem(url);
  if (refused?.blocked) throw new DataError("INVALID", refused.message, { field: "url" });
  const secret = newWebhookSecret();
  return db.$transaction(async (tx) => {
    const hook = await tx.teamWebhook.create({
      data: { teamId, url, secret: encryptSecret(secret, "team-webhook"), kinds: JSON.stringify(input.kinds ?? []), createdById: actor.id },
      select: { id: true },
    });
    await audit(tx, { actorId: actor.id, action: "team.webhook.create", teamId, detail: { webhookId: hook.id, host: new URL(url).host } });
    return { id: hook.id, secret };
  });
}

/** Remove a webhook and its log. Audited "team.webhook.delete". */
export async function deleteTeamWebhook(viewer: ViewerRef, teamId: string, webhookId: string): Promise<void> {
  const actor = await requireManager(viewer, teamId);
  await db.$transaction(async (tx) => {
    const removed = await tx.teamWebhook.deleteMany({ where: { id: webhookId, teamId } });
    if (!removed.count) throw new DataError("NOT_FOUND", "Webhook not found.");
    await audit(tx, { actorId: actor.id, action: "team.webhook.delete", teamId, detail: { webhookId } });
  });
}
