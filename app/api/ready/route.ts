import { checkReadiness } from "@/lib/data/platform";

export const dynamic = "force-dynamic";

// Readiness for a load balancer: 503 while the database or the blob store does not answer, and
// while the instance is shutting down (`npm start`'s server answers that case itself, before the app).
export async function GET() {
  const readiness = await checkReadiness();
  return Response.json(readiness, { status: readiness.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
