import { cliFileResponse } from "@/lib/http/cli-package";

// The sync CLI as one file: `node skillshelf-sync.mjs sync --claude --url <origin>`.

export const dynamic = "force-dynamic";

export const GET = (request: Request) => cliFileResponse(request, "script");
export const HEAD = GET;
