import { dayRange, usageDay } from "./events";

// The analytics API's query string, checked: every problem named with its parameter.

export interface AnalyticsQuery {
  from: string;
  to: string;
  team: string | null;
  skill: string | null;
  groupBy: "day" | "version" | "channel";
  limit: number;
  offset: number;
  format: "json" | "csv";
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_LIMIT = 1000;
/** A CSV export is one response: its rows are capped rather than paged. */
export const CSV_MAX_ROWS = 100_000;

function isDate(value: string): boolean {
  const at = new Date(`${value}T00:00:00.000Z`);
  return DATE.test(value) && !Number.isNaN(at.getTime()) && usageDay(at) === value;
}

/** The query, or the problems by parameter. Defaults: the last 30 days, grouped by day, 100 rows. */
export function parseAnalyticsQuery(
  params: URLSearchParams,
  now = new Date(),
): { ok: true; query: AnalyticsQuery } | { ok: false; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const from = params.get("from") ?? dayRange(now, 30)[0];
  const to = params.get("to") ?? usageDay(now);
  if (!isDate(from)) problems.from = "from must be a date, YYYY-MM-DD.";
  if (!isDate(to)) problems.to = "to must be a date, YYYY-MM-DD.";
  if (!problems.from && !problems.to && from > to) problems.from = "from must not be after to.";
  const groupBy = params.get("groupBy") ?? "day";
  if (groupBy !== "day" && groupBy !== "version" && groupBy !== "channel") problems.groupBy = "groupBy must be day, version or channel.";
  const format = params.get("format") ?? "json";
  if (format !== "json" && format !== "csv") problems.format = "format must be json or csv.";
  const limitText = params.get("limit") ?? "100";
  const limit = /^\d{1,4}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) problems.limit = `limit must be a whole number from 1 to ${MAX_LIMIT}.`;
  const cursor = params.get("cursor");
  const offset = cursor === null ? 0 : /^\d{1,9}$/.test(cursor) ? Number(cursor) : NaN;
  if (Number.isNaN(offset)) problems.cursor = "cursor must be the nextCursor of a previous page.";
  const id = (key: "team" | "skill") => {
    const value = params.get(key);
    if (value !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(value)) problems[key] = `${key} must be a ${key} id.`;
    return value;
  };
  const team = id("team");
  const skill = id("skill");
  if (Object.keys(problems).length) return { ok: false, problems };
  return {
    ok: true,
    query: {
      from,
      to,
      team,
      skill,
      groupBy: groupBy as AnalyticsQuery["groupBy"],
      limit: format === "csv" ? CSV_MAX_ROWS : limit,
      offset,
      format: format as AnalyticsQuery["format"],
    },
  };
}
