// Teams, members and invite links as the team pages show them; never an invite link's secret
// except in the one answer that creates it.
import type { TeamRole } from "@/lib/skills/permissions/permissions";

export type { TeamRole };

export interface TeamSummary {
  id: string;
  name: string;
  description: string;
  role: TeamRole;
  memberCount: number;
  skillCount: number;
}

export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: Date;
}

export interface TeamDetail extends TeamSummary {
  members: TeamMember[];
  /** Archived skills count too: a team that owns any cannot be deleted. */
  archivedSkillCount: number;
  /** Whether the team's skills may bind tools in the playground (set by its owners; off by default). */
  allowBoundTools: boolean;
  can: {
    manageMembers: boolean;
    rename: boolean;
    delete: boolean;
    manageInvitations: boolean;
    /** Allow or stop bound tools: owners only. */
    setBoundTools: boolean;
    /** The roles the viewer may give, in an invite or a role change (only owners give OWNER). */
    grantRoles: TeamRole[];
  };
}

export type InvitationState = "active" | "expired" | "revoked" | "used up";

export interface InvitationInfo {
  id: string;
  role: TeamRole;
  email: string | null;
  singleUse: boolean;
  expiresAt: Date;
  createdAt: Date;
  createdByName: string | null;
  revokedAt: Date | null;
  useCount: number;
  lastUsedAt: Date | null;
  state: InvitationState;
}

/** What creating an invite link answers: the only time its secret is ever shown. */
export interface CreatedInvitation {
  invitation: InvitationInfo;
  secret: string;
  /** "/join/<secret>": the page the link opens. */
  path: string;
}

/** A skill a team still owns, with the places its deleter may move it to. */
export interface TeamSkillToMove {
  id: string;
  name: string;
  archived: boolean;
  /** Destination keys ("personal", "public", "team:<id>") and labels, checked against the rules. */
  moveTargets: { key: string; label: string }[];
}
