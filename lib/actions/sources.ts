"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { DataError } from "@/lib/data/errors";
import { webhookPath } from "@/lib/data/sources";
import { createSource, deleteSource, detachSkill, rotateWebhookSecret, startSync, updateSource } from "@/lib/data/sources";
import { getEnv } from "@/lib/env";
import { destinationOfKey } from "@/lib/labels";
import { sourceInput, sourceRef, sourceSubdir, sourceToken, syncInterval } from "@/lib/sources/inputs";
import type { SourceSummary, SyncSummary } from "@/lib/types/sources";
import { revalidateSkill } from "./revalidate";
import { action, formAction, success, type ActionResult } from "./action";

// The sources pages' writes. A new source's webhook secret, like a rotated one, is in the result
// once and never again; the deploy token goes in and is never read back.

const sourceId = z.string().trim().min(1, "Source not found.").max(64, "Source not found.");

function revalidateSources(id?: string) {
  revalidatePath("/sources");
  if (id) revalidatePath(`/sources/${encodeURIComponent(id)}`);
}

/** The webhook's full URL, on the public address the app is configured with (BETTER_AUTH_URL). */
const webhookUrl = (path: string) => `${getEnv().authUrl.replace(/\/+$/, "")}${path}`;

/** The data layer names a team's field "destination.teamId"; the form has one destination select. */
async function onDestinationField<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DataError && typeof error.details?.field === "string" && error.details.field.startsWith("destination")) {
      throw new DataError(error.code, error.message, { ...error.details, field: "destination" });
    }
    throw error;
  }
}

/** A refused form's values come back to be shown again: never the token, not even to the form it was typed in. */
function withoutToken<T>(run: (previous: ActionResult<T> | null, form: FormData) => Promise<ActionResult<T>>) {
  return async (previous: ActionResult<T> | null, form: FormData): Promise<ActionResult<T>> => {
    const result = await run(previous, form);
    if (!result.ok && result.values) delete result.values.token;
    return result;
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

export interface CreatedSource {
  source: SourceSummary;
  webhookUrl: string;
  webhookSecret: string;
}

export const createSourceAction = withoutToken(
  formAction(
    sourceInput,
    async (input, viewer) => {
      const { source, webhookSecret } = await onDestinationField(() => createSource(viewer, input));
      // No revalidation: it would re-render the page under the dialog, and the first source turns
      // the empty state (which holds this dialog) into the list, unmounting the secret shown once.
      // The pages are dynamic, and closing the dialog opens the source's page.
      return success<CreatedSource>({ source, webhookUrl: webhookUrl(source.webhookPath), webhookSecret });
    },
    {
      fields: (form) => {
        const destination = destinationOfKey(text(form, "destination") ?? "");
        return {
          kind: text(form, "kind") ?? "git",
          url: text(form, "url") ?? "",
          ref: text(form, "ref"),
          subdir: text(form, "subdir"),
          // An unknown key fails the schema's scope enum, with its message on the destination field.
          destination: destination ?? { scope: "" },
          intervalMinutes: text(form, "intervalMinutes"),
          token: text(form, "token"),
        };
      },
      echo: true,
    },
  ),
);

/** The settings form: "keep" leaves the stored token alone, "clear" removes it, "replace" needs the new one. */
const updateSourceForm = z
  .object({
    sourceId,
    ref: sourceRef.optional(),
    subdir: sourceSubdir.optional(),
    intervalMinutes: syncInterval.optional(),
    tokenChange: z.enum(["keep", "replace", "clear"]).default("keep"),
    token: sourceToken.optional(),
  })
  .refine((form) => form.tokenChange !== "replace" || !!form.token, { message: "Paste the new token, or keep the current one.", path: ["token"] });

export const updateSourceAction = withoutToken(
  formAction(
    updateSourceForm,
    async ({ sourceId, tokenChange, token, ...settings }, viewer) => {
      const patch = { ...settings, token: tokenChange === "keep" ? undefined : tokenChange === "clear" ? null : token };
      const source = await updateSource(viewer, sourceId, patch);
      revalidateSources(sourceId);
      const tokenSaid = tokenChange === "clear" ? " The token is removed." : tokenChange === "replace" ? " The new token is stored." : "";
      return success(source, `Settings saved; the next sync uses them.${tokenSaid}`);
    },
    {
      fields: (form) => ({
        sourceId: text(form, "sourceId"),
        // A folder source's form has no branch field: absent keeps the stored (empty) one.
        ref: text(form, "ref"),
        subdir: text(form, "subdir") ?? "",
        intervalMinutes: text(form, "intervalMinutes"),
        tokenChange: text(form, "tokenChange"),
        token: text(form, "tokenChange") === "replace" ? text(form, "token") : undefined,
      }),
      echo: true,
    },
  ),
);

export const syncSourceAction = action(z.object({ sourceId }), async ({ sourceId }, viewer) => {
  const sync: SyncSummary = await startSync(viewer, sourceId, "manual");
  revalidateSources(sourceId);
  return success(sync);
});

export const rotateWebhookSecretAction = formAction(
  z.object({ sourceId }),
  async ({ sourceId }, viewer) => {
    const { webhookSecret } = await rotateWebhookSecret(viewer, sourceId);
    revalidateSources(sourceId);
    return success({ webhookUrl: webhookUrl(webhookPath(sourceId)), webhookSecret });
  },
  { fields: (form) => ({ sourceId: text(form, "sourceId") }) },
);

export const deleteSourceAction = formAction(
  z.object({ sourceId }),
  async ({ sourceId }, viewer) => {
    await deleteSource(viewer, sourceId);
    revalidateSources(sourceId);
    revalidatePath("/skills", "layout");
    return success(null, "Source deleted. Its skills stay, as normal skills.");
  },
  { fields: (form) => ({ sourceId: text(form, "sourceId") }) },
);

export const detachSkillAction = formAction(
  z.object({ skillId: z.string().trim().min(1, "Skill not found.").max(64, "Skill not found.") }),
  async ({ skillId }, viewer) => {
    await detachSkill(viewer, skillId);
    revalidateSkill(skillId);
    revalidatePath("/sources", "layout");
    return success(null, "Detached: the skill is edited here from now on, and syncs leave it alone.");
  },
  { fields: (form) => ({ skillId: text(form, "skillId") }) },
);
