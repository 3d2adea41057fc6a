import { createFeedInput } from "@/lib/auth/feed-inputs";
import { createFeed, listFeeds } from "@/lib/data/distribution";
import { authenticate } from "@/lib/http/auth";
import { parseInput, readJsonBody } from "@/lib/http/body";
import { handle, json } from "@/lib/http/errors";
import { feedUrl } from "@/lib/http/feeds";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

// Delivery links hand out reading only, so a read token may make them (unlike tokens, which a
// token may not mint): a link can never do more than the token that made it.

/** GET /api/v1/feeds: the caller's active delivery links (never their secrets). */
export const GET = rateLimited(async (request: Request) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    return json({ feeds: await listFeeds(viewer) });
  });
});

/** POST /api/v1/feeds {name, profile?, team?}: 201 with the link, shown this once, to give `npx skills add`. */
export const POST = rateLimited(async (request: Request) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    const raw = await readJsonBody(request, 16 * 1024, 'Send JSON like {"name": "laptop"}, with "profile" or "team" to narrow the link.');
    const { feed, secret } = await createFeed(viewer, parseInput(createFeedInput, raw));
    return json({ feed, url: feedUrl(secret) }, { status: 201 });
  });
});
