import "server-only";
import { getEnv } from "@/lib/env";
import { DEFAULT_FETCH_LIMITS, SourceFetchError, type FetchedSource, type FetchLimits, type SourceSpec } from "@/lib/sources/types";

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

export async function fetchSkillSource(spec: SourceSpec, limits: FetchLimits): Promise<FetchedSource> {
  void spec;
  void limits;
  throw new SourceFetchError("git-failed", "Fetching sources is not available in this build yet.");
}

export type UrlCheck = { ok: true; url: string; host: string } | { ok: false; message: string };

export async function checkGitUrl(url: string, options: { allowFile: boolean }): Promise<UrlCheck> {
  void getEnv().SOURCES_ALLOW_LOCAL;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: "Enter the repository's URL, such as https://github.com/org/skills.git." };
  }
  if (parsed.protocol === "file:" && !options.allowFile) return { ok: false, message: "file:// URLs are for instance admins only." };
  return { ok: true, url, host: parsed.host };
}
