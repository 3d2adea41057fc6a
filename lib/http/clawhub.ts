import { z } from "zod";
import {
  getClawhubSkill,
  getClawhubVersion,
  listClawhubSkills,
  listClawhubVersions,
  matchClawhubVersion,
  searchClawhubSkills,
  clawhubWhoami,
  type ClawhubSkill,
} from "@/lib/data/distribution";
import { issueUploadTicket, publishClawhubSkill, stageUpload } from "@/lib/data/distribution";
import { readSkillFile } from "@/lib/data/skills";
import { getEnv } from "@/lib/env";
import { parseVersionLabel, readTagProblem, versionLabel } from "@/lib/skills/clawhub/protocol";
import { isTextMediaType } from "@/lib/skills/format/media-type";
import { authenticate } from "./auth";
import { parseInput, readBodyLimited, readJsonBody } from "./body";
import {
  clawhubApiBase,
  handleText,
  listItemJson,
  moderationJson,
  searchResultJson,
  skillDetailJson,
  textError,
  versionDetailJson,
  versionJson,
} from "./clawhub-json";
import { attachmentDisposition } from "./content-disposition";
import { HttpError, json } from "./errors";
import { versionZipResponse } from "./skill-zip";

// The ClawHub-compatible registry under /api/clawhub (announced by /.well-known/clawhub.json):
// `clawhub --site https://host` or CLAWHUB_REGISTRY=https://host/api/clawhub, a personal access
// token as its bearer token. The client asks for "api/v1/<route>" under the base; this routes them.

const slugSchema = z.string().trim().min(1).max(64);
const handleParam = (url: URL) => url.searchParams.get("ownerHandle")?.trim() || null;
const limitParam = (url: URL, fallback: number, max: number) => {
  const raw = url.searchParams.get("limit");
  const limit = raw === null ? fallback : Number(raw);
  if (!Number.isSafeInteger(limit) || limit < 1) throw new HttpError(400, "bad_request", "limit must be a whole number of at least 1.");
  return Math.min(limit, max);
};

const notFoundSkill = () => textError(404, "Skill not found");

async function skillOr404(viewer: { id: string }, slug: string, url: URL): Promise<ClawhubSkill | null> {
  const parsed = slugSchema.safeParse(slug);
  return parsed.success ? getClawhubSkill(viewer, parsed.data, handleParam(url)) : null;
}

/**
 * The version a request names (`version=`, or `tag=`: latest or a release label), the current one without
 * either; a refusal Response when it names none that exists.
 */
async function pickVersion(viewer: { id: string }, skill: ClawhubSkill, version: string | null, tag: string | null): Promise<number | Response> {
  if (version !== null && tag !== null) return textError(400, "Ask for a version or a tag, not both.");
  if (tag !== null) {
    const problem = readTagProblem(tag, skill.labels);
    return problem ? textError(404, problem) : (skill.labels[tag] ?? skill.current.number);
  }
  if (version === null) return skill.current.number;
  const number = parseVersionLabel(version);
  const exists = number !== null && (await getClawhubVersion(viewer, skill.id, number));
  if (!exists || number === null)
    return textError(
      404,
      `Version ${version} of ${skill.name} not found: its versions are ${versionLabel(1)} to ${versionLabel(skill.current.number)} (v1 to v${skill.current.number}), where published.`,
    );
  return number;
}

const SORTS = { updated: "updated", createdAt: "created", name: "name" } as const;

