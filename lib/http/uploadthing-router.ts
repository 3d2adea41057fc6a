import { randomBytes } from "node:crypto";
import { createRouteHandler, createUploadthing, UTFiles } from "uploadthing/next";
import { UploadThingError } from "uploadthing/server";
import type { ExpandedRouteConfig } from "uploadthing/types";
import { viewerFromHeaders } from "@/lib/data/core";
import { MAX_UPLOAD_BYTES } from "@/lib/skills/upload/upload";
import { remoteUploadId } from "@/lib/skills/upload/remote-upload-id";
import type { SkillArchiveRouter } from "@/lib/types/uploads";

// The browser half of the uploadthing path: the modal uploads one archive here, then sends its key
// to /api/upload/remote, which fetches it and previews or imports it like a direct upload. Only
// app/api/uploadthing/route.ts loads this module, and only when UPLOADTHING_TOKEN is set; the
// modal imports nothing but the router's type (lib/types/uploads.ts).

// uploadthing's type lists powers of two, but its parser takes any whole number of MB (1024²
// bytes): "26MB" is exactly MAX_UPLOAD_BYTES, the limit of the direct upload routes.
const maxFileSize = `${Math.floor(MAX_UPLOAD_BYTES / (1024 * 1024))}MB` as NonNullable<ExpandedRouteConfig["blob"]>["maxFileSize"];

export function createSkillArchiveRouter() {
  const f = createUploadthing();
  return {
    /** One archive or SKILL.md file of any type: the format core decides what it is, not its MIME type. */
    skillArchive: f({ blob: { maxFileSize, maxFileCount: 1, minFileCount: 1 } }, { awaitServerData: false })
      .middleware(async ({ req, files }) => {
        const viewer = await viewerFromHeaders(req.headers);
        if (!viewer) throw new UploadThingError({ code: "FORBIDDEN", message: "Sign in to upload skills." });
        // The id names its uploader; /api/upload/remote fetches only the caller's own ids.
        return { userId: viewer.id, [UTFiles]: files.map((file) => ({ ...file, customId: remoteUploadId(viewer.id, randomBytes(18).toString("base64url")) })) };
      })
      .onUploadComplete(({ metadata }) => ({ uploadedBy: metadata.userId })),
  } satisfies SkillArchiveRouter;
}

/** The GET and POST handlers of /api/uploadthing for this token. */
export function createUploadthingHandlers(token: string) {
  return createRouteHandler({ router: createSkillArchiveRouter(), config: { token } });
}
