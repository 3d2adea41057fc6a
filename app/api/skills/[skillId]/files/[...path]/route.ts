import { getViewer } from "@/lib/data/session";
import { readSkillFile } from "@/lib/data/skills";
import { attachmentDisposition } from "@/lib/http/content-disposition";
import { isTextMediaType } from "@/lib/skills/format/media-type";

// The bytes of one file of a skill, for <img> and downloads. Skill files are untrusted, so the
// response can never become a page of this origin: always an attachment, never sniffed, and
// sandboxed with no sources should a browser render it anyway. The media type comes from the
// bytes (lib/skills/format/media-type.ts), so SVG is only ever shown through <img>, where it cannot run.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ skillId: string; path: string[] }> };

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" },
  });
}

export async function GET(request: Request, { params }: Context) {
  const viewer = await getViewer();
  // Signed out, missing and not visible all look the same.
  if (!viewer) return notFound();
  const { skillId, path } = await params;
  const v = new URL(request.url).searchParams.get("v");
  let version: number | undefined;
  if (v !== null) {
    if (!/^[1-9]\d{0,8}$/.test(v)) return notFound();
    version = Number(v);
  }
  const file = await readSkillFile(viewer, skillId, path.join("/"), version);
  if (!file) return notFound();

  const etag = `"${file.sha256}"`;
  const headers = new Headers({
    "Content-Type": isTextMediaType(file.mediaType) ? `${file.mediaType}; charset=utf-8` : file.mediaType,
    "Content-Disposition": attachmentDisposition(path[path.length - 1] ?? "download"),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Referrer-Policy": "no-referrer",
    // Per user (visibility), and a pinned version's bytes never change; without ?v= the current version can.
    "Cache-Control": version ? "private, max-age=31536000, immutable" : "private, no-cache",
    ETag: etag,
  });
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(file.bytes.byteLength));
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
