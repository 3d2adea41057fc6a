import { resolveSkillLabel, type LabelResolution } from "@/lib/data/skills";
import type { ViewerRef } from "@/lib/data/core";
import { labelParam } from "./discovery";
import { HttpError } from "./errors";

// Which version `GET /api/v1/skills/{id}` and its download answer: `?v=n` exactly, else the
// release label asked for (`?label=`), else the token's own label, else the current version.

export interface AskedVersion {
  /** Undefined: the current version. */
  number: number | undefined;
  /** Set when a label chose (or was asked to choose) the version. */
  label: (LabelResolution & { requested: string }) | null;
}

export async function askedVersion(request: Request, viewer: ViewerRef, tokenLabel: string | null | undefined, skillId: string): Promise<AskedVersion> {
  const v = new URL(request.url).searchParams.get("v");
  if (v !== null && !/^[1-9]\d{0,8}$/.test(v)) throw new HttpError(400, "bad_request", "v must be a version number (1, 2, ...).");
  const asked = labelParam(request);
  if (v !== null && asked !== null) throw new HttpError(400, "bad_request", "Ask for a version (v) or a label, not both.");
  if (v !== null) return { number: Number(v), label: null };
  const requested = asked ?? (tokenLabel && tokenLabel !== "latest" ? tokenLabel : null);
  if (requested === null) return { number: undefined, label: null };
  const resolution = await resolveSkillLabel(viewer, skillId, requested);
  return resolution ? { number: resolution.version, label: { ...resolution, requested } } : { number: undefined, label: null };
}

/** Headers that say which label answered, and that it fell back to latest when the skill has no such label. */
export function labelHeaders(label: AskedVersion["label"]): Record<string, string> {
  if (!label) return {};
  return { "X-Skill-Label": label.label, ...(label.fallback ? { "X-Skill-Label-Fallback": `no ${label.requested} label; latest answered` } : {}) };
}
