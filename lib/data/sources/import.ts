import "server-only";
import type { BundleSkill } from "@/lib/skills/archive/bundle";
import { sameVersionContent, sha256Hex } from "@/lib/skills/archive/digest";
import type { Actor, Scope } from "@/lib/skills/permissions/permissions";
import { describeCritical } from "@/lib/skills/vetting/policy";
import { placeLabel } from "@/lib/labels";
import { shortRevision } from "@/lib/display";
import type { FetchedSkillFolder, FetchedSource } from "@/lib/sources/types";
import type { SyncRefusal } from "@/lib/types/sources";
import { db } from "@/lib/db/server";
import { importEach, intakeFor, readSourceFolder, type Intake, type IntakeOutcome } from "../intake";
import { type Provenance } from "../intake/version-writer";
import { audit } from "../notifications/audit";

// What one sync does to its destination once the source is fetched: every skill folder read as an
// upload of that folder would be, and taken in through the intake (importEach: one scan and one
// gate per skill, the review rules), one skill at a time so a bad one costs only itself. Matching
// is by folder (or, for a folder that moved, by name among the source's skills whose folders are
// gone); content decides "changed".

/** What a run did, as the SourceSync row records it. */
export interface Report {
  revision: string | null;
  created: number;
  updated: number;
  unchanged: number;
  archived: number;
  proposed: number;
  refused: SyncRefusal[];
  skipped: { path: string; reason: string }[];
  error: string | null;
}

/** The facts of a source the import needs. */
export interface SyncedSource {
  id: string;
  url: string;
  scope: Scope;
  teamId: string | null;
  space: string;
  team: { name: string } | null;
}

interface Existing {
  id: string;
  name: string;
  archived: boolean;
  sourcePath: string | null;
}

/** Who a sync's writes answer to: the actor it runs as, and whoever chose the source's settings when not them. */
export interface SyncAuthority {
  actor: Actor;
  /** See ImportItem.steeredBy. */
  steeredBy?: Actor | null;
  /** Whether the sync may change the destination without review (else it proposes, and archives nothing). */
  direct: boolean;
}

/**
 * Brings the fetched skill folders into the source's destination: each read as an upload of that
 * folder, imported on its own (created, new version or proposal, unchanged, refused), and the
 * source's skills whose folders are gone archived. `renew` keeps the run's claim between skills.
 */
export async function importFolders(
  source: SyncedSource,
  authority: SyncAuthority,
  fetched: FetchedSource,
  report: Report,
  renew: () => Promise<void>,
): Promise<void> {
  const { actor } = authority;
  // The whole run is one intake: the actor it runs as is read once (by the sync), not per skill.
  const intake = intakeFor(actor);
  const existing: Existing[] = await db.skill.findMany({ where: { sourceId: source.id }, select: { id: true, name: true, archived: true, sourcePath: true } });
  const byPath = new Map(existing.flatMap((skill) => (skill.sourcePath !== null ? [[skill.sourcePath, skill] as const] : [])));
  const seen = new Set(fetched.folders.map((folder) => folder.path));
  // A skill whose folder is gone but whose name reappears in a new folder moved upstream: same skill.
  const vacated = new Map(existing.filter((skill) => skill.sourcePath === null || !seen.has(skill.sourcePath)).map((skill) => [skill.name, skill]));
  const kept = new Set<string>();

  for (const folder of fetched.folders) {
    const known = byPath.get(folder.path);
    if (known && !known.archived && (await sameAsBase(known.id, source.id, actor.id, folder))) {
      // Most folders of most syncs: the bytes are those of the version already stored, so there is
      // nothing to read, validate or scan (what the stored version holds passed all of that).
      kept.add(known.id);
      report.unchanged++;
      await renew();
      continue;
    }
    const read = await readSourceFolder(folder);
    report.skipped.push(...read.skipped);
    if ("refusal" in read) {
      report.refused.push(read.refusal);
      const stays = byPath.get(folder.path);
      if (stays) kept.add(stays.id);
    } else {
      const match = byPath.get(folder.path) ?? (read.skill.name ? vacated.get(read.skill.name) : undefined);
      if (match) {
        kept.add(match.id);
        vacated.delete(match.name);
      }
      await importFolder(
        intake,
        source,
        authority,
        { folder, skill: read.skill, match: match ?? null, revision: fetched.revision, commit: fetched.commit },
        report,
      );
    }
    await renew();
  }

  const gone = existing.filter((skill) => !kept.has(skill.id) && !skill.archived);
  if (!authority.direct) {
    // An archive cannot be proposed, and taking a skill away changes a reviewed space as much as a new version.
    for (const skill of gone) {
      report.skipped.push({
        path: skill.sourcePath ?? skill.name,
        reason: `"${skill.name}" is gone from the source but stays: this sync cannot change ${placeLabel(source.scope, source.team?.name)} without review; archive it by hand.`,
      });
    }
    return;
  }
  for (const skill of gone) {
    await db.$transaction(async (tx) => {
      await tx.skill.update({ where: { id: skill.id }, data: { archived: true } });
      await audit(tx, {
        actorId: actor.id,
        action: "skill.archive",
        skillId: skill.id,
        skillName: skill.name,
        teamId: source.teamId,
        detail: {
          reason: `Removed from ${source.url} at ${shortRevision(fetched.revision)}.`,
          source: { id: source.id, revision: fetched.revision, path: skill.sourcePath },
        },
      });
    });
    report.archived++;
  }
}

