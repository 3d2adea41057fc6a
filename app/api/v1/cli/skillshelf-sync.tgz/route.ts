import { cliFileResponse } from "@/lib/http/cli-package";
import { rateLimited } from "@/lib/http/rate-limit";

// The sync CLI as an npm package: `npx -y <origin>/api/v1/cli/skillshelf-sync.tgz sync --claude --url <origin>`.

export const dynamic = "force-dynamic";

export const GET = rateLimited((request: Request) => cliFileResponse(request, "tarball"));
export const HEAD = GET;
