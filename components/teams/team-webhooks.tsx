import { Badge } from "@/components/ui/badge";
import type { TeamWebhookSummary } from "@/lib/types/notifications";
import { formatRelative } from "@/lib/display";
import { AddTeamWebhookForm, RemoveTeamWebhookButton } from "./team-webhook-forms";

const STATUS: Record<string, { label: string; variant: "secondary" | "outline" | "destructive" }> = {
  delivered: { label: "Delivered", variant: "secondary" },
  pending: { label: "Retrying", variant: "outline" },
  failed: { label: "Failed", variant: "destructive" },
};

/** The team's outgoing webhooks and each one's latest deliveries: for its owners and admins. */
export function TeamWebhooks({ teamId, hooks }: { teamId: string; hooks: TeamWebhookSummary[] }) {
  return (
    <div className="grid gap-6">
      {hooks.map((hook) => (
        <section key={hook.id} className="grid gap-2" aria-label={`Webhook to ${hook.url}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <code className="min-w-0 text-sm break-all">{hook.url}</code>
            <RemoveTeamWebhookButton teamId={teamId} webhookId={hook.id} url={hook.url} />
          </div>
          {hook.deliveries.length ? (
            <ul className="divide-y rounded-md border text-sm" aria-label="Delivery log">
              {hook.deliveries.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                  <Badge variant={STATUS[d.status]?.variant ?? "outline"}>{STATUS[d.status]?.label ?? d.status}</Badge>
                  <span className="min-w-48 flex-1 break-words">{d.title}</span>
                  <span className="text-xs text-muted-foreground">
                    {d.responseStatus ? `HTTP ${d.responseStatus} · ` : ""}
                    {d.attempts} {d.attempts === 1 ? "try" : "tries"} · {formatRelative(d.createdAt)}
                  </span>
                  {d.error && d.status !== "delivered" ? <span className="w-full text-xs break-words text-destructive">{d.error}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No deliveries yet: events of the team&apos;s skills, reviews and sources are posted here.</p>
          )}
        </section>
      ))}
      <AddTeamWebhookForm teamId={teamId} />
    </div>
  );
}
