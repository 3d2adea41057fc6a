import "server-only";
import { getEnv } from "@/lib/env";
import { fetchSource } from "@/lib/sources/fetch";
import { checkSourceUrl, plainHttpTokenRefusal, type CheckedSourceUrl } from "@/lib/sources/url";
import { DEFAULT_FETCH_LIMITS, type FetchedSource, type FetchLimits, type SourceSpec } from "@/lib/sources/types";

// Where the data layer meets lib/sources: the fetch under this instance's limits, and the URL
// check with this instance's SOURCES_ALLOW_LOCAL.

/** The fetch's limits: the defaults, never below what one upload may already hold. */
export function fetchLimits(): FetchLimits {
  const { limits } = getEnv();
  return {
    ...DEFAULT_FETCH_LIMITS,
    maxBytes: Math.max(DEFAULT_FETCH_LIMITS.maxBytes, limits.maxTotalBytes),
    maxFiles: Math.max(DEFAULT_FETCH_LIMITS.maxFiles, limits.maxEntries),
  };
}

export function fetchSkillSource(spec: SourceSpec, limits: FetchLimits): Promise<FetchedSource> {
  return fetchSource(spec, limits, { allowLocal: getEnv().SOURCES_ALLOW_LOCAL });
}

/** Why a deploy token may not be kept for `url` (plain http://), or null; SOURCES_ALLOW_LOCAL lets a loopback host take it. */
export function tokenUrlRefusal(url: string): string | null {
  return plainHttpTokenRefusal(url, { allowLocal: getEnv().SOURCES_ALLOW_LOCAL });
}

/** checkSourceUrl with this instance's SOURCES_ALLOW_LOCAL; file:// only for instance admins (`allowFile`). */
export function checkGitUrl(url: string, options: { allowFile: boolean }): Promise<CheckedSourceUrl> {
  return checkSourceUrl(url, { allowFile: options.allowFile, allowLocal: getEnv().SOURCES_ALLOW_LOCAL });
}
