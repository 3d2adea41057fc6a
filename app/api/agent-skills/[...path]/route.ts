import { discoveryArtifactResponse, discoveryIndexResponse, discoveryViewer, wellKnownSource } from "@/lib/http/discovery";
import { handle } from "@/lib/http/errors";
import { rateLimited } from "@/lib/http/rate-limit";

// /.well-known/agent-skills/* (next.config.ts rewrites it here): the discovery index and its
// artifacts, per viewer. See lib/http/discovery.ts.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

async function serve(request: Request, { params }: Context): Promise<Response> {
  return handle(async () => {
    const source = wellKnownSource(request, await discoveryViewer(request));
    const { path } = await params;
    if (path.length === 1 && path[0] === "index.json") return discoveryIndexResponse(request, source);
    return discoveryArtifactResponse(request, source, path);
  });
}

export const GET = rateLimited(serve);
export const HEAD = GET;
