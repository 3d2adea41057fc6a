export declare function configuredHeaders(
  routesManifest: { headers?: Array<{ regex: string; headers: Array<{ key: string; value: string }>; has?: unknown[]; missing?: unknown[] }> },
  pathname: string,
): Record<string, string>;
