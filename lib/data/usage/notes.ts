import "server-only";
import type { DisclosureEvent } from "@/lib/playground/domain";
import type { UsageChannel } from "@/lib/skills/usage/events";
import type { ViewerRef } from "../core/actor";
import { noteUsage, usageActor } from "./usage";

// One call per delivery channel, so each route or tool adds a single line (and a merge with the
// release-channel work on the same paths stays a one-line conflict at most).

/** A client that installs (sync CLI, `skills`, ClawHub, a delivery link) counts a version once: its token, or the session's user. */
function installKey(viewer: ViewerRef): string {
  return `${viewer.id}\0${viewer.tokenId ?? "session"}`;
}

/** A ZIP or a single file downloaded from the app or the API. */
export function noteDownload(viewer: ViewerRef, skillId: string, version: number, path?: string): void {
  noteUsage({ skillId, version, channel: "download", ...usageActor(viewer), path: path ?? null });
}

/**
 * A version a client installed: the sync CLI, the `skills` CLI or any other reader of the
 * discovery index, ClawHub, a delivery link (`client` names the link). Fetching the same version
 * again (a digest check that refetches, an update with nothing new) adds nothing.
 */
export function noteInstall(viewer: ViewerRef, skillId: string, version: number, channel: "sync" | "discovery" | "clawhub" | "feed", client?: string): void {
  noteUsage({ skillId, version, channel, ...usageActor(viewer), dedupe: client ?? installKey(viewer) });
}

/** The sync CLI names itself in its User-Agent (cli/sync/skillshelf-sync.mjs); any other index reader is "discovery". */
export function discoveryChannel(request: Request): "sync" | "discovery" {
  return request.headers.get("user-agent")?.startsWith("skillshelf-sync/") ? "sync" : "discovery";
}

/** An MCP load (SKILL.md) or read (any other file, with its path). */
export function noteMcp(viewer: ViewerRef, skill: { skillId: string; version: number }, path: string | null): void {
  const channel: UsageChannel = path === null || path.toLowerCase() === "skill.md" ? "mcp-load" : "mcp-read";
  noteUsage({ skillId: skill.skillId, version: skill.version, channel, ...usageActor(viewer), path: channel === "mcp-read" ? path : null });
}

/** A catalog offered once (an MCP skill list, a playground turn): one "catalog" event per skill. */
export function noteOffered(viewer: ViewerRef, skills: readonly { skillId: string; version: number }[]): void {
  for (const s of skills) noteUsage({ skillId: s.skillId, version: s.version, channel: "catalog", ...usageActor(viewer) });
}

/** A script run or a bound tool call. */
export function noteRun(viewer: ViewerRef, skillId: string, version: number): void {
  noteUsage({ skillId, version, channel: "run", ...usageActor(viewer) });
}

/** A trigger-test run of a version. */
export function noteEval(viewer: ViewerRef, skillId: string, version: number): void {
  noteUsage({ skillId, version, channel: "eval", ...usageActor(viewer) });
}

/**
 * A playground turn's usage from its ledger. L1 is counted per turn, not per model step: in
 * full mode the catalog sits in every request of the turn, so each offered skill counts once per
 * turn; in search mode a skill is offered when a search returns it (once per turn however many
 * searches do). Loads (by the model or a $mention) and reads count each time they happen.
 * `events` are this turn's new events only; a continued turn passes what came after the pause,
 * with `offer` false: its catalog counted when the turn began.
 */
export function notePlaygroundTurn(
  viewer: ViewerRef,
  turn: { mode: "full" | "search"; catalog: readonly { skillId: string; name: string; version: number }[]; events: readonly DisclosureEvent[]; offer: boolean },
): void {
  const byName = new Map(turn.catalog.map((s) => [s.name, s]));
  const offered = new Set<string>();
  if (turn.mode === "full") for (const s of turn.catalog) offered.add(s.name);
  for (const e of turn.events) if (e.kind === "search") for (const r of e.results) offered.add(r.name);
  if (turn.offer)
    noteOffered(
      viewer,
      [...offered].flatMap((name) => byName.get(name) ?? []),
    );
  for (const e of turn.events) {
    if (e.kind === "load") noteUsage({ skillId: e.skillId, version: e.version, channel: "load", ...usageActor(viewer) });
    if (e.kind === "read") {
      const skill = byName.get(e.skill);
      if (skill) noteUsage({ skillId: skill.skillId, version: skill.version, channel: "read", ...usageActor(viewer), path: e.path });
    }
  }
}
