import { receiveWebhook, WEBHOOK_REFUSED } from "@/lib/data/sources";
import { DataError } from "@/lib/data/errors";
import { readBodyLimited } from "@/lib/http/body";
import { handle, jsonError, json } from "@/lib/http/errors";
import { webhookDelivery } from "@/lib/http/webhook-delivery";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ sourceId: string }> };

// Push payloads are a few KB (GitHub caps them at 25 MB, but a push's refs and commit list stay small).
const WEBHOOK_BODY_MAX_BYTES = 1024 * 1024;
/**
 * POST /api/sources/{id}/webhook: a GitHub or GitLab push. 202 with the sync started, 200 when
 * ignored, 401 alike for an unknown source and a wrong signature, 409 for a delivery already taken.
 */
export async function POST(request: Request, { params }: Context) {
  return handle(async () => {
    const { sourceId } = await params;
    const body = await readBodyLimited(request, WEBHOOK_BODY_MAX_BYTES);
    try {
      const result = await receiveWebhook(sourceId, webhookDelivery(request.headers, body));
      return json(result, { status: result.status === "started" ? 202 : 200 });
    } catch (error) {
      if (error instanceof DataError && error.code === "FORBIDDEN") return jsonError(401, "unauthorized", WEBHOOK_REFUSED);
      if (error instanceof DataError && error.code === "CONFLICT" && error.details?.reason === "webhook-replay")
        return jsonError(409, "replayed_delivery", error.message);
      throw error;
    }
  });
}
