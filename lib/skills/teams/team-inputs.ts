import { z } from "zod";
import { TEAM_ROLES } from "../permissions/permissions";

// The team pages' inputs, shared by their forms and the data layer, so both say the same rule.

/** Letters and digits first, then letters, digits, spaces, dots, dashes, underscores: 1 to 48. */
export const TEAM_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,47}$/u;
export const TEAM_NAME_MESSAGE = "A team name is 1-48 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit.";
export const TEAM_DESCRIPTION_MAX = 280;

/** Trimmed, inner runs of spaces collapsed: "  Site   Reliability " is "Site Reliability". */
export function normalizeTeamName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

/** How long an invite link lasts, in days. */
export const INVITE_EXPIRY_DAYS = [1, 7, 30] as const;
export const DEFAULT_INVITE_EXPIRY_DAYS = 7;

const id = z.string().trim().min(1).max(64);
const role = z.enum(TEAM_ROLES, "Choose owner, admin or member.");
const description = z.string().trim().max(TEAM_DESCRIPTION_MAX, `Keep the description under ${TEAM_DESCRIPTION_MAX} characters.`);
const teamName = z.string().transform(normalizeTeamName).pipe(z.string().regex(TEAM_NAME, TEAM_NAME_MESSAGE));

export const createTeamInput = z.object({ name: teamName, description: description.optional() });
export const updateTeamInput = z.object({ teamId: id, name: teamName, description });
export const teamIdInput = z.object({ teamId: id });
export const deleteTeamInput = z.object({ teamId: id, confirmName: z.string() });
export const addMemberInput = z.object({ teamId: id, email: z.email("Enter the email address of their account."), role });
export const memberInput = z.object({ teamId: id, userId: id });
export const memberRoleInput = z.object({ teamId: id, userId: id, role });
// A checkbox sends "on" when ticked and nothing otherwise.
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());
export const teamBoundToolsInput = z.object({ teamId: id, allow: checkbox });
export const moveTeamSkillsInput = z.object({ teamId: id, destination: z.string().min(1, "Choose where to move the skills."), skillId: id.optional() });

const EXPIRY_MESSAGE = `Choose an expiry of ${INVITE_EXPIRY_DAYS.join(", ")} days.`;
export const createInvitationInput = z.object({
  teamId: id,
  role,
  expiresInDays: z.coerce
    .number({ error: EXPIRY_MESSAGE })
    .refine((days) => (INVITE_EXPIRY_DAYS as readonly number[]).includes(days), EXPIRY_MESSAGE)
    .default(DEFAULT_INVITE_EXPIRY_DAYS),
  singleUse: checkbox,
  email: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.email("Enter a valid email address, or leave it empty.").optional(),
  ),
});
export const invitationInput = z.object({ teamId: id, invitationId: id });
export const acceptInvitationInput = z.object({ secret: z.string().regex(/^[0-9A-Za-z_-]{20,100}$/, "This invite link is not valid.") });
