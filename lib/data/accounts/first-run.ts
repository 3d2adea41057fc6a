import "server-only";
import { db } from "@/lib/db/server";
import type { FirstRunProgress } from "@/lib/types/first-run";
import type { ViewerRef } from "../core/actor";

export type { FirstRunProgress };

/**
 * The viewer's first steps, or null once they are past the first run: every step done, or a skill
 * version of their own on the shelf (someone who has uploaded knows their way in). Each check is
 * one indexed lookup of at most one row.
 */
export async function getFirstRunProgress(viewer: ViewerRef): Promise<FirstRunProgress | null> {
  const [authored, token, feed, conversation] = await Promise.all([
    db.skillVersion.findFirst({ where: { authorId: viewer.id }, select: { id: true } }),
    db.accessToken.findFirst({ where: { userId: viewer.id }, select: { id: true } }),
    db.deliveryFeed.findFirst({ where: { ownerId: viewer.id }, select: { id: true } }),
    db.conversation.findFirst({ where: { ownerId: viewer.id }, select: { id: true } }),
  ]);
  const progress = { uploaded: !!authored, connected: !!token || !!feed, triedPlayground: !!conversation };
  return progress.uploaded ? null : progress;
}
