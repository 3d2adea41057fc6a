"use server";
import { revalidatePath } from "next/cache";
import { listModels } from "@/lib/ai/models";
import { deleteConversation, loadSkillSource } from "@/lib/data/playground";
import { createProfile, deleteProfile, listProfiles, updateProfile } from "@/lib/data/profiles";
import { conversationIdInput, firstIssue, playgroundSetupInput, profileIdInput, profileInput } from "@/lib/playground/inputs";
import { buildSystemPrompt, catalogOverBudget, chooseInstructions } from "@/lib/playground/prompt";
import type { PromptPreview } from "@/lib/types/playground";
import { action, success } from "./action";

// The playground's prompt preview, profiles and conversation list. The chat streams through
// app/api/playground/chat; a conversation opens through the page's URL (?c=).

/**
 * The system prompt a turn with this setup would send, with its token counts: nothing is stored.
 * A read, yet an action: a signed-out page asking for it is sent to sign-in like every other
 * screen, where a route could only answer 401 into the page's console.
 */
export const previewPromptAction = action(
  playgroundSetupInput,
  async (setup, viewer) => {
    const loaded = await loadSkillSource(viewer, setup.source);
    const instructions = chooseInstructions(setup.instructions, loaded.profileInstructions);
    const prompt = buildSystemPrompt({ mode: setup.mode, exposeMetadata: setup.exposeMetadata, instructions }, loaded.source.skills);
    const model = listModels().find((m) => m.id === setup.modelId);
    const preview: PromptPreview = {
      ok: true,
      system: prompt.system,
      header: prompt.header,
      catalogXml: prompt.catalogXml,
      catalogTokens: prompt.catalogTokens,
      headerTokens: prompt.headerTokens,
      skillCount: loaded.source.skills.length,
      profileInstructions: loaded.profileInstructions,
      notices: loaded.notices,
      overBudget: model ? catalogOverBudget(setup.mode, prompt.catalogTokens, model.contextWindow) : null,
    };
    return success(preview);
  },
  { invalid: firstIssue },
);

const saveProfileInput = profileInput.extend({ profileId: profileIdInput.nullable() });

/** Creates a profile (profileId null) or updates one; answers with the saved profile and the list. */
export const saveProfileAction = action(
  saveProfileInput,
  async ({ profileId, ...values }, viewer) => {
    const profile = profileId ? await updateProfile(viewer, profileId, values) : await createProfile(viewer, values);
    // The manage dialog of each skill lists the profiles that reference it.
    revalidatePath("/skills", "layout");
    return success({ profile, profiles: await listProfiles(viewer) });
  },
  { invalid: firstIssue },
);

export const deleteProfileAction = action(
  profileIdInput,
  async (profileId, viewer) => {
    await deleteProfile(viewer, profileId);
    revalidatePath("/skills", "layout");
    return success({ profiles: await listProfiles(viewer) });
  },
  { invalid: firstIssue },
);

export const deleteConversationAction = action(
  conversationIdInput,
  async (conversationId, viewer) => {
    await deleteConversation(viewer, conversationId);
    revalidatePath("/playground");
    return success(null);
  },
  { invalid: firstIssue },
);
