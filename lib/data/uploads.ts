import "server-only";
import type { Finding } from "@/lib/skills/format/findings";
import { getEnv } from "@/lib/env";
import { parseReviewPolicy, proposalPolicyForDestination } from "@/lib/skills/review-requests/policy";
import { planRefusal, planUpload, selectUploadSkills, type SelectedSkill, type UploadChoice, type UploadPlan } from "@/lib/skills/upload/plan";
import { folderNameFix, MAX_UPLOAD_BYTES, type ReadUpload } from "@/lib/skills/upload/upload";
import { timeSlicer } from "@/lib/skills/archive/steps";
import { sameVersionContent } from "@/lib/skills/archive/digest";
import type { ScanFinding, ScanResult } from "@/lib/skills/scan/types";
import type {
  ApiErrorBody,
  UploadDestination,
  UploadPlanItem,
  UploadPreview,
  UploadPreviewSkill,
  UploadRefusedSkill,
  UploadResultSkill,
} from "@/lib/types/uploads";
import { loadActor, type ViewerRef } from "./actor";
import { db } from "@/lib/db/server";
import { DataError } from "./errors";
import { findSkillsInDestination, importSkills } from "./skills/import";
import { scanSkillYielding } from "./version-writer";
import { gateImport, gateOf } from "@/lib/skills/review/policy";
import { listDestinations, pickDestination, resolveTarget, resolveUploadDestination, type DestinationInput } from "./upload-destinations";

// Upload preview and commit: the format core reads the upload (lib/skills/upload/upload.ts) and
// plans its commit (plan.ts), this module adds what only the store knows (where the viewer may
// put skills, which names are taken there) and writes through importSkills: each skill on its
// own, or all or nothing when asked (`atomic`).

/**
 * What the upload holds, for the modal and dry runs: every skill with its files, token costs and
 * findings, every source's rejected and skipped entries, and for each destination the viewer may
 * choose, which names are already taken there. A team the viewer is not in is NOT_FOUND. Stores
 * nothing.
 */
export async function previewUpload(viewer: ViewerRef, upload: ReadUpload, requested: DestinationInput = { scope: "personal" }): Promise<UploadPreview> {
  const actor = await loadActor(db, viewer);
  const { limits } = getEnv();
  const destinations = await listDestinations(viewer);
  const { destination } = pickDestination(destinations, requested);
  const folderFixes = new Map(upload.skills.flatMap((s) => (s.skill.ok ? [] : [[s.key, folderNameFix(s.skill, upload.profile)] as const])));
  const folderNames = new Map([...folderFixes].map(([key, fix]) => [key, fix?.name ?? null]));
  const names = [
    ...new Set([...upload.skills.flatMap((s) => (s.skill.name ? [s.skill.name] : [])), ...[...folderNames.values()].filter((n): n is string => n !== null)]),
  ];
  const existingByDestination = await Promise.all(
    destinations.map(async (d) => [d.destination.key, names.length ? await findSkillsInDestination(viewer, d.target, names) : new Map()] as const),
  );
  const badSource = new Set(upload.sources.filter((s) => s.findings.some((f) => f.severity === "error")).map((s) => s.index));

  const slice = timeSlicer();
  const skills: UploadPreviewSkill[] = [];
  for (const { key, source, skill, digest } of upload.skills) {
    await slice();
    const resourceTokens = new Map(skill.tokens.resources.map((r) => [r.path, r.tokens]));
    const existing: UploadPreviewSkill["existing"] = {};
    const scan = await scanSkillYielding(skill);
    for (const [destinationKey, found] of existingByDestination) {
      const match = skill.name ? found.get(skill.name) : undefined;
      if (match)
        existing[destinationKey] = {
          skillId: match.id,
          version: match.version,
          canAddVersion: match.canAddVersion,
          unchanged: sameVersionContent(match, skill.files),
        };
    }
    skills.push({
      key,
      source,
      root: skill.root,
      name: skill.name,
      description: skill.description,
      ok: skill.ok,
      errorCount: skill.findings.filter((f) => f.severity === "error").length,
      warningCount: skill.findings.filter((f) => f.severity === "warning").length,
      findings: skill.findings,
      files: skill.files.map((f) => ({
        path: f.path,
        size: f.size,
        mediaType: f.mediaType,
        tokens: f.path === "SKILL.md" || f.path === "skill.md" ? skill.tokens.body : (resourceTokens.get(f.path) ?? null),
      })),
      totalBytes: skill.files.reduce((n, f) => n + f.size, 0),
      tokens: {
        catalog: skill.tokens.catalog,
        body: skill.tokens.body,
        resources: skill.tokens.resources.reduce((n, r) => n + (r.tokens ?? 0), 0),
        total: skill.tokens.total,
        approximate: skill.tokens.approximate,
        tokenizer: skill.tokens.tokenizer,
      },
      digest,
      existing,
      scan,
      gate: gateOf(scan),
      folderName: folderNames.get(key) ?? null,
      folderNameFindings: folderFixes.get(key)?.findings ?? [],
      folderNameTakenIn: existingByDestination
        .filter(([, found]) => folderNames.get(key) && found.has(folderNames.get(key)!))
        .map(([destinationKey]) => destinationKey),
    });
  }

  return {
    ok: badSource.size === 0 && skills.length > 0 && skills.every((s) => s.ok),
    importable: skills.filter((s) => s.ok && !badSource.has(s.source)).length,
    sources: upload.sources.map((s) => ({
      index: s.index,
      name: s.name,
      type: s.type,
      kind: s.kind,
      size: s.size,
      findings: s.findings,
      skipped: s.skipped,
      notASkill: s.notASkill,
    })),
    skills,
    destinations: destinations.map((d) => d.destination),
    destination,
    canOverrideScan: actor.role === "ADMIN",
    limits: {
      maxUploadBytes: MAX_UPLOAD_BYTES,
      maxTotalBytes: limits.maxTotalBytes,
      maxFileBytes: limits.maxFileBytes,
      maxEntries: limits.maxEntries,
      maxSkillFiles: limits.maxSkillFiles,
      maxSkillBytes: limits.maxSkillBytes,
    },
  };
}

