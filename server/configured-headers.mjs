// The headers next.config.ts gives a path (its `headers()`: CSP, framing, sniffing, referrer), as
// the build recorded them in routes-manifest.json. The server's own answers (the health check)
// carry them like every answer Next.js gives, from that one definition.

/**
 * @param {{ headers?: Array<{ regex: string, headers: Array<{ key: string, value: string }>, has?: unknown[], missing?: unknown[] }> }} routesManifest
 * @param {string} pathname
 * @returns {Record<string, string>}
 */
export function configuredHeaders(routesManifest, pathname) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const rule of routesManifest.headers ?? []) {
    // Conditional rules (on a header, cookie or query) do not apply to a bare path.
    if (rule.has?.length || rule.missing?.length) continue;
    if (!new RegExp(rule.regex).test(pathname)) continue;
    // A later rule wins, as in Next.js.
    for (const { key, value } of rule.headers) headers[key.toLowerCase()] = value;
  }
  return headers;
}
