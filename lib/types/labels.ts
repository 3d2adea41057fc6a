import type { ProposalOutcome } from "./reviews";

/** One release label of a skill as its viewers see it. */
export interface SkillLabelInfo {
  name: string;
  /** The version it points at; null for stable or beta before anyone moved them (they answer latest). */
  version: number | null;
  /** "latest": follows the current version, never moved by hand. */
  automatic: boolean;
  /** A team's own name (may be deleted). */
  custom: boolean;
  updatedAt: Date | null;
}

export interface SkillLabels {
  skillId: string;
  skillName: string;
  current: number | null;
  labels: SkillLabelInfo[];
  /** Labels whose moves the skill's team reviews. */
  reviewed: string[];
  can: { move: boolean };
}

export type LabelMoveOutcome =
  { kind: "moved"; label: string; version: number; from: number | null } | { kind: "proposed"; label: string; version: number; request: ProposalOutcome };
