import { getEnv } from "@/lib/env";

/** Absolute links to a skill, on the public URL the app is configured with (BETTER_AUTH_URL). */
export function skillLinks(skillId: string, version?: number): { page: string; api: string; download: string } {
  const base = getEnv().authUrl.replace(/\/+$/, "");
  const id = encodeURIComponent(skillId);
  return {
    page: version ? `${base}/skills/${id}/v/${version}` : `${base}/skills/${id}`,
    api: `${base}/api/v1/skills/${id}`,
    download: `${base}/api/v1/skills/${id}/download${version ? `?v=${version}` : ""}`,
  };
}

/** Absolute links to a review request: its web page and its API URL. */
export function reviewLinks(requestId: string): { requestId: string; url: string; api: string } {
  const base = getEnv().authUrl.replace(/\/+$/, "");
  const id = encodeURIComponent(requestId);
  return { requestId, url: `${base}/reviews/${id}`, api: `${base}/api/v1/reviews/${id}` };
}
