import { getViewer } from "@/lib/data/session";
import { readPlaygroundFile } from "@/lib/data/playground-files";
import { attachmentDisposition } from "@/lib/http/content-disposition";
import { isTextMediaType } from "@/lib/skills/format/media-type";

// A playground file (an attachment, or a file a skill_run produced) for its conversation's owner.
// Script output is as untrusted as skill files: never a page of this origin (attachment, nosniff,
// sandboxed), the media type sniffed from the bytes, so an SVG chart only ever shows through <img>.
// ?inline=1 serves a text file as text/plain for the chat's previews.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ fileId: string }> };

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" },
  });
}

export async function GET(request: Request, { params }: Context) {
  const viewer = await getViewer();
  // Signed out, someone else's and gone all look the same.
  if (!viewer) return notFound();
  const { fileId } = await params;
  if (!/^[A-Za-z0-9-]{1,64}$/.test(fileId)) return notFound();
  const file = await readPlaygroundFile(viewer, fileId);
  if (!file) return notFound();
  const text = isTextMediaType(file.mediaType);
  const inline = new URL(request.url).searchParams.get("inline") === "1" && text;
  const headers = new Headers({
    "Content-Type": inline ? "text/plain; charset=utf-8" : text ? `${file.mediaType}; charset=utf-8` : file.mediaType,
    "Content-Disposition": attachmentDisposition(file.path.split("/").pop() || "download"),
    "Content-Length": String(file.bytes.byteLength),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Referrer-Policy": "no-referrer",
    // A stored file never changes (a new run stores a new file with a new id).
    "Cache-Control": "private, max-age=31536000, immutable",
  });
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
