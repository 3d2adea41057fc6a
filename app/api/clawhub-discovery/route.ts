import { clawhubDiscoveryJson } from "@/lib/http/clawhub-json";
import { json } from "@/lib/http/errors";
import { rateLimited } from "@/lib/http/rate-limit";

// /.well-known/clawhub.json (and the older clawdhub.json; next.config.ts rewrites both here):
// where `clawhub --site` finds the registry. Public: it names only URLs.

export const dynamic = "force-dynamic";

export const GET = rateLimited(async () => json(clawhubDiscoveryJson()));
