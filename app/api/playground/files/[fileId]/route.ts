import { getViewer } from "@/lib/data/core";
import { openPlaygroundFile } from "@/lib/data/playground";
import { presignedRedirect, untrustedFileHeaders, untrustedNotFound } from "@/lib/http/untrusted-file";

// A playground file (an attachment, or a file a skill_run produced) for its conversation's owner.
// Script output is as untrusted as skill files (see lib/http/untrusted-file.ts). ?inline=1 serves a
// text file as text/plain for the chat's previews.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ fileId: string }> };

export async function GET(request: Request, { params }: Context) {
  const viewer = await getViewer();
  if (!viewer) return untrustedNotFound();
  const { fileId } = await params;
  if (!/^[A-Za-z0-9-]{1,64}$/.test(fileId)) return untrustedNotFound();
  const file = await openPlaygroundFile(viewer, fileId);
  if (!file) return untrustedNotFound();
  const headers = untrustedFileHeaders({
    mediaType: file.mediaType,
    fileName: file.path.split("/").pop() || "download",
    asPlainText: new URL(request.url).searchParams.get("inline") === "1",
  });
  // A stored file never changes (a new run stores a new file with a new id).
  headers.set("Cache-Control", "private, max-age=31536000, immutable");
  const redirect = await presignedRedirect(file.content, headers);
  if (redirect) return redirect;
  const bytes = await file.content.read();
  headers.set("Content-Length", String(bytes.byteLength));
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
