import { getViewer } from "@/lib/data/core";
import { openSkillFile } from "@/lib/data/skills";
import { noteDownload } from "@/lib/data/usage";
import { presignedRedirect, untrustedFileHeaders, untrustedNotFound } from "@/lib/http/untrusted-file";

// The bytes of one file of a skill, for <img> and downloads. Skill files are untrusted: see
// lib/http/untrusted-file.ts for what that means for the response.

export const dynamic = "force-dynamic";

const INLINE_DESTINATIONS = new Set(["image", "style", "script", "font", "video", "audio", "track", "iframe", "embed", "object"]);

type Context = { params: Promise<{ skillId: string; path: string[] }> };

export async function GET(request: Request, { params }: Context) {
  const viewer = await getViewer();
  // Signed out, missing and not visible all look the same.
  if (!viewer) return untrustedNotFound();
  const { skillId, path } = await params;
  const v = new URL(request.url).searchParams.get("v");
  let version: number | undefined;
  if (v !== null) {
    if (!/^[1-9]\d{0,8}$/.test(v)) return untrustedNotFound();
    version = Number(v);
  }
  const file = await openSkillFile(viewer, skillId, path.join("/"), version);
  if (!file) return untrustedNotFound();

  const etag = `"${file.sha256}"`;
  const headers = untrustedFileHeaders({ mediaType: file.mediaType, fileName: path[path.length - 1] ?? "download" });
  // Per user (visibility), and a pinned version's bytes never change; without ?v= the current version can.
  headers.set("Cache-Control", version ? "private, max-age=31536000, immutable" : "private, no-cache");
  headers.set("ETag", etag);
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  // An image the skill page shows is no download; a link followed or a script's fetch is.
  if (!INLINE_DESTINATIONS.has(request.headers.get("sec-fetch-dest") ?? "")) noteDownload(viewer, skillId, file.version, path.join("/"));
  const redirect = await presignedRedirect(file.content, headers);
  if (redirect) return redirect;
  const bytes = await file.content.read();
  headers.set("Content-Length", String(bytes.byteLength));
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
