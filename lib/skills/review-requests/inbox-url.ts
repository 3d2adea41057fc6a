import { z } from "zod";

// The review inbox's URL state (/reviews?box=&state=&skill=&page=) and the links between its
// views. Pure: the page parses with it, the tabs and pagination build links with it.

const one = (value: unknown) => (Array.isArray(value) ? value[0] : value);

export const REVIEW_BOXES = ["for-me", "mine", "all"] as const;
export const REVIEW_STATES = ["open", "merged", "withdrawn", "all"] as const;

/** Anything malformed falls back to the default view: open requests waiting for me. */
export const reviewInboxParams = z.object({
  box: z.preprocess(one, z.enum(REVIEW_BOXES).catch("for-me")).default("for-me"),
  state: z.preprocess(one, z.enum(REVIEW_STATES).catch("open")).default("open"),
  /** One skill's requests (the skill page's "3 proposals open" links here). */
  skill: z.preprocess(one, z.string().trim().min(1).max(100).optional().catch(undefined)),
  page: z.preprocess(one, z.coerce.number().int().min(1).max(10_000).catch(1)).default(1),
});
export type ReviewInboxParams = z.infer<typeof reviewInboxParams>;

/**
 * The inbox's URL with some of its state changed. Any change but the page starts at page 1;
 * defaults are left out so the plain /reviews is the "waiting for me" view.
 */
export function reviewInboxHref(current: ReviewInboxParams, changes: Partial<ReviewInboxParams> = {}): string {
  const next = { ...current, page: 1, ...changes };
  const query = new URLSearchParams();
  if (next.box !== "for-me") query.set("box", next.box);
  if (next.state !== "open") query.set("state", next.state);
  if (next.skill) query.set("skill", next.skill);
  if (next.page > 1) query.set("page", String(next.page));
  const search = query.toString();
  return search ? `/reviews?${search}` : "/reviews";
}

/** Where the skill page's "N proposals open" points: the one request, or the inbox filtered to the skill. */
export function skillProposalsHref(skillId: string, open: readonly { id: string }[]): string | null {
  if (open.length === 0) return null;
  if (open.length === 1) return `/reviews/${encodeURIComponent(open[0].id)}`;
  return reviewInboxHref({ box: "all", state: "open", skill: skillId, page: 1 });
}

/** The header's title text for the inbox counts. */
export function inboxCountTitle(counts: { forMe: number; mine: number; changesRequested?: number }): string {
  const forMe = counts.forMe === 1 ? "1 request waits for your review" : `${counts.forMe} requests wait for your review`;
  const mine = counts.mine === 1 ? "1 of yours is open" : `${counts.mine} of yours are open`;
  const changes = counts.changesRequested ? ` (changes requested on ${counts.changesRequested})` : "";
  return `Review requests: ${forMe}; ${mine}${changes}`;
}
