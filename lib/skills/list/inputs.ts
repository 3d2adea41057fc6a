import { z } from "zod";

const one = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const optionalId = z.preprocess(one, z.string().trim().min(1).max(64).optional().catch(undefined));

export const skillListSorts = ["relevance", "updated", "name", "tokens", "size", "used", "trending"] as const;
export type SkillListSort = (typeof skillListSorts)[number];

/** The skill list's URL state; anything malformed falls back to the default view. */
export const skillListParams = z.object({
  scope: z.preprocess(one, z.enum(["all", "personal", "team", "public", "builtin"]).catch("all")).default("all"),
  team: optionalId,
  q: z.preprocess(one, z.string().trim().max(200).optional().catch(undefined)).transform((q) => q || undefined),
  /** Unset means the default: best match for a search, most recently updated otherwise. */
  sort: z.preprocess(one, z.enum(skillListSorts).optional().catch(undefined)),
  /** Author of the current version (a user id). */
  author: optionalId,
  warnings: z.preprocess(one, z.enum(["with", "without"]).optional().catch(undefined)),
  /** Only skills with this tag. */
  tag: z.preprocess(one, z.string().trim().toLowerCase().min(1).max(64).optional().catch(undefined)),
  /** Only skills the viewer starred ("starred=1"). */
  starred: z.preprocess(one, z.enum(["1", "true"]).optional().catch(undefined)).transform((value) => value !== undefined),
  /** Only archived skills ("archived=1"); they are left out of the list otherwise. */
  archived: z.preprocess(one, z.enum(["1", "true"]).optional().catch(undefined)).transform((value) => value !== undefined),
  /** Only skills nobody loaded in the last 30 days ("unused=30"). */
  unused: z.preprocess(one, z.enum(["30"]).optional().catch(undefined)),
  view: z.preprocess(one, z.enum(["cards", "rows"]).catch("cards")).default("cards"),
  page: z.preprocess(one, z.coerce.number().int().min(1).max(10_000).catch(1)).default(1),
});
export type SkillListParams = z.infer<typeof skillListParams>;
