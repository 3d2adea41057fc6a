import "server-only";
import { getEnv } from "@/lib/env";
import { folderNameFix, MAX_UPLOAD_BYTES, type ReadUpload } from "@/lib/skills/upload/upload";
import type { UploadFieldsInput } from "@/lib/skills/upload/inputs";
import { timeSlicer } from "@/lib/skills/archive/steps";
import { sameVersionContent } from "@/lib/skills/archive/digest";
import { gateOf } from "@/lib/skills/vetting/policy";
import type { UploadDestination, UploadPreview, UploadPreviewSkill, UploadRefusedSkill, UploadResultSkill } from "@/lib/types/uploads";
import { DataError } from "../errors";
import { openIntake, type Requester } from "./context";
import { findSkillsInDestination, listDestinations, pickDestination, type DestinationInput } from "./destinations";
import { storedOutcome, type Landed, type Refused } from "./outcome";
import { scanOnce } from "./scan";
import { partition, planCommit, type CommitInput, type UploadPlanResult } from "./upload-plan";
import { writeAdmitted, writeEach } from "./write";

// Uploads through the intake: read (the format core, lib/skills/upload/upload.ts), preview, plan
// (upload-plan.ts: where, which names, the scan and the gate), then write, each skill on its own
// or all or nothing (`atomic`). The answers come in the upload contract (lib/types/uploads.ts),
// which the modal, the HTTP API and the ClawHub publish share.

/** The fields of an upload request the intake reads (the files come as sources). */
export type UploadFields = Pick<UploadFieldsInput, "scope" | "team" | "message" | "profile" | "choices" | "overrideReason" | "atomic">;

export function commitInputOf(fields: UploadFields): CommitInput {
  return {
    destination: { scope: fields.scope, team: fields.team },
    choices: fields.choices,
    message: fields.message,
    overrideReason: fields.overrideReason,
    atomic: fields.atomic,
  };
}

/**
 * What the upload holds, for the modal and dry runs: every skill with its files, token costs and
 * findings, every source's rejected and skipped entries, and for each destination the viewer may
 * choose, which names are already taken there. A team the viewer is not in is NOT_FOUND. Stores
 * nothing.
 */