/** What the skill's content is compared with: an open proposal this source made (when one waits), else its current version. */
async function baseOf(skillId: string, sourceId: string, actorId: string) {
  const open = await db.reviewRequest.findFirst({
    where: { skillId, state: "open", kind: "version" },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      authorId: true,
      revisions: {
        orderBy: { number: "desc" },
        take: 1,
        select: { version: { select: { digest: true, sourceId: true, files: { where: { executable: true }, select: { path: true } } } } },
      },
    },
  });
  const proposed = open?.revisions[0]?.version;
  if (open && proposed?.sourceId === sourceId) {
    return { digest: proposed.digest, executables: proposed.files.map((f) => f.path), requestId: open.authorId === actorId ? open.id : undefined };
  }
  const skill = await db.skill.findUniqueOrThrow({
    where: { id: skillId },
    select: { currentVersion: { select: { digest: true, files: { where: { executable: true }, select: { path: true } } } } },
  });
  return { digest: skill.currentVersion?.digest ?? null, executables: skill.currentVersion?.files.map((f) => f.path) ?? [], requestId: undefined };
}

/** Whether a folder's files, as fetched, are exactly the skill's base version (same paths, bytes and execute bits). */
async function sameAsBase(skillId: string, sourceId: string, actorId: string, folder: FetchedSkillFolder): Promise<boolean> {
  // A file left unread (over a limit) or a non-file entry needs the full read, which reports it.
  if (folder.files.some((file) => (file.type !== undefined && file.type !== "file") || (file.size !== undefined && file.size !== file.bytes.length)))
    return false;
  const files = folder.files.map((file) => ({ path: file.path, sha256: sha256Hex(file.bytes), executable: file.executable }));
  return sameVersionContent(await baseOf(skillId, sourceId, actorId), files);
}

async function importFolder(
  intake: Intake,
  source: SyncedSource,
  { actor, steeredBy }: SyncAuthority,
  input: { folder: FetchedSkillFolder; skill: BundleSkill; match: Existing | null; revision: string; commit?: { author: string; message: string } },
  report: Report,
): Promise<void> {
  const { folder, skill, match, revision, commit } = input;
  const name = skill.name!;
  const provenance: Provenance = { sourceId: source.id, url: source.url, revision, path: folder.path, ...(commit ? { commit } : {}) };
  const message = `Synced from ${source.url} at ${shortRevision(revision)}`;
  const refuse = (text: string) => report.refused.push({ path: folder.path, name, message: text });

  if (match) {
    const base = await baseOf(match.id, source.id, actor.id);
    const same = sameVersionContent(base, skill.files);
    await db.$transaction(async (tx) => {
      if (match.sourcePath !== folder.path) await tx.skill.update({ where: { id: match.id }, data: { sourcePath: folder.path } });
      if (match.archived) {
        await tx.skill.update({ where: { id: match.id }, data: { archived: false } });
        await audit(tx, {
          actorId: actor.id,
          action: "skill.unarchive",
          skillId: match.id,
          skillName: match.name,
          teamId: source.teamId,
          detail: { reason: `Back in ${source.url} at ${shortRevision(revision)}.`, source: { id: source.id, revision, path: folder.path } },
        });
      }
    });
    if (same) {
      report.unchanged++;
      return;
    }
    record(
      await importEach(intake, [{ key: folder.path, skill, message, provenance, steeredBy, target: { skillId: match.id, requestId: base.requestId } }]),
      report,
      refuse,
      "updated",
    );
    return;
  }

  const taken = await db.skill.findUnique({ where: { space_name: { space: source.space, name } }, select: { sourceId: true, sourcePath: true } });
  if (taken?.sourceId === source.id) {
    refuse(
      `Another folder of this source (${taken.sourcePath || "the top folder"}) already holds a skill named "${name}"; a destination keeps one skill per name.`,
    );
    return;
  }
  if (taken) {
    refuse(
      `${placeLabel(source.scope, source.team?.name)} already has a skill named "${name}" that does not come from this source; rename one of them, or delete that skill.`,
    );
    return;
  }
  record(
    await importEach(intake, [{ key: folder.path, skill, message, provenance, steeredBy, destination: { scope: source.scope, teamId: source.teamId } }]),
    report,
    refuse,
    "created",
  );
}

function record(outcomes: IntakeOutcome[], report: Report, refuse: (message: string) => void, stored: "created" | "updated"): void {
  for (const outcome of outcomes) {
    if (outcome.outcome !== "refused") {
      if ("proposal" in outcome && outcome.proposal) report.proposed++;
      else report[stored]++;
    } else if (outcome.reason === "blocked") {
      refuse(`${describeCritical(outcome.name, outcome.findings)} Not imported: fix it in the repository.`);
    } else refuse(outcome.message);
  }
}
