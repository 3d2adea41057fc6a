import { handle } from "@/lib/http/errors";
import { feedResponse } from "@/lib/http/feeds";
import { rateLimited } from "@/lib/http/rate-limit";

// /feeds/<secret>/* (next.config.ts rewrites it here): a delivery link's discovery index and
// artifacts. See lib/http/feeds.ts.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ secret: string; path?: string[] }> };

async function serve(request: Request, { params }: Context): Promise<Response> {
  return handle(async () => {
    const { secret, path } = await params;
    return feedResponse(request, secret, path ?? []);
  });
}

export const GET = rateLimited(serve);
export const HEAD = GET;
