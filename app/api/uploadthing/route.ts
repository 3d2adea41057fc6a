import type { NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { notFoundResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/**
 * uploadthing's endpoint for the upload modal (lib/http/uploadthing-router.ts). Without
 * UPLOADTHING_TOKEN it answers 404 and neither loads the package nor builds its router.
 */

type Handlers = ReturnType<typeof import("@/lib/http/uploadthing-router").createUploadthingHandlers>;
let cached: { token: string; handlers: Promise<Handlers> } | undefined;

function handlersFor(token: string): Promise<Handlers> {
  if (cached?.token !== token) {
    cached = { token, handlers: import("@/lib/http/uploadthing-router").then((m) => m.createUploadthingHandlers(token)) };
  }
  return cached.handlers;
}

async function answer(request: Request, method: keyof Handlers): Promise<Response> {
  const token = getEnv().UPLOADTHING_TOKEN;
  if (!token) return notFoundResponse("Page");
  return (await handlersFor(token))[method](request as NextRequest);
}

export const GET = (request: Request) => answer(request, "GET");
export const POST = (request: Request) => answer(request, "POST");
