"use server";
import { revalidatePath } from "next/cache";
import { listModels } from "@/lib/ai/models";
import { DataError } from "@/lib/data/errors";
import { deleteConversation, loadSkillSource } from "@/lib/data/playground";
import { createProfile, deleteProfile, listProfiles, updateProfile } from "@/lib/data/profiles";
import { requireViewer } from "@/lib/data/session";
import { buildSystemPrompt, catalogOverBudget, chooseInstructions } from "@/lib/playground/prompt";
import { conversationIdInput, firstIssue, playgroundSetupInput, profileIdInput, profileInput, type ProfileInput } from "@/lib/playground/inputs";
import type { AgentProfileInfo, PlaygroundSetup } from "@/lib/types/playground";

// The playground's setup panel and conversation list. The chat itself streams through
// app/api/playground/chat/route.ts; a conversation opens through the page's URL (?c=).

export type PromptPreview = {
  ok: true;
  system: string;
  header: string;
  catalogXml: string;
  catalogTokens: number;
  headerTokens: number;
  skillCount: number;
  /** Instructions of the chosen profile (used when the header is left blank). */
  profileInstructions: string | null;
  notices: string[];
  /** Set when the catalog takes more of the model's context than the budget allows. */
  overBudget: { budget: number; contextWindow: number } | null;
};

export type PreviewResult = PromptPreview | { ok: false; message: string };

/** The system prompt a turn with this setup would send, with its token counts. */
export async function previewPromptAction(setup: PlaygroundSetup): Promise<PreviewResult> {
  const viewer = await requireViewer();
  const input = playgroundSetupInput.safeParse(setup);
  if (!input.success) return { ok: false, message: firstIssue(input.error) };
  try {
    const loaded = await loadSkillSource(viewer, input.data.source);
    const instructions = chooseInstructions(input.data.instructions, loaded.profileInstructions);
    const prompt = buildSystemPrompt({ mode: input.data.mode, exposeMetadata: input.data.exposeMetadata, instructions }, loaded.source.skills);
    const model = listModels().find((m) => m.id === input.data.modelId);
    return {
      ok: true,
      system: prompt.system,
      header: prompt.header,
      catalogXml: prompt.catalogXml,
      catalogTokens: prompt.catalogTokens,
      headerTokens: prompt.headerTokens,
      skillCount: loaded.source.skills.length,
      profileInstructions: loaded.profileInstructions,
      notices: loaded.notices,
      overBudget: model ? catalogOverBudget(input.data.mode, prompt.catalogTokens, model.contextWindow) : null,
    };
  } catch (error) {
    if (error instanceof DataError) return { ok: false, message: error.message };
    throw error;
  }
}

export type ProfileResult = { ok: true; profile: AgentProfileInfo; profiles: AgentProfileInfo[] } | { ok: false; message: string; field?: string };

export async function saveProfileAction(profileId: string | null, values: ProfileInput): Promise<ProfileResult> {
  const viewer = await requireViewer();
  const id = profileIdInput.nullable().safeParse(profileId);
  if (!id.success) return { ok: false, message: firstIssue(id.error) };
  const input = profileInput.safeParse(values);
  if (!input.success) return { ok: false, message: firstIssue(input.error), field: String(input.error.issues[0]?.path[0] ?? "") };
  try {
    const profile = id.data ? await updateProfile(viewer, id.data, input.data) : await createProfile(viewer, input.data);
    // The manage dialog of each skill lists the profiles that reference it.
    revalidatePath("/skills", "layout");
    return { ok: true, profile, profiles: await listProfiles(viewer) };
  } catch (error) {
    if (error instanceof DataError) return { ok: false, message: error.message, field: typeof error.details?.field === "string" ? error.details.field : undefined };
    throw error;
  }
}

export async function deleteProfileAction(profileId: string): Promise<{ ok: true; profiles: AgentProfileInfo[] } | { ok: false; message: string }> {
  const viewer = await requireViewer();
  const id = profileIdInput.safeParse(profileId);
  if (!id.success) return { ok: false, message: firstIssue(id.error) };
  try {
    await deleteProfile(viewer, id.data);
    revalidatePath("/skills", "layout");
    return { ok: true, profiles: await listProfiles(viewer) };
  } catch (error) {
    if (error instanceof DataError) return { ok: false, message: error.message };
    throw error;
  }
}

export async function deleteConversationAction(conversationId: string): Promise<{ ok: boolean; message?: string }> {
  const viewer = await requireViewer();
  const id = conversationIdInput.safeParse(conversationId);
  if (!id.success) return { ok: false, message: firstIssue(id.error) };
  try {
    await deleteConversation(viewer, id.data);
    revalidatePath("/playground");
    return { ok: true };
  } catch (error) {
    if (error instanceof DataError) return { ok: false, message: error.message };
    throw error;
  }
}