export interface CommitInput {
  destination: DestinationInput;
  /** Which skills and what to do with each; null takes every skill with action "auto". */
  choices: UploadChoice[] | null;
  /** Version message for every chosen skill without one; with "auto", asks for new versions of existing skills. */
  message?: string;
  /**
   * An instance admin's written reason to import a chosen skill that has a critical security
   * finding (audited). It names no skill, so it applies only when one chosen skill needs it;
   * with several, each gets its own in its choice's `overrideReason`.
   */
  overrideReason?: string;
  /** Refuse everything when any chosen skill would be refused (default: import the others). */
  atomic?: boolean;
}

export interface UploadPlanResult {
  destination: UploadDestination;
  plan: UploadPlanItem[];
  problems: UploadPlan["problems"];
  /** The refusal the commit would answer with, or null when it would go through. */
  refusal: ReturnType<typeof planRefusal>;
  /** Every finding of every source and chosen skill, for refusal bodies. */
  findings: NonNullable<ApiErrorBody["error"]["findings"]>;
}

async function plan(
  viewer: ViewerRef,
  upload: ReadUpload,
  input: CommitInput,
): Promise<UploadPlanResult & { raw: UploadPlan; blockedKeys: Map<string, ScanFinding[]>; reasons: Map<string, string>; scans: Map<string, ScanResult> }> {
  const { destination, target } = await resolveUploadDestination(viewer, input.destination);
  let selected: SelectedSkill[];
  try {
    selected = selectUploadSkills(upload, input.choices);
  } catch (error) {
    if (error instanceof RangeError) throw new DataError("INVALID", error.message, { field: "choices" });
    throw error;
  }
  const names = [...new Set(selected.flatMap((s) => (s.skill.name ? [s.skill.name] : [])))];
  const existing = names.length ? await findSkillsInDestination(viewer, target, names) : new Map();
  const raw = planUpload(upload, selected, destination, existing, { message: input.message });
  // The security gate, decided here too so a dry run and the modal see the refusal the commit would give.
  const actor = await loadActor(db, viewer);
  const blockedKeys = new Map<string, ScanFinding[]>();
  const slice = timeSlicer();
  const scans = new Map<string, ScanResult>();
  for (const item of raw.items) {
    await slice();
    if (item.action !== "unchanged") scans.set(item.key, await scanSkillYielding(item.skill));
  }
  const reasons = overrideReasons(
    input,
    [...scans].filter(([, scan]) => scan.highest === "critical").map(([key]) => key),
  );
  for (const item of raw.items) {
    const scan = scans.get(item.key);
    if (!scan) continue;
    const gate = gateImport(item.name, scan, { isInstanceAdmin: actor.role === "ADMIN", overrideReason: reasons.get(item.key) });
    if (gate.kind === "blocked") {
      raw.problems.push({ kind: gate.code === "FORBIDDEN" ? "forbidden" : "invalid", key: item.key, name: item.name, message: gate.message });
      blockedKeys.set(
        item.key,
        scan.findings.filter((f) => f.severity === "critical"),
      );
    }
  }
  const findings: UploadPlanResult["findings"] = [
    ...upload.sources.flatMap((s) => s.findings.map((f: Finding) => ({ ...f, source: s.index, skill: null, key: null }))),
    ...selected.flatMap((s) => s.skill.findings.map((f) => ({ ...f, source: s.entry.source, skill: s.skill.name, key: s.entry.key }))),
  ];
  // Every item goes to the same place, so one rule says whether its writes would be proposed (a dry run's `proposed`).
  const teamPolicy =
    target.scope === "TEAM"
      ? parseReviewPolicy((await db.team.findUnique({ where: { id: target.teamId! }, select: { reviewPolicy: true } }))?.reviewPolicy)
      : parseReviewPolicy(null);
  const proposed = proposalPolicyForDestination(actor, target, teamPolicy) !== null;
  return {
    destination,
    plan: raw.items.map((item) => ({
      key: item.key,
      name: item.name,
      action: item.action,
      skillId: item.targetId ?? null,
      ...(proposed && item.action !== "unchanged" ? { proposed: true } : {}),
    })),
    problems: raw.problems,
    refusal: planRefusal(raw.problems),
    findings,
    raw,
    blockedKeys,
    reasons,
    scans,
  };
}

