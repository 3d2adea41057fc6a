import type { TeamRole } from "@/lib/skills/permissions/permissions";

export const LAST_OWNER_MESSAGE = "A team always keeps an owner: make someone else owner first.";

/**
 * Why `viewerId` may not leave, or null when they may: the team's only owner stays until another
 * member is made owner. The team page disables Leave with this reason rather than refusing after
 * the confirmation; the data layer refuses with LAST_OWNER_MESSAGE.
 */
export function leaveRefusal(members: readonly { userId: string; role: TeamRole }[], viewerId: string): string | null {
  const self = members.find((member) => member.userId === viewerId);
  if (!self || self.role !== "OWNER") return null;
  const owners = members.filter((member) => member.role === "OWNER").length;
  return owners === 1 ? "You are the team's only owner: make someone else owner before you leave, or delete the team." : null;
}