export async function previewUpload(who: Requester, upload: ReadUpload, requested: DestinationInput = { scope: "personal" }): Promise<UploadPreview> {
  const intake = await openIntake(who);
  const { actor } = intake;
  const { limits } = getEnv();
  const destinations = await listDestinations(intake);
  const { destination } = pickDestination(destinations, requested);
  const folderFixes = new Map(upload.skills.flatMap((s) => (s.skill.ok ? [] : [[s.key, folderNameFix(s.skill, upload.profile)] as const])));
  const folderNames = new Map([...folderFixes].map(([key, fix]) => [key, fix?.name ?? null]));
  const names = [
    ...new Set([...upload.skills.flatMap((s) => (s.skill.name ? [s.skill.name] : [])), ...[...folderNames.values()].filter((n): n is string => n !== null)]),
  ];
  const existingByDestination = await Promise.all(
    destinations.map(async (d) => [d.destination.key, names.length ? await findSkillsInDestination(intake, d.target, names) : new Map()] as const),
  );
  const badSource = new Set(upload.sources.filter((s) => s.findings.some((f) => f.severity === "error")).map((s) => s.index));

  const slice = timeSlicer();
  const skills: UploadPreviewSkill[] = [];
  for (const { key, source, skill, digest } of upload.skills) {
    await slice();
    const resourceTokens = new Map(skill.tokens.resources.map((r) => [r.path, r.tokens]));
    const existing: UploadPreviewSkill["existing"] = {};
    const scan = await scanOnce(intake, skill);
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

/**
 * What committing would do, or why it would be refused, without writing anything (dry runs):
 * `refusal` is set only when the whole commit would be refused, `refused` lists the skills a
 * partial import would leave out.
 */
export async function planUploadCommit(who: Requester, upload: ReadUpload, input: CommitInput): Promise<UploadPlanResult & { refused: UploadRefusedSkill[] }> {
  const planned = await planCommit(await openIntake(who), upload, input);
  const { refused, accepted, refuseAll } = partition(planned, upload, input.atomic);
  const { destination, plan, problems, refusal, findings } = planned;
  const result = { destination, plan, problems, refusal, findings };
  const keep = new Set(accepted.map((item) => item.key));
  return refuseAll
    ? { ...result, refused: [] }
    : { ...result, plan: plan.filter((item) => keep.has(item.key)), refusal: null, refused: refused.map(toUploadRefused) };
}

/** A dry run: the preview and the plan of one request, with one actor and one scan per skill between them. */
export async function dryRunUpload(who: Requester, upload: ReadUpload, input: CommitInput) {
  const intake = await openIntake(who);
  const preview = await previewUpload(intake, upload, input.destination);
  return { preview, planned: await planUploadCommit(intake, upload, input) };
}

const refusalCode = { forbidden: "FORBIDDEN", invalid: "INVALID", missing: "NOT_FOUND", conflict: "CONFLICT" } as const;

/**
 * Import the chosen skills of an upload, each on its own: the ones that can be stored are, and
 * every other one comes back in `refused` with its reason. When none can be stored (or with
 * `atomic`, when any cannot), nothing is stored and every reason is thrown as one DataError
 * (FORBIDDEN, INVALID, NOT_FOUND or CONFLICT, in that order of precedence) whose details hold
 * every problem and finding. A refused archive refuses all of its own skills, never others'.
 */
export async function commitUpload(
  who: Requester,
  upload: ReadUpload,
  input: CommitInput,
): Promise<{ destination: UploadDestination; skills: Omit<UploadResultSkill, "links">[]; refused: UploadRefusedSkill[] }> {
  const intake = await openIntake(who);
  const planned = await planCommit(intake, upload, input);
  const { refused, accepted, refuseAll } = partition(planned, upload, input.atomic);
  if (refuseAll) throw new DataError(refusalCode[planned.refusal!.kind], planned.refusal!.message, { problems: planned.problems, findings: planned.findings });

  const writes = accepted.flatMap((item) => planned.admitted.get(item.key) ?? []);
  const stored = new Map<string, Landed>();
  if (input.atomic) {
    const results = await writeAdmitted(intake, writes);
    writes.forEach((item, i) => stored.set(item.key, storedOutcome(item.key, results[i])));
  } else {
    // One transaction per skill: a clash that appeared since the plan (someone else took the name) costs only that skill.
    for (const outcome of await writeEach(intake, writes)) {
      if (outcome.outcome === "refused") refused.push(outcome);
      else stored.set(outcome.key, outcome);
    }
    if (!stored.size && !accepted.some((item) => item.action === "unchanged")) {
      throw new DataError("CONFLICT", refused.length === 1 ? refused[0].message : `No skill was imported: ${refused.map((r) => r.message).join(" ")}`, {
        refused: refused.map(toUploadRefused),
      });
    }
  }
  const skills = accepted.flatMap((item): Landed[] => {
    const outcome = stored.get(item.key);
    if (outcome) return [outcome];
    if (item.action !== "unchanged") return [];
    return [{ key: item.key, name: item.name, outcome: "unchanged", skillId: item.targetId!, version: item.baseVersion ?? 0 }];
  });
  const order = new Map(upload.skills.map((s, i) => [s.key, i]));
  refused.sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0));
  return { destination: planned.destination, skills: skills.map(toUploadSkill), refused: refused.map(toUploadRefused) };
}

const UPLOAD_ACTION = { created: "created", "new-version": "version", unchanged: "unchanged" } as const;

function toUploadSkill(outcome: Landed): Omit<UploadResultSkill, "links"> {
  const { key, skillId, name, version } = outcome;
  return {
    key,
    skillId,
    name,
    version,
    action: UPLOAD_ACTION[outcome.outcome],
    ...("proposal" in outcome && outcome.proposal ? { proposal: outcome.proposal } : {}),
  };
}

function toUploadRefused(refused: Refused): UploadRefusedSkill {
  const { key, name, message } = refused;
  // An upload names only the findings that block (critical); the CLI and syncs show the high ones beside them.
  if (refused.reason === "blocked") return { key, name, outcome: "blocked", message, findings: refused.findings.filter((f) => f.severity === "critical") };
  // An atomic upload refuses the whole request instead of holding back the others one by one.
  if (refused.reason === "not-imported") throw new Error("an upload never refuses a skill as not imported");
  return { key, name, outcome: refused.reason, message, ...(refused.findings ? { findings: refused.findings } : {}) };
}
