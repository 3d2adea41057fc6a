import "server-only";
import { db } from "@/lib/db/server";
import type { FirstRunProgress } from "@/lib/types/first-run";
import type { ViewerRef } from "../core/actor";

export type { FirstRunProgress };

// SQLite answers EXISTS with 0 or 1 (a BigInt through some drivers), PostgreSQL with a boolean.
const yes = (value: unknown): boolean => value === true || Number(value) === 1;

/**
 * The viewer's first steps, or null once they are past the first run: every step done, or a skill
 * version of their own on the shelf (someone who has uploaded knows their way in). One statement
 * on every list view (four indexed lookups of at most one row each, as EXISTS), not four.
 */
export async function getFirstRunProgress(viewer: ViewerRef): Promise<FirstRunProgress | null> {
  const [row] = await db.$queryRaw<{ uploaded: unknown; token: unknown; feed: unknown; conversation: unknown }[]>`
    SELECT EXISTS (SELECT 1 FROM "SkillVersion" WHERE "authorId" = ${viewer.id}) AS "uploaded",
      EXISTS (SELECT 1 FROM "AccessToken" WHERE "userId" = ${viewer.id}) AS "token",
      EXISTS (SELECT 1 FROM "DeliveryFeed" WHERE "ownerId" = ${viewer.id}) AS "feed",
      EXISTS (SELECT 1 FROM "Conversation" WHERE "ownerId" = ${viewer.id}) AS "conversation"`;
  const progress = { uploaded: yes(row.uploaded), connected: yes(row.token) || yes(row.feed), triedPlayground: yes(row.conversation) };
  return progress.uploaded ? null : progress;
}
