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
  })
  .refine((input) => !(input.profile && input.team), { message: "A link delivers one agent profile or one team's skills, not both.", path: ["team"] });
export type CreateFeedInput = z.infer<typeof createFeedInput>;
