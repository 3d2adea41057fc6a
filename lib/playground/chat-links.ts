import type { DisclosureEvent, PlaygroundSkill, TurnLedger } from "./domain";

// A chat answer quotes skills (the offline router quotes one; a model may paraphrase several), and
// a quoted skill's relative links ("assets/pipeline.png") mean that skill's files, not the app's
// URLs. The ledger records which skills a turn loaded, with their files: these rules pick the
// skill each relative path belongs to. Pure.

export interface LoadedSkill {
  skillId: string;
  version: number;
  files: readonly { path: string; mediaType: string }[];
}

/** What a load event records about a skill's files. */
export function fileList(skill: Pick<PlaygroundSkill, "files">): { path: string; mediaType: string }[] {
  return skill.files.map(({ path, mediaType }) => ({ path, mediaType }));
}

/** Every skill the events loaded, by name (a later load of the same name wins: it is the version now in the context). */
export function loadedSkills(events: Iterable<DisclosureEvent>): Map<string, LoadedSkill> {
  const out = new Map<string, LoadedSkill>();
  for (const e of events) if (e.kind === "load") out.set(e.skill, { skillId: e.skillId, version: e.version, files: e.files ?? [] });
  return out;
}

/** The skills a turn's answer can be quoting, most likely first: the router's pick, then what the turn loaded, reloaded or read. */
export function turnSkills(ledger: Pick<TurnLedger, "events" | "router">): string[] {
  const names = new Set<string>();
  if (ledger.router?.chosen) names.add(ledger.router.chosen);
  for (const e of ledger.events) if (e.kind === "load" || e.kind === "repeat" || e.kind === "read") names.add(e.skill);
  return [...names];
}

export interface ChatFile {
  mediaType: string;
  skillId: string;
  version: number;
}

/**
 * The files a turn's relative links may name, by path within a skill, each owned by the first of
 * `names` (turnSkills order) that has it. SKILL.md is every skill's: the first one's.
 */
export function chatFiles(names: readonly string[], loaded: ReadonlyMap<string, LoadedSkill>): Map<string, ChatFile> {
  const out = new Map<string, ChatFile>();
  for (const name of names) {
    const skill = loaded.get(name);
    if (!skill) continue;
    const own = (mediaType: string) => ({ mediaType, skillId: skill.skillId, version: skill.version });
    if (!out.has("SKILL.md")) out.set("SKILL.md", own("text/markdown"));
    for (const file of skill.files) if (!out.has(file.path)) out.set(file.path, own(file.mediaType));
  }
  return out;
}
