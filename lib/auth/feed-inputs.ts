import { z } from "zod";

const optionalRef = (what: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.string(`${what} must be a string (its id or its name).`).trim().max(100).optional(),
  );

// Shared by the account page's form (server action) and POST /api/v1/feeds.
export const createFeedInput = z
  .object({
    name: z
      .string("Give the link a name, such as “laptop”.")
      .trim()
      .min(1, "Give the link a name, such as “laptop”.")
      .max(64, "Keep the name under 64 characters."),
    profile: optionalRef("profile"),
    team: optionalRef("team"),
    // The release label it delivers (lib/skills/permissions/labels.ts); left out: latest, or a profile's own.
    label: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z
        .string("label must be a string, such as stable.")
        .trim()
        .regex(/^[a-z][a-z0-9-]{0,31}$/, "A label is 1 to 32 lowercase letters, digits and dashes, like stable.")
        .optional(),
    ),
  })
  .refine((input) => !(input.profile && input.team), { message: "A link delivers one agent profile or one team's skills, not both.", path: ["team"] });
export type CreateFeedInput = z.infer<typeof createFeedInput>;
