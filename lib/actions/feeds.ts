"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createFeedInput } from "@/lib/auth/feed-inputs";
import { notFound } from "@/lib/data/errors";
import { createFeed, revokeFeed } from "@/lib/data/distribution";
import { getEnv } from "@/lib/env";
import { feedLink } from "@/lib/skills/archive/feed-commands";
import { formAction, success } from "./action";

// Delivery links from the account page, the profile dialog and the Download tab. A new link is in
// the result once and never again.

export const createFeedAction = formAction(
  createFeedInput,
  async (input, viewer) => {
    const { feed, secret } = await createFeed(viewer, input);
    revalidatePath("/account");
    return success({ feed, url: feedLink(getEnv().authUrl, secret) });
  },
  {
    fields: (form) => {
      // The account page's one "deliver" choice: "profile:<id>", "team:<id>", or everything.
      const [kind, id] = String(form.get("target") ?? "").split(/:(.*)/s);
      return {
        name: String(form.get("name") ?? ""),
        profile: kind === "profile" ? id : undefined,
        team: kind === "team" ? id : undefined,
        label: form.get("label") ?? undefined,
      };
    },
    echo: true,
  },
);

export const revokeFeedAction = formAction(
  z.object({ feedId: z.string().trim().min(1).max(64) }),
  async ({ feedId }, viewer) => {
    const feed = await revokeFeed(viewer, feedId);
    if (!feed) throw notFound("Delivery link");
    revalidatePath("/account");
    return success(null, `Revoked “${feed.name}”.`);
  },
  { fields: (form) => ({ feedId: form.get("feedId") }), invalid: "Delivery link not found." },
);
