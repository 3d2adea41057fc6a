import type { Metadata } from "next";
import { BellIcon, CheckCheckIcon } from "lucide-react";
import { NotificationPrefsForm } from "@/components/notifications/notification-prefs-form";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { markAllNotificationsReadAction, openNotificationAction } from "@/lib/actions/notifications";
import { getEnv } from "@/lib/env";
import { getNotificationPrefs, listNotifications } from "@/lib/data/notifications";
import { requireViewer } from "@/lib/data/core";
import { NOTIFICATION_KIND_LABELS } from "@/lib/notifications/kinds";
import { formatRelative } from "@/lib/display";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage() {
  const viewer = await requireViewer();
  const [items, prefs] = await Promise.all([listNotifications(viewer), getNotificationPrefs(viewer)]);
  const unread = items.filter((item) => !item.read).length;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Notifications"
        description={unread ? `${unread} unread` : "You are up to date."}
        actions={
          unread ? (
            <form action={markAllNotificationsReadAction}>
              <Button type="submit" variant="outline">
                <CheckCheckIcon aria-hidden /> Mark all read
              </Button>
            </form>
          ) : null
        }
      />
      {items.length ? (
        <ul className="divide-y rounded-xl border" aria-label="Notifications">
          {items.map((item) => (
            <li key={item.id}>
              <form action={openNotificationAction}>
                <input type="hidden" name="id" value={item.id} />
                <button
                  type="submit"
                  className="flex w-full items-start gap-3 px-4 py-3 text-left outline-none hover:bg-accent/50 focus-visible:ring-3 focus-visible:ring-ring/50"
                >
                  <span aria-hidden className={`mt-1.5 size-2 shrink-0 rounded-full ${item.read ? "bg-transparent" : "bg-primary"}`} />
                  <span className="grid min-w-0 gap-0.5">
                    <span className={`break-words ${item.read ? "text-muted-foreground" : "font-medium"}`}>
                      {item.title}
                      {item.read ? null : <span className="sr-only"> (unread)</span>}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {NOTIFICATION_KIND_LABELS[item.kind]?.label ?? item.kind} · {formatRelative(item.createdAt)}
                    </span>
                  </span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={BellIcon} title="Nothing yet">
          Review requests, answers to your proposals, mentions, failed syncs and changes to skills you created show up here.
        </EmptyState>
      )}
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>Settings</CardTitle>
          <CardDescription>What you are told about, and where. E-mails carry a title and a link, never a skill&apos;s content.</CardDescription>
        </CardHeader>
        <CardContent>
          <NotificationPrefsForm prefs={prefs} email={!!getEnv().SMTP_URL} />
        </CardContent>
      </Card>
    </div>
  );
}
