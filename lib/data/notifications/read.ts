import "server-only";
import { parsePrefs, serializePrefs, type NotificationKind, type NotificationPrefs } from "@/lib/notifications/kinds";
import type { NotificationItem } from "@/lib/types/notifications";
import type { ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";

// A person's notification centre: only ever their own rows, so the viewer's id is the whole rule.

/** The bell's figure: one COUNT on (userId, inApp, readAt). */
export function countUnreadNotifications(viewer: ViewerRef): Promise<number> {
  return db.notification.count({ where: { userId: viewer.id, inApp: true, readAt: null } });
}

/** countUnreadNotifications as a scalar subquery, for the header's one read of its counts (lib/data/reviews/header-counts.ts). */
export function unreadNotificationsSql(viewer: ViewerRef): Prisma.Sql {
  return Prisma.sql`(SELECT COUNT(*) FROM "Notification" n WHERE n."userId" = ${viewer.id} AND n."inApp" = TRUE AND n."readAt" IS NULL)`;
}

export async function listNotifications(viewer: ViewerRef, options: { take?: number } = {}): Promise<NotificationItem[]> {
  const rows = await db.notification.findMany({
    where: { userId: viewer.id, inApp: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(options.take ?? 50, 200),
    select: { id: true, readAt: true, createdAt: true, event: { select: { kind: true, title: true, link: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    kind: r.event.kind as NotificationKind,
    title: r.event.title,
    link: r.event.link,
    read: !!r.readAt,
    createdAt: r.createdAt,
  }));
}

/** Mark the viewer's notifications read: the ones named, or all. Another user's ids change nothing. */
export async function markNotificationsRead(viewer: ViewerRef, ids: readonly string[] | "all"): Promise<number> {
  const result = await db.notification.updateMany({
    where: { userId: viewer.id, readAt: null, ...(ids === "all" ? {} : { id: { in: [...ids] } }) },
    data: { readAt: new Date() },
  });
  return result.count;
}

export async function getNotificationPrefs(viewer: ViewerRef): Promise<NotificationPrefs> {
  const user = await db.user.findUnique({ where: { id: viewer.id }, select: { notificationPrefs: true } });
  return parsePrefs(user?.notificationPrefs);
}

export async function setNotificationPrefs(viewer: ViewerRef, prefs: NotificationPrefs): Promise<NotificationPrefs> {
  await db.user.update({ where: { id: viewer.id }, data: { notificationPrefs: serializePrefs(prefs) } });
  return parsePrefs(serializePrefs(prefs));
}