/**
 * What committing would do, or why it would be refused, without writing anything (dry runs):
 * `refusal` is set only when the whole commit would be refused, `refused` lists the skills a
 * partial import would leave out.
 */
export async function planUploadCommit(
  viewer: ViewerRef,
  upload: ReadUpload,
  input: CommitInput,
): Promise<UploadPlanResult & { refused: UploadRefusedSkill[] }> {
  const planned = await plan(viewer, upload, input);
  const { refused, accepted, refuseAll } = partition(planned, upload, input.atomic);
  const { raw: _raw, blockedKeys: _blocked, reasons: _reasons, scans: _scans, ...result } = planned;
  const keep = new Set(accepted.map((item) => item.key));
  return refuseAll ? { ...result, refused: [] } : { ...result, plan: result.plan.filter((item) => keep.has(item.key)), refusal: null, refused };
}

const refusalCode = { forbidden: "FORBIDDEN", invalid: "INVALID", missing: "NOT_FOUND", conflict: "CONFLICT" } as const;

type Planned = Awaited<ReturnType<typeof plan>>;

/**
 * The override reason for each chosen skill with a critical finding: its choice's own, or the
 * request-wide one when it is the only such skill. A request-wide reason with several is a mistake
 * the caller must fix (one reason would otherwise cover skills nobody named).
 */
function overrideReasons(input: CommitInput, criticalKeys: string[]): Map<string, string> {
  const own = new Map((input.choices ?? []).flatMap((choice) => (choice.overrideReason ? [[choice.key, choice.overrideReason] as const] : [])));
  const unnamed = criticalKeys.filter((key) => !own.has(key));
  if (input.overrideReason && unnamed.length > 1) {
    throw new DataError(
      "INVALID",
      `overrideReason names no skill, and ${unnamed.length} chosen skills have a critical finding (${unnamed.join(", ")}): give each its own reason in its choice's overrideReason.`,
      { field: "overrideReason" },
    );
  }
  const reasons = new Map(own);
  if (input.overrideReason && unnamed.length === 1) reasons.set(unnamed[0], input.overrideReason);
  return reasons;
}

/**
 * Splits a plan into the skills to store and the ones refused with their reason (a refused source
 * rules out every one of its skills), and says whether the whole upload is refused instead: with
 * `atomic` on any problem, otherwise when nothing is left or the upload as a whole is at fault.
 */
