import type { AuditFilter } from "@/lib/types/admin";

// The audit trail's filters in a URL: the admin page, its export link and the export route read
// and write them the same way. Validation is the data layer's (lib/data/admin/audit.ts).

export const AUDIT_FILTER_KEYS = ["actor", "skill", "team", "action", "from", "to"] as const satisfies readonly (keyof AuditFilter)[];

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function read(params: Params, key: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

export function auditFilterOf(params: Params): AuditFilter {
  return Object.fromEntries(AUDIT_FILTER_KEYS.flatMap((key) => (read(params, key) ? [[key, read(params, key)]] : [])));
}

export function auditCursorOf(params: Params): string | undefined {
  return read(params, "cursor");
}

/** The query string of a filter (with extra keys such as a cursor or a format), without "?"; empty for none. */
export function auditQuery(filter: AuditFilter, extra: Record<string, string | null | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) if (filter[key]) query.set(key, filter[key]);
  for (const [key, value] of Object.entries(extra)) if (value) query.set(key, value);
  return query.toString();
}
