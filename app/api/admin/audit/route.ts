import { exportAuditEvents } from "@/lib/data/admin";
import { viewerFromHeaders } from "@/lib/data/core";
import { auditExportStream } from "@/lib/http/audit-export";
import { auditFilterOf } from "@/lib/audit-query";
import { handle, HttpError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

const TYPES = { csv: "text/csv; charset=utf-8", jsonl: "application/x-ndjson; charset=utf-8" } as const;

/**
 * GET /api/admin/audit?format=csv|jsonl&actor=&skill=&team=&action=&from=&to=: the filtered audit
 * trail, newest first, streamed a page at a time. A signed-in instance admin's session only: 401
 * signed out, 404 for everyone else (the console does not announce itself).
 */
export async function GET(request: Request) {
  return handle(async () => {
    const viewer = await viewerFromHeaders(request.headers);
    if (!viewer) throw new HttpError(401, "unauthorized", "Sign in as an instance admin to export the audit trail.");
    if (viewer.role !== "ADMIN") throw new HttpError(404, "not_found", "Not found.");
    const params = new URL(request.url).searchParams;
    const format = params.get("format") ?? "csv";
    if (format !== "csv" && format !== "jsonl") throw new HttpError(400, "bad_request", "format must be csv or jsonl.");
    const pages = await exportAuditEvents(viewer, auditFilterOf(params));
    const stamp = new Date().toISOString().slice(0, 10);
    return new Response(auditExportStream(pages, format), {
      headers: {
        "Content-Type": TYPES[format],
        "Content-Disposition": `attachment; filename="skillshelf-audit-${stamp}.${format}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
