import type { ViewerRef } from "@/lib/data/actor";
import { getEnv } from "@/lib/env";
import { commitUpload, planUploadCommit, previewUpload, type CommitInput } from "@/lib/data/uploads";
import { readUploadYielding, type UploadSource } from "@/lib/skills/upload/upload";
import type { UploadFieldsInput } from "@/lib/skills/upload/inputs";
import type { UploadCommitResult, UploadDryRun } from "@/lib/types/uploads";
import { json, statusOfDataError } from "./errors";
import { skillLinks } from "./links";

// The three things an upload request can ask for, shared by the modal's routes, the v1 API and the
// uploadthing route: the request has already been authenticated and parsed.

type Upload = { sources: UploadSource[]; fields: Pick<UploadFieldsInput, "scope" | "team" | "message" | "profile" | "choices" | "overrideReason" | "atomic"> };

function commitInput(fields: Upload["fields"]): CommitInput {
  return {
    destination: { scope: fields.scope, team: fields.team },
    choices: fields.choices,
    message: fields.message,
    overrideReason: fields.overrideReason,
    atomic: fields.atomic,
  };
}

/** 200 with the UploadPreview; stores nothing. */
export async function previewAnswer(viewer: ViewerRef, upload: Upload): Promise<Response> {
  return json(
    await previewUpload(viewer, await readUploadYielding(upload.sources, { profile: upload.fields.profile, limits: getEnv().limits }), {
      scope: upload.fields.scope,
      team: upload.fields.team,
    }),
  );
}

/**
 * The preview plus what the real request would do, answered with the status the real request
 * would get (200 instead of 201), so `curl --fail` in CI fails a dry run that would fail.
 */
export async function dryRunAnswer(viewer: ViewerRef, upload: Upload): Promise<Response> {
  const read = await readUploadYielding(upload.sources, { profile: upload.fields.profile, limits: getEnv().limits });
  const input = commitInput(upload.fields);
  const [preview, planned] = await Promise.all([previewUpload(viewer, read, input.destination), planUploadCommit(viewer, read, input)]);
  const refusal = planned.refusal;
  const wouldAnswer = refusal
    ? statusOfDataError(({ forbidden: "FORBIDDEN", invalid: "INVALID", missing: "NOT_FOUND", conflict: "CONFLICT" } as const)[refusal.kind])
    : planned.refused.length
      ? 207
      : planned.plan.some((item) => item.action !== "unchanged")
        ? 201
        : 200;
  const body: UploadDryRun = { ...preview, dryRun: true, plan: planned.plan, problems: planned.problems, refused: planned.refused, wouldAnswer };
  return json(body, { status: wouldAnswer >= 400 ? wouldAnswer : 200 });
}

/**
 * 201 with what was stored (200 when every chosen skill was already exactly there); 207 when some
 * chosen skills were stored and others refused (`refused` says why, per skill). With `atomic`,
 * any refusal refuses everything, so the answer is never 207.
 */
export async function commitAnswer(viewer: ViewerRef, upload: Upload): Promise<Response> {
  const read = await readUploadYielding(upload.sources, { profile: upload.fields.profile, limits: getEnv().limits });
  const result = await commitUpload(viewer, read, commitInput(upload.fields));
  const body: UploadCommitResult = {
    destination: result.destination,
    skills: result.skills.map((skill) => ({ ...skill, links: skillLinks(skill.skillId) })),
    refused: result.refused,
  };
  const stored = body.skills.find((skill) => skill.action !== "unchanged");
  const status = result.refused.length ? 207 : stored ? 201 : 200;
  return json(body, { status, headers: stored ? { Location: stored.links.api } : {} });
}