async function get(request: Request, route: string[]): Promise<Response> {
  const { viewer } = await authenticate(request, { scope: "read", session: false });
  const url = new URL(request.url);
  const [head, slug, sub, arg, ...rest] = route;
  if (rest.length) return textError(404, "No such route.");

  if (head === "whoami" && !slug) {
    const me = await clawhubWhoami(viewer);
    return json({ user: { handle: me.handle, displayName: me.displayName, image: null, role: me.role } });
  }
  if (head === "search" && !slug) {
    const q = url.searchParams.get("q")?.trim();
    if (!q) throw new HttpError(400, "bad_request", "q is required: what to search for.");
    const found = await searchClawhubSkills(viewer, q.slice(0, 200), { limit: limitParam(url, 25, 100), exact: url.searchParams.get("mode") === "exact" });
    return json({ results: found.map(searchResultJson) });
  }
  if (head === "resolve" && !slug) {
    const hash = url.searchParams.get("hash")?.trim() ?? "";
    if (!/^[0-9a-f]{64}$/i.test(hash)) throw new HttpError(400, "bad_request", "hash must be the folder's fingerprint: 64 hex digits.");
    const skill = await skillOr404(viewer, url.searchParams.get("slug") ?? "", url);
    if (!skill) return notFoundSkill();
    const match = await matchClawhubVersion(viewer, skill.id, hash);
    return json({ match: match === null ? null : { version: versionLabel(match) }, latestVersion: { version: versionLabel(skill.current.number) } });
  }
  if (head === "download" && !slug) {
    const skill = await skillOr404(viewer, url.searchParams.get("slug") ?? "", url);
    if (!skill) return notFoundSkill();
    const picked = await pickVersion(viewer, skill, url.searchParams.get("version"), url.searchParams.get("tag"));
    if (picked instanceof Response) return picked;
    return versionZipResponse(request, viewer, skill.id, picked, { root: true, via: "clawhub", notFound: notFoundSkill });
  }
  if (head !== "skills") return textError(404, "No such route.");

  if (!slug) {
    const sort = url.searchParams.get("sort") ?? "updated";
    if (!(sort in SORTS))
      throw new HttpError(
        400,
        "bad_request",
        `sort ${sort} is not supported: use updated, createdAt or name (downloads, stars and installs are not counted here).`,
      );
    const page = await listClawhubSkills(viewer, {
      limit: limitParam(url, 25, 200),
      cursor: url.searchParams.get("cursor"),
      sort: SORTS[sort as keyof typeof SORTS],
      prefix: url.searchParams.get("prefix")?.trim() || null,
    });
    return json({ items: page.items.map(listItemJson), nextCursor: page.nextCursor });
  }
  const skill = await skillOr404(viewer, slug, url);
  if (!skill) return notFoundSkill();
  if (!sub) return json(skillDetailJson(skill));
  if (sub === "moderation" && !arg) return json({ moderation: { ...moderationJson(skill), evidence: [] } });
  if (sub === "versions" && !arg) {
    const page = await listClawhubVersions(viewer, skill.id, { limit: limitParam(url, 25, 200), cursor: url.searchParams.get("cursor") });
    return json({ items: page.items.map((version) => versionJson(version, skill.current.number)), nextCursor: page.nextCursor });
  }
  if (sub === "versions" && arg) {
    const number = parseVersionLabel(arg);
    const version = number === null ? null : await getClawhubVersion(viewer, skill.id, number);
    return version ? json(versionDetailJson(skill, version)) : textError(404, `Version ${arg} of ${skill.name} not found.`);
  }
  if (sub === "file" && !arg) {
    const path = url.searchParams.get("path") ?? "";
    const picked = await pickVersion(viewer, skill, url.searchParams.get("version"), url.searchParams.get("tag"));
    if (picked instanceof Response) return picked;
    const file = path ? await readSkillFile(viewer, skill.id, path, picked) : null;
    if (!file) return textError(404, `${path || "(no path)"} is not a file of ${skill.name} ${versionLabel(picked)}.`);
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        // Never rendered by a browser from this origin: a skill's HTML stays text.
        "Content-Type": isTextMediaType(file.mediaType) ? "text/plain; charset=utf-8" : "application/octet-stream",
        "Content-Disposition": attachmentDisposition(path.split("/").pop() ?? "file"),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  return textError(404, "No such route.");
}

const JSON_LIMIT = 4 * 1024 * 1024;

const jsonBody = (request: Request) => readJsonBody(request, JSON_LIMIT, "The body is not JSON.");

const uploadUrlInput = z.object({ path: z.string().min(1).max(1024), size: z.number().int().min(0), sha256: z.string(), contentType: z.string().optional() });

const publishInput = z.object({
  slug: slugSchema,
  displayName: z.string().optional(),
  ownerHandle: z.string().trim().max(320).optional(),
  version: z.string().trim().min(1).max(64),
  changelog: z.string().max(10_000).default(""),
  tags: z.array(z.string().trim().min(1).max(64)).max(20).default([]),
  files: z
    .array(z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string(), storageId: z.string().max(4096) }))
    .min(1)
    .max(10_000),
});

async function post(request: Request, route: string[]): Promise<Response> {
  const { viewer } = await authenticate(request, { scope: "publish", session: false });
  const key = route.join("/");
  if (key === "skills/-/upload-url") {
    const input = parseInput(uploadUrlInput, await jsonBody(request));
    const ticket = await issueUploadTicket(viewer, input);
    return json({ uploadUrl: `${clawhubApiBase()}/api/v1/skills/-/upload?ticket=${encodeURIComponent(ticket)}`, uploadTicket: ticket });
  }
  if (key === "skills/-/upload") {
    const ticket = new URL(request.url).searchParams.get("ticket") ?? "";
    const bytes = await readBodyLimited(request, getEnv().limits.maxFileBytes);
    return json({ storageId: await stageUpload(viewer, ticket, bytes) });
  }
  if (key === "skills") {
    const input = parseInput(publishInput, await jsonBody(request));
    const result = await publishClawhubSkill(viewer, { ...input, ownerHandle: input.ownerHandle || null });
    return json(
      {
        ok: true,
        skillId: result.skillId,
        versionId: result.versionId,
        slug: result.slug,
        version: result.version,
        status: result.status,
        publicationStatus: result.status,
        ...(result.proposal ? { review: result.proposal } : {}),
      },
      { status: result.status === "pending" ? 202 : 201 },
    );
  }
  return textError(404, "No such route.");
}

/** Answers a request for `/api/clawhub/<path>`: only `api/v1/...` exists. */
export async function clawhubRoute(request: Request, path: string[]): Promise<Response> {
  return handleText(async () => {
    if (path[0] !== "api" || path[1] !== "v1") return textError(404, "No such route: the registry's routes are under api/v1/.");
    const route = path.slice(2);
    if (request.method === "GET") return get(request, route);
    if (request.method === "POST") return post(request, route);
    return textError(405, "Method not allowed.", { Allow: "GET, POST" });
  });
}
