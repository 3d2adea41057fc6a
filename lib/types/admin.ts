// What the admin console shows: plain data, shared by lib/data (which builds it) and the
// components (which render it).

export type InstanceRoleName = "ADMIN" | "USER";
export type UserStatusFilter = "all" | "active" | "disabled" | "admins";

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  role: InstanceRoleName;
  disabledAt: Date | null;
  createdAt: Date;
  teamCount: number;
  activeTokenCount: number;
  /** When one of their sessions was last refreshed; null when they have none. */
  lastSeenAt: Date | null;
}

export interface AdminUserPage {
  items: AdminUser[];
  total: number;
  page: number;
  pages: number;
  /** Active (not disabled) instance admins: the console warns before the last one goes. */
  activeAdmins: number;
}

export interface AuditFilter {
  /** An actor's email or name (part of either), or their id. */
  actor?: string;
  /** A skill's id, or part of its name. */
  skill?: string;
  /** A team's id, or part of its name. */
  team?: string;
  /** An exact action ("user.disable") or a prefix ending in a dot ("team."). */
  action?: string;
  /** Inclusive calendar days, YYYY-MM-DD (UTC). */
  from?: string;
  to?: string;
}

export interface AuditRow {
  id: string;
  createdAt: Date;
  action: string;
  actor: { id: string; name: string | null; email: string | null } | null;
  skill: { id: string; name: string | null; version: number | null; exists: boolean } | null;
  team: { id: string; name: string | null } | null;
  /** The account a user.*, team.member.* or auth.* event is about (the member whose role changed). */
  subject: { id: string; email: string | null; name?: string | null } | null;
  /** The review request a review.* event is about. */
  request?: { id: string } | null;
  /** One readable line about the details; null when there is nothing more to say. */
  summary: string | null;
  detail: Record<string, unknown>;
}

export interface AuditPage {
  items: AuditRow[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export type EnvSettingSource = "environment" | "default";

export interface EnvSettingRow {
  key: string;
  label: string;
  value: string;
  source: EnvSettingSource;
  /** A recommendation or explanation shown under the value. */
  note?: string;
  /** The note is advice to act on (a demo default left in place), not just an explanation. */
  warn?: boolean;
}

export interface EnvSettingGroup {
  title: string;
  rows: EnvSettingRow[];
}
