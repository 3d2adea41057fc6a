"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import {
  createTeamWebhook,
  deleteTeamWebhook,
  getNotificationPrefs,
  listNotifications,
  markNotificationsRead,
  setNotificationPrefs,
} from "@/lib/data/notifications";
import { requireViewer } from "@/lib/data/core";
import { prefsFromForm } from "@/lib/notifications/kinds";
import { failure, formAction, success } from "./action";

// The notification centre's writes. Plain form posts, so they work before any script loads.

/** Open one notification: mark it read and go where it points (only a link inside the app). */
export async function openNotificationAction(formData: FormData): Promise<void> {
  const viewer = await requireViewer();
  const id = String(formData.get("id") ?? "");
  const item = (await listNotifications(viewer, { take: 200 })).find((n) => n.id === id);
  if (item) await markNotificationsRead(viewer, [id]);
  revalidatePath("/", "layout");
  redirect(item && item.link.startsWith("/") && !item.link.startsWith("//") ? item.link : "/notifications");
}

export async function markAllNotificationsReadAction(): Promise<void> {
  const viewer = await requireViewer();
  await markNotificationsRead(viewer, "all");
  revalidatePath("/", "layout");
}

export const saveNotificationPrefsAction = formAction(z.object({}).passthrough(), async (_input, viewer, formData) => {
  await setNotificationPrefs(viewer, prefsFromForm(formData.entries(), await getNotificationPrefs(viewer)));
  revalidatePath("/notifications");
  return success(null, "Saved your notification settings.");
});

const webhookInput = z.object({ teamId: z.string().min(1), url: z.string().trim().min(1, "Enter the URL the webhook posts to.") });

export const createTeamWebhookAction = formAction(webhookInput, async ({ teamId, url }, viewer) => {
  const created = await createTeamWebhook(viewer, teamId, { url });
  revalidatePath(`/teams/${encodeURIComponent(teamId)}`);
  return success(created, "Added the webhook.");
});

export const deleteTeamWebhookAction = formAction(
  z.object({ teamId: z.string().min(1), webhookId: z.string().min(1) }),
  async ({ teamId, webhookId }, viewer) => {
    if (!webhookId) return failure("Which webhook?");
    await deleteTeamWebhook(viewer, teamId, webhookId);
    revalidatePath(`/teams/${encodeURIComponent(teamId)}`);
    return success(null, "Removed the webhook.");
  },
);
