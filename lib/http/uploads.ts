import type { ViewerRef } from "@/lib/data/core";
import { commitInputOf, commitUpload, dryRunUpload, previewUpload, readUploadSources, type UploadFields } from "@/lib/data/intake";
import type { UploadSource } from "@/lib/skills/upload/upload";
import type { UploadCommitResult, UploadDryRun } from "@/lib/types/uploads";
import { json, statusOfDataError } from "./errors";
import { reviewLinks, skillLinks } from "./links";

// The three things an upload request can ask for, shared by the modal's routes, the v1 API and the
// uploadthing route: the request has already been authenticated and parsed. Each is one pass of
// the intake (lib/data/intake); this adds the HTTP status and links.

type Upload = { sources: UploadSource[]; fields: UploadFields };

/** 200 with the UploadPreview; stores nothing. */
export async function previewAnswer(viewer: ViewerRef, upload: Upload): Promise<Response> {
  return json(await previewUpload(viewer, await readUploadSources(upload.sources, upload.fields), { scope: upload.fields.scope, team: upload.fields.team }));
}

/**
 * The preview plus what the real request would do, answered with the status the real request
 * would get (200 instead of 201 or 202), so `curl --fail` in CI fails a dry run that would fail.
 * `wouldAnswer` is 202 when every skill it would store would be proposed for review (`proposed` per item).
 */
export async function dryRunAnswer(viewer: ViewerRef, upload: Upload): Promise<Response> {
  const { preview, planned } = await dryRunUpload(viewer, await readUploadSources(upload.sources, upload.fields), commitInputOf(upload.fields));
  const refusal = planned.refusal;
  const wouldAnswer = refusal
    ? statusOfDataError(({ forbidden: "FORBIDDEN", invalid: "INVALID", missing: "NOT_FOUND", conflict: "CONFLICT" } as const)[refusal.kind])
    : planned.refused.length
      ? 207
      : storedStatus(planned.plan.filter((item) => item.action !== "unchanged").map((item) => !!item.proposed));
  const body: UploadDryRun = { ...preview, dryRun: true, plan: planned.plan, problems: planned.problems, refused: planned.refused, wouldAnswer };
  return json(body, { status: wouldAnswer >= 400 ? wouldAnswer : 200 });
}

/**
 * The status of a request that stored something, from whether each stored skill was proposed:
 * 202 when every one was (nothing changed for agents yet: a review request waits), 201 when at
 * least one was published (the proposed ones carry their `review`), 200 when nothing was stored.
 */
function storedStatus(proposed: boolean[]): 200 | 201 | 202 {
  if (!proposed.length) return 200;
  return proposed.every(Boolean) ? 202 : 201;
}

/**
 * 201 with what was stored (200 when every chosen skill was already exactly there); 202 when every
 * stored skill was proposed for review rather than published, with Location the first request's
 * API URL and `review` on each proposed skill; 207 when some chosen skills were stored and others
 * refused (`refused` says why, per skill). With `atomic`, any refusal refuses everything, so the
 * answer is never 207.
 */
export async function commitAnswer(viewer: ViewerRef, upload: Upload): Promise<Response> {
  const result = await commitUpload(viewer, await readUploadSources(upload.sources, upload.fields), commitInputOf(upload.fields));
  const body: UploadCommitResult = {
    destination: result.destination,
    skills: result.skills.map((skill) => ({
      ...skill,
      links: skillLinks(skill.skillId),
      ...(skill.proposal ? { review: reviewLinks(skill.proposal.requestId) } : {}),
    })),
    refused: result.refused,
  };
  const stored = body.skills.filter((skill) => skill.action !== "unchanged");
  const status = result.refused.length ? 207 : storedStatus(stored.map((skill) => !!skill.review));
  const location = status === 202 ? stored[0].review!.api : stored[0]?.links.api;
  return json(body, { status, headers: location ? { Location: location } : {} });
}