function partition(
  planned: Planned,
  upload: ReadUpload,
  atomic = false,
): { refused: UploadRefusedSkill[]; accepted: Planned["raw"]["items"]; refuseAll: boolean } {
  const sourceOf = new Map(upload.skills.map((s) => [s.key, s.source]));
  const refused: UploadRefusedSkill[] = [];
  const ruledOut = new Set<string>();
  for (const problem of planned.problems) {
    if (problem.key !== null) {
      const blocking = planned.blockedKeys.get(problem.key);
      refused.push({
        key: problem.key,
        name: problem.name,
        outcome: blocking ? "blocked" : problem.kind,
        message: problem.message,
        findings: blocking ?? problem.findings,
      });
      ruledOut.add(problem.key);
    } else if (problem.source !== undefined) {
      for (const item of planned.raw.items) {
        if (sourceOf.get(item.key) !== problem.source || ruledOut.has(item.key)) continue;
        refused.push({ key: item.key, name: item.name, outcome: "invalid", message: problem.message, findings: problem.findings });
        ruledOut.add(item.key);
      }
    }
  }
  const accepted = planned.raw.items.filter((item) => !ruledOut.has(item.key));
  const wholeUpload = planned.problems.some((p) => p.key === null && p.source === undefined);
  const refuseAll = !!planned.refusal && (atomic || !accepted.length || wholeUpload);
  return { refused, accepted, refuseAll };
}

/**
 * Import the chosen skills of an upload, each on its own: the ones that can be stored are, and
 * every other one comes back in `refused` with its reason. When none can be stored (or with
 * `atomic`, when any cannot), nothing is stored and every reason is thrown as one DataError
 * (FORBIDDEN, INVALID, NOT_FOUND or CONFLICT, in that order of precedence) whose details hold
 * every problem and finding. A refused archive refuses all of its own skills, never others'.
 */
export async function commitUpload(
  viewer: ViewerRef,
  upload: ReadUpload,
  input: CommitInput,
): Promise<{ destination: UploadDestination; skills: Omit<UploadResultSkill, "links">[]; refused: UploadRefusedSkill[] }> {
  const planned = await plan(viewer, upload, input);
  const { refused, accepted, refuseAll } = partition(planned, upload, input.atomic);
  if (refuseAll) throw new DataError(refusalCode[planned.refusal!.kind], planned.refusal!.message, { problems: planned.problems, findings: planned.findings });

  const skills: Omit<UploadResultSkill, "links">[] = [];
  const writes = accepted.filter((item) => item.action !== "unchanged");
  const importOf = (item: (typeof writes)[number]) => {
    const common = { skill: item.skill, message: item.message, overrideReason: planned.reasons.get(item.key), scan: planned.scans.get(item.key) };
    return item.action === "create"
      ? { ...common, destination: resolveTarget(planned.destination) }
      : { ...common, target: { skillId: item.targetId!, baseVersion: item.baseVersion } };
  };
  const stored = new Map<string, Awaited<ReturnType<typeof importSkills>>[number]>();
  if (input.atomic) {
    const results = await importSkills(viewer, writes.map(importOf));
    writes.forEach((item, i) => stored.set(item.key, results[i]));
  } else {
    // One transaction per skill: a clash that appeared since the plan (someone else took the name) costs only that skill.
    const slice = timeSlicer();
    for (const item of writes) {
      await slice();
      try {
        const [result] = await importSkills(viewer, [importOf(item)]);
        stored.set(item.key, result);
      } catch (error) {
        if (!(error instanceof DataError)) throw error;
        const outcome =
          error.code === "FORBIDDEN" ? "forbidden" : error.code === "CONFLICT" ? "conflict" : error.code === "NOT_FOUND" ? "missing-target" : "invalid";
        refused.push({ key: item.key, name: item.name, outcome, message: error.message });
      }
    }
    if (!stored.size && !accepted.some((item) => item.action === "unchanged")) {
      throw new DataError("CONFLICT", refused.length === 1 ? refused[0].message : `No skill was imported: ${refused.map((r) => r.message).join(" ")}`, {
        refused,
      });
    }
  }
  for (const item of accepted) {
    const result = stored.get(item.key);
    if (result)
      skills.push({
        key: item.key,
        skillId: result.skillId,
        name: result.name,
        version: result.version,
        action: result.created ? "created" : "version",
        ...(result.proposal ? { proposal: result.proposal } : {}),
      });
    else if (item.action === "unchanged")
      skills.push({ key: item.key, skillId: item.targetId!, name: item.name, version: item.baseVersion ?? 0, action: "unchanged" });
  }
  const order = new Map(upload.skills.map((s, i) => [s.key, i]));
  refused.sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0));
  return { destination: planned.destination, skills, refused };
}
