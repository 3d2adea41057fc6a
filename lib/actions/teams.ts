"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { acceptInvitation, createInvitation, revokeInvitation } from "@/lib/data/teams";
import { notFound } from "@/lib/data/errors";
import {
  addTeamMember,
  changeTeamRole,
  createTeam,
  deleteTeam,
  getTeam,
  leaveTeam,
  moveTeamSkills,
  removeTeamMember,
  setTeamBoundTools,
  updateTeam,
} from "@/lib/data/teams";
import { destinationOfKey } from "@/lib/labels";
import {
  acceptInvitationInput,
  addMemberInput,
  createInvitationInput,
  createTeamInput,
  deleteTeamInput,
  invitationInput,
  memberInput,
  memberRoleInput,
  moveTeamSkillsInput,
  teamBoundToolsInput,
  teamIdInput,
  updateTeamInput,
} from "@/lib/skills/teams/team-inputs";
import { failure, formAction, success } from "./action";

// The team pages' writes. Membership decides which skills someone sees, so the skill lists are
// refreshed with the team pages.

function revalidateTeam(teamId?: string) {
  revalidatePath("/teams");
  if (teamId) revalidatePath(`/teams/${encodeURIComponent(teamId)}`);
  revalidatePath("/skills");
}

const roleWord = { OWNER: "owner", ADMIN: "admin", MEMBER: "member" } as const;

export const createTeamAction = formAction(
  createTeamInput,
  async ({ name, description }, viewer) => {
    const team = await createTeam(viewer, name, description ?? "");
    revalidateTeam(team.id);
    return success(team, `Created team ${team.name}.`);
  },
  { echo: true },
);

export const updateTeamAction = formAction(
  updateTeamInput,
  async ({ teamId, name, description }, viewer) => {
    const team = await updateTeam(viewer, teamId, { name, description });
    revalidateTeam(teamId);
    return success(team, "Saved.");
  },
  { echo: true },
);

// Playground conversations read the setting on every turn, so only the team page needs refreshing.
export const setTeamBoundToolsAction = formAction(
  teamBoundToolsInput,
  async ({ teamId, allow }, viewer) => {
    const saved = await setTeamBoundTools(viewer, teamId, allow);
    revalidatePath(`/teams/${encodeURIComponent(teamId)}`);
    return success(saved, allow ? "The team's skills can now bind tools." : "The team's skills no longer bind tools.");
  },
  { fields: (form) => ({ teamId: form.get("teamId"), allow: form.get("allow") ?? false }) },
);

export const deleteTeamAction = formAction(
  deleteTeamInput,
  async ({ teamId, confirmName }, viewer) => {
    // The typed name confirms, checked against the stored name so a stale or scripted form cannot skip it.
    const current = await getTeam(viewer, teamId);
    if (!current) throw notFound("Team");
    if (confirmName.trim() !== current.name) return failure(`Type “${current.name}” to confirm.`, { code: "INVALID_INPUT" });
    const team = await deleteTeam(viewer, teamId);
    revalidateTeam(teamId);
    return success(null, `Deleted team ${team.name}.`);
  },
  { echo: true },
);

export const moveTeamSkillsAction = formAction(
  moveTeamSkillsInput,
  async ({ teamId, destination, skillId }, viewer) => {
    const to = destinationOfKey(destination);
    if (!to) return failure("Choose where to move the skills.", { code: "INVALID_INPUT" });
    const { moved, failed } = await moveTeamSkills(viewer, teamId, to, skillId);
    revalidateTeam(teamId);
    if (failed.length && !moved.length) return failure(failed.map((f) => `${f.name}: ${f.message}`).join(" "), { code: "CONFLICT", details: { failed } });
    const said = `Moved ${moved.length === 1 ? `“${moved[0]}”` : `${moved.length} skills`}.`;
    return success(
      { moved, failed },
      failed.length ? `${said} ${failed.length} could not move: ${failed.map((f) => `${f.name}: ${f.message}`).join(" ")}` : said,
    );
  },
  { fields: (form) => ({ teamId: form.get("teamId"), destination: form.get("destination") ?? "", skillId: form.get("skillId") || undefined }) },
);

export const addMemberAction = formAction(
  addMemberInput,
  async ({ teamId, email, role }, viewer) => {
    await addTeamMember(viewer, teamId, email, role);
    revalidateTeam(teamId);
    return success(null, `Added ${email.trim()} as ${roleWord[role]}.`);
  },
  { echo: true },
);

export const changeRoleAction = formAction(memberRoleInput, async ({ teamId, userId, role }, viewer) => {
  await changeTeamRole(viewer, teamId, userId, role);
  revalidateTeam(teamId);
  return success(null, `Role changed to ${roleWord[role]}.`);
});

export const removeMemberAction = formAction(memberInput, async ({ teamId, userId }, viewer) => {
  await removeTeamMember(viewer, teamId, userId);
  revalidateTeam(teamId);
  return success(null, "Removed from the team.");
});

export const leaveTeamAction = formAction(teamIdInput, async ({ teamId }, viewer) => {
  await leaveTeam(viewer, teamId);
  revalidateTeam(teamId);
  return success(null, "You left the team.");
});

export const createInvitationAction = formAction(
  createInvitationInput,
  async ({ teamId, role, expiresInDays, singleUse, email }, viewer) => {
    const created = await createInvitation(viewer, teamId, { role, expiresInDays, singleUse, email });
    revalidatePath(`/teams/${encodeURIComponent(teamId)}`);
    return success(created);
  },
  {
    fields: (form) => ({
      teamId: form.get("teamId"),
      role: form.get("role"),
      expiresInDays: form.get("expiresInDays") || undefined,
      singleUse: form.get("singleUse") ?? false,
      email: form.get("email") ?? "",
    }),
    echo: true,
  },
);

export const revokeInvitationAction = formAction(invitationInput, async ({ teamId, invitationId }, viewer) => {
  await revokeInvitation(viewer, teamId, invitationId);
  revalidatePath(`/teams/${encodeURIComponent(teamId)}`);
  return success(null, "Invite link revoked: it no longer works.");
});

export const acceptInvitationAction = formAction(acceptInvitationInput, async ({ secret }, viewer) => {
  const joined = await acceptInvitation(viewer, secret);
  revalidateTeam(joined.teamId);
  redirect(`/teams/${encodeURIComponent(joined.teamId)}`);
});
