import type { ClawhubSkill, ClawhubVersion, ClawhubVersionDetail } from "@/lib/data/distribution";
import { DataError } from "@/lib/data/errors";
import { getEnv } from "@/lib/env";
import { LATEST_TAG, versionLabel } from "@/lib/skills/clawhub/protocol";
import { errorResponse, HttpError, statusOfDataError } from "./errors";

// What the ClawHub registry answers, in the shapes ClawHub clients read (the clawhub CLI checks
// them with schemas): times in epoch milliseconds, versions as n.0.0, errors as plain text (the
// CLI prints an error body as it is).

/** The registry's base: clients put "api/v1/..." after it. */
export function clawhubApiBase(): string {
  return `${getEnv().authUrl.replace(/\/+$/, "")}/api/clawhub`;
}

/** /.well-known/clawhub.json: where `clawhub --site` finds the registry. */
export function clawhubDiscoveryJson() {
  const site = getEnv().authUrl.replace(/\/+$/, "");
  // The client version the registry was proven with (e2e/clawhub.spec.ts).
  return { apiBase: clawhubApiBase(), authBase: site, minCliVersion: "0.23.3" };
}

const ms = (date: Date) => date.getTime();

export function skillJson(skill: ClawhubSkill) {
  return {
    slug: skill.name,
    displayName: skill.name,
    summary: skill.description,
    // Release labels are the registry's tags; latest is the current version.
    tags: { ...Object.fromEntries(Object.entries(skill.labels).map(([name, n]) => [name, versionLabel(n)])), [LATEST_TAG]: versionLabel(skill.current.number) },
    stats: { versions: skill.versionCount },
    createdAt: ms(skill.createdAt),
    updatedAt: ms(skill.updatedAt),
  };
}

export function versionJson(version: ClawhubVersion, current?: number) {
  const tags = [...(version.number === current ? [LATEST_TAG] : []), ...(version.labels ?? [])];
  return { version: versionLabel(version.number), createdAt: ms(version.createdAt), changelog: version.message, ...(version.labels ? { tags } : {}) };
}

export function ownerJson(skill: ClawhubSkill) {
  return { handle: skill.ownerHandle, displayName: skill.ownerName, image: null };
}

export function moderationJson(skill: ClawhubSkill) {
  const { suspicious, reasonCodes, summary, engineVersion } = skill.moderation;
  // Blocked content never gets into the store (the import gate refuses it), so nothing here is malware-blocked.
  return {
    isSuspicious: suspicious,
    isMalwareBlocked: false,
    verdict: suspicious ? "suspicious" : "clean",
    reasonCodes,
    updatedAt: null,
    engineVersion,
    summary,
  };
}

/** GET skills/{slug}: the skill, its current version, its place and its scan state. */
export function skillDetailJson(skill: ClawhubSkill) {
  return {
    skill: skillJson(skill),
    latestVersion: { ...versionJson({ number: skill.current.number, message: skill.current.message, createdAt: skill.current.createdAt }), license: null },
    metadata: null,
    owner: ownerJson(skill),
    moderation: moderationJson(skill),
  };
}

/** One row of the skills list. */
export function listItemJson(skill: ClawhubSkill) {
  return {
    ...skillJson(skill),
    latestVersion: versionJson({ number: skill.current.number, message: skill.current.message, createdAt: skill.current.createdAt }),
  };
}

export function searchResultJson(skill: ClawhubSkill & { score: number }) {
  return {
    slug: skill.name,
    displayName: skill.name,
    summary: skill.description,
    version: versionLabel(skill.current.number),
    score: skill.score,
    ownerHandle: skill.ownerHandle,
    owner: ownerJson(skill),
    updatedAt: ms(skill.updatedAt),
  };
}

export function versionDetailJson(skill: ClawhubSkill, version: ClawhubVersionDetail) {
  return {
    version: {
      ...versionJson(version),
      license: null,
      files: version.files.map((f) => ({ path: f.path, size: f.size, sha256: f.sha256, contentType: f.mediaType })),
    },
    skill: { slug: skill.name, displayName: skill.name },
  };
}

export function textError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers },
  });
}

/** A refusal's findings and problems, one per line after its message, so the CLI user sees why. */
function detailLines(details: Record<string, unknown> | undefined): string[] {
  const lines: string[] = [];
  for (const key of ["problems", "findings"] as const) {
    const list = details?.[key];
    if (!Array.isArray(list)) continue;
    for (const item of list.slice(0, 20)) {
      const entry = item as { severity?: unknown; path?: unknown; message?: unknown };
      if (typeof entry.message !== "string") continue;
      const where = typeof entry.path === "string" && entry.path ? `${entry.path}: ` : "";
      lines.push(`  - ${typeof entry.severity === "string" ? `${entry.severity}: ` : ""}${where}${entry.message}`);
    }
  }
  return [...new Set(lines)];
}

/** Runs a ClawHub route body: expected refusals answer as plain text with their status. */
export async function handleText(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) return textError(error.status, error.message, error.headers);
    if (error instanceof DataError) return textError(statusOfDataError(error.code), [error.message, ...detailLines(error.details)].join("\n"));
    return errorResponse(error);
  }
}
