/**
 * Whether an If-None-Match header names this entity tag (RFC 9110 §13.1.2: weak comparison, a
 * list of tags, or "*").
 */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return header.split(",").some((candidate) => candidate.trim() === "*" || opaque(candidate) === wanted);
}
