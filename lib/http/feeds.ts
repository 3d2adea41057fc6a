import { getEnv } from "@/lib/env";
import { checkFeedSecret, recordFeedDownload } from "@/lib/data/distribution";
import { noteInstall } from "@/lib/data/usage";
import { FEED_PATH, feedLink } from "@/lib/skills/archive/feed-commands";
import { discoveryArtifactResponse, discoveryIndexResponse, type DeliverySource } from "./discovery";
import { HttpError, json } from "./errors";

// A delivery link: the discovery index and its artifacts under /feeds/<secret>/, for clients that
// send no Authorization header (`npx skills add https://host/feeds/<secret>`):
//   GET /feeds/<secret>/.well-known/agent-skills/index.json      the index, URLs relative to it
//   GET /feeds/<secret>/.well-known/agent-skills/<name>.zip      an archive artifact
//   GET /feeds/<secret>/.well-known/agent-skills/<name>/<path>   a file (the v0.1 clients' way)
//   GET /feeds/<secret>                                          what the link is (or why it no longer works)
// `.well-known/skills/` (the path older clients tried first) serves the same. next.config.ts
// rewrites these to app/api/feeds/[secret]/[[...path]] (lib/http/rewrites.ts).

/** The link a client is given, on the public URL the app is configured with (BETTER_AUTH_URL). */
export function feedUrl(secret: string): string {
  return feedLink(getEnv().authUrl, secret);
}

// Revoked and withdrawn links say so (whoever pasted one must learn to ask for a new one); an
// unknown secret says nothing more than that. None of them names the link or its owner.
async function feedSource(secret: string): Promise<DeliverySource> {
  const check = await checkFeedSecret(secret);
  if (check.ok) {
    const { feedId, viewer, options } = check;
    return {
      viewer,
      options,
      urls: "relative",
      record: (skill) => recordFeedDownload(feedId, viewer, skill.skillId, skill.version),
      note: (skill) => noteInstall(viewer, skill.skillId, skill.version, "feed", `feed:${feedId}`),
    };
  }
  if (check.reason === "revoked")
    throw new HttpError(
      410,
      "revoked",
      `This delivery link was revoked on ${check.revokedAt.toISOString().slice(0, 10)}. Ask its owner for a new link, then run skills add with it.`,
    );
  if (check.reason === "withdrawn") throw new HttpError(403, "forbidden", check.message);
  throw new HttpError(404, "not_found", "No such delivery link. Check that it was copied whole.");
}

/** An answer below /feeds/<secret>/ (the segments after the secret, the well-known prefix included). */
export async function feedResponse(request: Request, secret: string, segments: readonly string[]): Promise<Response> {
  const source = await feedSource(secret);
  if (segments.length === 0)
    return json({
      message: "A Skillshelf delivery link. Install its skills with: npx skills add <this URL>",
      index: `${FEED_PATH}/${secret}/.well-known/agent-skills/index.json`,
    });
  const [dot, kind, ...rest] = segments;
  if (dot !== ".well-known" || (kind !== "agent-skills" && kind !== "skills") || rest.length === 0)
    throw new HttpError(404, "not_found", "No such skill or file in this index.");
  if (rest.length === 1 && rest[0] === "index.json") return discoveryIndexResponse(request, source);
  return discoveryArtifactResponse(request, source, rest);
}
