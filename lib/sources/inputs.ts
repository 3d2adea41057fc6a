import { z } from "zod";

// A skill source's settings as forms, routes and the data layer check them (one rule, three
// callers). The URL itself is checked by checkSourceUrl (./url.ts), which needs the network.

/** How often a source may sync on its own, in minutes; null: on demand and by webhook only. */
export const SYNC_INTERVALS = [15, 60, 360, 1440] as const;
export type SyncInterval = (typeof SYNC_INTERVALS)[number];

const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/**
 * A branch, tag or commit as git accepts it on a command line: no leading dash (it would read as
 * an option), no "..", no spaces or control characters, no trailing "/" or ".lock".
 */
const REF = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*\/$)(?!.*\.lock$)[A-Za-z0-9._/@+-]{1,200}$/;
export const REF_MESSAGE = 'A branch, tag or commit such as "main", "v1.2" or a commit sha: letters, digits and . _ / @ + - (no "..", no leading "-").';

export const sourceRef = z.preprocess(blankToNull, z.string().trim().regex(REF, REF_MESSAGE).nullable());

/** "skills", "/skills/" and "skills/" are the same folder; "" or "/" is the whole repository (null). */
export const sourceSubdir = z.preprocess(
  (value) => (typeof value === "string" ? blankToNull(value.trim().replace(/^\/+|\/+$/g, "")) : value),
  z
    .string()
    .max(500, "Keep the folder path under 500 characters.")
    .refine((path) => path.split("/").every((part) => part !== "" && part !== "." && part !== ".."), {
      message: 'The folder is a path inside the repository such as "skills" or "agents/skills", without "." or ".." parts.',
    })
    .refine((path) => !/[\u0000-\u001f\u007f\\]/.test(path), { message: "The folder path may not hold control characters or backslashes." })
    .nullable(),
);

export const syncInterval = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" || value === "off" ? null : Number(value)) : value),
  z
    .number()
    .refine((n): n is SyncInterval => (SYNC_INTERVALS as readonly number[]).includes(n), {
      message: "Sync every 15 minutes, hourly, every 6 hours or daily, or never.",
    })
    .nullable(),
);

/** A deploy token or password: printable, no spaces (it goes into an HTTP header). */
export const sourceToken = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(1000, "A token is at most 1,000 characters.")
    .regex(/^[\x21-\x7e]+$/, "A token is printable characters without spaces.")
    .nullable(),
);

export const sourceInput = z.object({
  kind: z.enum(["git", "folder"], 'The kind is "git" or "folder".'),
  url: z.string().trim().min(1, "Enter the repository URL (or, for a folder source, the folder's path on the server).").max(2048, "The URL is too long."),
  ref: sourceRef.optional(),
  subdir: sourceSubdir.optional(),
  destination: z.object({
    scope: z.enum(["PERSONAL", "TEAM", "PUBLIC"], "Choose where the skills go: personal, a team, or public."),
    teamId: z.string().trim().max(64).nullable().optional(),
  }),
  intervalMinutes: syncInterval.optional(),
  token: sourceToken.optional(),
});

/** Undefined keeps a setting; null clears it (the token, the ref, the folder, the schedule). */
export const sourceUpdateInput = z.object({
  ref: sourceRef.optional(),
  subdir: sourceSubdir.optional(),
  intervalMinutes: syncInterval.optional(),
  token: sourceToken.optional(),
});
