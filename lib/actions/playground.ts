"use server";
import { revalidatePath } from "next/cache";
import { deleteConversation } from "@/lib/data/playground";
import { createProfile, deleteProfile, listProfiles, updateProfile } from "@/lib/data/profiles";
import { conversationIdInput, firstIssue, profileIdInput, profileInput } from "@/lib/playground/inputs";
import { action, success } from "./action";

// The playground's profiles and conversation list. The chat streams through
// app/api/playground/chat, the prompt preview through app/api/playground/preview; a conversation
// opens through the page's URL (?c=).

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
