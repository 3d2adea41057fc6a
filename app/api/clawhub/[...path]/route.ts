import { clawhubRoute } from "@/lib/http/clawhub";
import { rateLimited } from "@/lib/http/rate-limit";

// The ClawHub-compatible registry (lib/http/clawhub.ts), rate limited like the rest of the API.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

async function serve(request: Request, { params }: Context): Promise<Response> {
  return clawhubRoute(request, (await params).path);
}

export const GET = rateLimited(serve);
export const POST = rateLimited(serve);
