import type { UsageChannel } from "@/lib/skills/usage/events";

export interface UsageDayPoint {
  day: string;
  /** Events that day by channel (channels with none are absent). */
  byChannel: Partial<Record<UsageChannel, number>>;
  total: number;
}

export interface SkillUsage {
  skillId: string;
  days: number;
  currentVersion: number;
  daily: UsageDayPoint[];
  totals: Partial<Record<UsageChannel, number>>;
  /** Deliveries per version in the window, newest version first. */
  versions: { version: number; loads: number; installs: number; current: boolean }[];
  /** Files read (playground and MCP), most read first. */
  files: { path: string; reads: number }[];
  distinctUsers: number;
  distinctTokens: number;
  /** Per person, only for those who answer for the skill and instance admins; null otherwise. */
  people: { userId: string; name: string; events: number }[] | null;
  /** False when the instance keeps no actor on events (distinct counts then read 0). */
  attribution: boolean;
}

export interface TeamInsights {
  teamId: string;
  days: number;
  canArchive: boolean;
  ranked: { skillId: string; name: string; loads: number }[];
  /** Skills not archived, older than 30 days, with no load in 30 (or 90) days. */
  stale: { skillId: string; name: string; lastUsed: string | null; idleDays: 30 | 90 }[];
  behind: { skillId: string; name: string; version: number; currentVersion: number; installs: number }[];
  /** Trigger-test runs of the team's skills per ISO week (Monday), oldest first. */
  passRates: { week: string; runs: number; tests: number; passed: number }[];
}
