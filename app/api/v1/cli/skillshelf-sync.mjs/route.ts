import { cliFileResponse } from "@/lib/http/cli-package";
import { rateLimited } from "@/lib/http/rate-limit";

// The sync CLI as one file: `node skillshelf-sync.mjs sync --claude --url <origin>`.

export const dynamic = "force-dynamic";

export const GET = rateLimited((request: Request) => cliFileResponse(request, "script"));
export const HEAD = GET;
