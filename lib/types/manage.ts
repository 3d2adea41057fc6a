// What the manage dialog shows about one skill: plain data, loaded on demand by a server action.
import type { Scope } from "@/lib/skills/permissions/permissions";
import type { ReferenceSummary } from "@/lib/skills/permissions/references";

/** The agent profiles using the skill: the viewer's own by name, other people's as a count. */
export type ManageReferences = ReferenceSummary;

export interface ManageAuditEvent {
  id: string;
  action: string;
  actorName: string;
  createdAt: Date;
  version: number | null;
  /** One line about the change ("Personal → Team Platform"), when the event has details worth showing. */
  summary: string | null;
}

/** A scope the skill may be moved to, already checked against the permission rules. */
export interface ManageMoveTarget {
  /** "personal", "public" or "team:<teamId>" (the upload dialog's destination keys). */
  key: string;
  label: string;
}

export interface SkillManageInfo {
  id: string;
  name: string;
  scope: Scope;
  team: { id: string; name: string } | null;
  owner: { id: string; name: string } | null;
  author: { id: string; name: string } | null;
  archived: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  /** proposed: never published (a review request's version); downloadable by number, never installed as "current". */
  versions: { number: number; message: string; createdAt: Date; author: { id: string; name: string } | null; proposed: boolean }[];
  can: { manage: boolean; addVersion: boolean };
  references: ManageReferences;
  /** The whole trail for those who may manage the skill, else only the viewer's own events. */
  audit: ManageAuditEvent[];
  moveTargets: ManageMoveTarget[];
  /** Why nothing (or not public) can be chosen, in the viewer's terms; null when every move is open. */
  moveNote: string | null;
}
