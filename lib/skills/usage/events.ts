// What a usage event is, independent of where it is stored: the channels that deliver a skill,
// the UTC day an event counts on, and how a batch of events folds into daily rollup rows.

/**
 * Every way a skill reaches an agent or a person. "catalog" is L1 (offered in a playground
 * turn's catalog or an MCP skill list, one per skill per turn); "load"/"read" are L2/L3 in the
 * playground; MCP's tools and Skills extension are "mcp-load"/"mcp-read"; "download" is a ZIP
 * or file from the app or API; "sync", "discovery", "feed" and "clawhub" are client installs,
 * counted once per client, skill and version; "run" is skill_run and bound tools; "eval" a
 * trigger-test run.
 */
export const USAGE_CHANNELS = ["catalog", "load", "read", "run", "download", "sync", "discovery", "feed", "clawhub", "mcp-load", "mcp-read", "eval"] as const;
export type UsageChannel = (typeof USAGE_CHANNELS)[number];

export const USAGE_CHANNEL_LABELS: Record<UsageChannel, string> = {
  catalog: "Offered (catalog)",
  load: "Playground load",
  read: "Playground file read",
  run: "Script run",
  download: "Download",
  sync: "Sync CLI",
  discovery: "Discovery index",
  feed: "Delivery link",
  clawhub: "ClawHub",
  "mcp-load": "MCP load",
  "mcp-read": "MCP file read",
  eval: "Trigger tests",
};

/** Channels that mean an agent got the skill itself: what "loads", "stale" and "most used" count. */
export const LOAD_CHANNELS: readonly UsageChannel[] = ["load", "run", "download", "sync", "discovery", "feed", "clawhub", "mcp-load"];
/** Channels that install a version on a client: what "versions in use" and "behind current" read. */
export const INSTALL_CHANNELS: readonly UsageChannel[] = ["sync", "discovery", "feed", "clawhub"];
/** Channels whose events name a file. */
export const READ_CHANNELS: readonly UsageChannel[] = ["read", "mcp-read"];

export function isUsageChannel(value: string): value is UsageChannel {
  return (USAGE_CHANNELS as readonly string[]).includes(value);
}

/** One event as the request path hands it over. */
export interface UsageInput {
  skillId: string;
  version: number;
  channel: UsageChannel;
  actorId: string | null;
  tokenId?: string | null;
  teamId?: string | null;
  path?: string | null;
  /** Who and what make this event a repeat (installs): the same key again counts nothing. */
  dedupe?: string;
  at?: Date;
}

/** The UTC calendar day an instant counts on, "YYYY-MM-DD". */
export function usageDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `days` UTC days ending with `today`'s, oldest first. */
export function dayRange(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => usageDay(new Date(end - (days - 1 - i) * 86_400_000)));
}

export interface RollupRow {
  day: string;
  skillId: string;
  version: number;
  channel: UsageChannel;
  teamId: string | null;
  count: number;
}

/** A batch of events as the increments of the daily rollup, one row per day, skill, version and channel. */
export function foldRollup(events: readonly { day: string; skillId: string; version: number; channel: UsageChannel; teamId: string | null }[]): RollupRow[] {
  const rows = new Map<string, RollupRow>();
  for (const e of events) {
    const key = `${e.day}\0${e.skillId}\0${e.version}\0${e.channel}`;
    const row = rows.get(key);
    if (row) row.count++;
    else rows.set(key, { day: e.day, skillId: e.skillId, version: e.version, channel: e.channel, teamId: e.teamId, count: 1 });
  }
  return [...rows.values()];
}

/**
 * "Trending": the last 7 days against the 7 before, so a skill that went from 0 to 5 loads ranks
 * above one steady at 50. Smoothed by one so a brand-new skill is not infinitely trending.
 */
export function trendScore(last7: number, previous7: number): number {
  return (last7 + 1) / (previous7 + 1);
}
