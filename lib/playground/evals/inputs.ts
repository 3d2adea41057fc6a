import { z } from "zod";
import { SPEC_LIMITS } from "../../skills/format/limits";
import { MAX_TRIGGER_QUERY_CHARS, MAX_TRIGGER_TESTS } from "../../skills/format/trigger-tests";

// What a trigger-test run is asked with, from the skill page, the editor, the HTTP API or the CLI:
// one schema, so each says the same thing about the same mistake.

const id = (what: string) => z.string().trim().min(1, `${what} not found.`).max(100, `${what} not found.`);
const versionNumber = z.number("A version is a number (1, 2, ...).").int("A version is a whole number.").min(1, "Versions start at 1.");

export const evalCatalogInput = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("all") }),
    z.object({ kind: z.literal("team"), teamId: id("Team") }),
    z.object({ kind: z.literal("profile"), profileId: id("Agent profile") }),
  ],
  'catalog must be {"kind": "all"}, {"kind": "team", "teamId": ...} or {"kind": "profile", "profileId": ...}.',
);

export const triggerTestInput = z.object({
  query: z
    .string("Each test needs a request (query).")
    .trim()
    .min(1, "Each test needs a request (query).")
    .max(MAX_TRIGGER_QUERY_CHARS, `A test's request is limited to ${MAX_TRIGGER_QUERY_CHARS.toLocaleString("en-US")} characters.`),
  shouldTrigger: z.boolean("Each test says whether the skill should load (shouldTrigger: true or false)."),
});

export const evalRunInput = z.object({
  version: versionNumber.optional(),
  catalog: evalCatalogInput.default({ kind: "all" }),
  modelId: z.string().trim().min(1, "Choose a model.").max(200, "Unknown model.").default("offline-router"),
  mode: z.enum(["full", "search"], "mode must be full or search.").optional(),
  tests: z.array(triggerTestInput).min(1, "Add at least one test.").max(MAX_TRIGGER_TESTS, `A skill may have at most ${MAX_TRIGGER_TESTS} tests.`).optional(),
  compare: z
    .union([
      z.object({
        description: z
          .string()
          .trim()
          .min(1, "The proposed description is empty.")
          .max(SPEC_LIMITS.descriptionMaxChars, `A description is limited to ${SPEC_LIMITS.descriptionMaxChars.toLocaleString("en-US")} characters.`),
      }),
      z.object({ version: versionNumber }),
    ])
    .optional(),
});

export type EvalRunInput = z.output<typeof evalRunInput>;
