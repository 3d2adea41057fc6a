// URLs of the skill list. Its whole state lives in the query string, so a link reproduces the
// view; these keep that string short (defaults left out) and stable (one key order).
import type { SkillListParams, SkillListSort } from "./inputs";

type Changes = Partial<{ [K in keyof SkillListParams]: SkillListParams[K] | undefined }>;

/** The sort in effect: an explicit one, or best match for a search and most recent otherwise. */
export function effectiveSort(params: { q?: string; sort?: SkillListSort }): SkillListSort {
  if (params.sort === "relevance" && !params.q) return "updated";
  return params.sort ?? (params.q ? "relevance" : "updated");
}

/**
 * The list's URL with some of its state changed. Any change other than the page itself starts
 * again at page 1, and a scope change forgets the team unless it names one.
 */
export function skillListHref(current: SkillListParams, changes: Changes = {}): string {
  const next = { ...current, page: 1, ...changes };
  if ("scope" in changes && !("team" in changes)) next.team = undefined;
  if (next.scope !== "team") next.team = undefined;
  const query = new URLSearchParams();
  if (next.scope && next.scope !== "all") query.set("scope", next.scope);
  if (next.team) query.set("team", next.team);
  if (next.q) query.set("q", next.q);
  if (next.author) query.set("author", next.author);
  if (next.warnings) query.set("warnings", next.warnings);
  if (next.tag) query.set("tag", next.tag);
  if (next.starred) query.set("starred", "1");
  if (next.archived) query.set("archived", "1");
  if (next.unused) query.set("unused", next.unused);
  // A sort that equals the default for this query is left out, so clearing the search box
  // does not leave "sort=relevance" behind.
  if (next.sort && next.sort !== effectiveSort({ q: next.q, sort: undefined })) query.set("sort", next.sort);
  if (next.view && next.view !== "cards") query.set("view", next.view);
  if (next.page && next.page > 1) query.set("page", String(next.page));
  const text = query.toString();
  return text ? `/skills?${text}` : "/skills";
}

/**
 * The page numbers to show around the current one: always the first and last, the current with
 * `radius` neighbours, and null where a gap is elided ("1 … 4 5 6 … 20").
 */
export function pageWindow(current: number, pages: number, radius = 1): (number | null)[] {
  if (pages <= 1) return [1];
  const shown = new Set<number>([1, pages]);
  for (let n = current - radius; n <= current + radius; n++) if (n >= 1 && n <= pages) shown.add(n);
  // A gap of one page is shown as that page: "1 2 3" reads better than "1 … 3".
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [i, n] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) result.push(null);
    result.push(n);
  }
  return result;
}
