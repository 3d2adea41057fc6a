import type { TeamRole } from "@/lib/types/teams";

export const ROLE_LABEL: Record<TeamRole, string> = { OWNER: "Owner", ADMIN: "Admin", MEMBER: "Member" };
export const ROLE_HINT: Record<TeamRole, string> = {
  OWNER: "Everything, including deleting the team and making owners.",
  ADMIN: "Manages members, invite links and the team's skills.",
  MEMBER: "Sees the team's skills and adds versions.",
};
