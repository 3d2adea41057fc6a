import { z } from "zod";
import { listSkills } from "@/lib/data/skills";
import { authenticate } from "@/lib/http/auth";
import { handle, HttpError, json } from "@/lib/http/errors";
import { skillSummaryJson } from "@/lib/http/skill-json";
import { readUploadRequest } from "@/lib/http/upload-form";
import { commitAnswer, dryRunAnswer } from "@/lib/http/uploads";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

const listQuery = z.object({
  scope: z.enum(["all", "personal", "team", "public", "builtin"], "scope must be all, personal, team, public or builtin").default("all"),
  team: z.string().trim().min(1).max(64).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
  archived: z.enum(["true", "false"]).default("false"),
});

/** GET /api/v1/skills?scope=&team=&q=&page=&pageSize=: the skills the caller may see, one page. */
export const GET = rateLimited(async (request: Request) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    const query = listQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new HttpError(400, "bad_request", z.prettifyError(query.error));
    const { scope, team, q, page, pageSize, archived } = query.data;
    const result = await listSkills(viewer, { scope, teamId: team, q: q || undefined, page, pageSize, includeArchived: archived === "true" });
    return json({ items: result.items.map(skillSummaryJson), total: result.total, page: result.page, pageSize: result.pageSize });
  });
});

/**
 * POST /api/v1/skills (multipart): publish from scripts and CI with a token of the publish scope
 * (or a session). `dryRun=true` answers the preview and what would happen; otherwise imports.
 */
export const POST = rateLimited(async (request: Request) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "publish", session: true });
    const upload = await readUploadRequest(request);
    return upload.fields.dryRun ? dryRunAnswer(viewer, upload) : commitAnswer(viewer, upload);
  });
});
