import { queryUsageAnalytics } from "@/lib/data/usage";
import { authenticate } from "@/lib/http/auth";
import { csvRow } from "@/lib/http/csv";
import { handle, HttpError, json } from "@/lib/http/errors";
import { rateLimited } from "@/lib/http/rate-limit";
import { parseAnalyticsQuery } from "@/lib/skills/usage/analytics-query";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/analytics/skills?from=&to=&team=&skill=&groupBy=day|version|channel&limit=&cursor=
 * (read token): usage counts of the skills the caller may see, a page at a time (`nextCursor`).
 * `format=csv` answers the whole range as one CSV file instead.
 */
export const GET = rateLimited(async (request: Request) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    const parsed = parseAnalyticsQuery(new URL(request.url).searchParams);
    if (!parsed.ok) throw new HttpError(400, "bad_request", Object.values(parsed.problems).join(" "), { fields: parsed.problems });
    const { query } = parsed;
    const { rows, next } = await queryUsageAnalytics(viewer, query);
    if (query.format === "json") return json({ from: query.from, to: query.to, groupBy: query.groupBy, rows, nextCursor: next === null ? null : String(next) });
    const columns = ["skillId", "skill", query.groupBy, "count"] as const;
    const body = csvRow(columns) + rows.map((row) => csvRow(columns.map((c) => row[c]))).join("");
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="skill-usage-${query.from}-${query.to}-by-${query.groupBy}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
});
