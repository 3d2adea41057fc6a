import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";

// Routes a request to route.ts modules the way Next does (next.config.ts rewrites first, then
// App Router folder patterns), for startTestServer: clients that speak HTTP themselves reach the
// real handlers at their real paths. Tests pass the modules (test support imports no routes).

type Params = Record<string, string | string[]>;
// `never`: every route's own params type accepts it, whatever segments it names.
export type RouteHandler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
export type RouteModule = Partial<Record<"GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE", RouteHandler>>;

/** "/api/skills/[skillId]/files/[...path]" → "/api/skills/:skillId/files/:path+" (what path-to-regexp reads). */
function toPattern(appPath: string): string {
  return appPath
    .replace(/\[\[\.\.\.(\w+)\]\]/g, ":$1*")
    .replace(/\[\.\.\.(\w+)\]/g, ":$1+")
    .replace(/\[(\w+)\]/g, ":$1");
}

/** Fills a rewrite destination's `:name` / `:name*` from the source's match (raw, still percent-encoded). */
function fill(destination: string, params: Params): string {
  return destination.replace(/:(\w+)\*?/g, (_, name: string) => {
    const value = params[name];
    return Array.isArray(value) ? value.join("/") : (value ?? "");
  });
}

export interface RoutedRequest {
  method: string;
  /** The path as the client asked for it, with its query. */
  url: string;
  status: number;
}

/**
 * A handler for startTestServer. `seen` collects every request answered, so a test can count
 * what a client fetched. Unknown paths and methods answer 404 and 405 like Next.
 */
export function routeRequests(
  routes: Record<string, RouteModule>,
  rewrites: readonly { source: string; destination: string }[] = [],
  seen: RoutedRequest[] = [],
): (request: Request) => Promise<Response> {
  const table = Object.entries(routes).map(([appPath, module]) => ({ match: getPathMatch(toPattern(appPath)), module }));
  const rewriters = rewrites.map((rule) => ({ match: getPathMatch(rule.source), destination: rule.destination }));
  return async (request) => {
    const url = new URL(request.url);
    let pathname = url.pathname;
    for (const rule of rewriters) {
      const params = rule.match(pathname);
      if (params) {
        pathname = fill(rule.destination, params);
        break;
      }
    }
    let response = new Response("Not found", { status: 404 });
    for (const route of table) {
      const params = route.match(pathname);
      if (!params) continue;
      const decoded = Object.fromEntries(
        Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.map((s) => decodeURIComponent(s)) : decodeURIComponent(v as string)]),
      );
      const handler = route.module[request.method as keyof RouteModule] ?? (request.method === "HEAD" ? route.module.GET : undefined);
      response = handler ? await handler(request, { params: Promise.resolve(decoded) as Promise<never> }) : new Response("Method not allowed", { status: 405 });
      break;
    }
    seen.push({ method: request.method, url: url.pathname + url.search, status: response.status });
    return response;
  };
}
