import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DataError } from "@/lib/data/errors";

// The one action wrapper: what a form gets back for bad input, a refusal, a success, and a bug.

const viewer = { id: "ada", name: "Ada", email: "ada@example.com", role: "USER" as const };
vi.mock("@/lib/data/core/session", () => ({ requireViewer: async () => viewer }));
const { action, failure, formAction, success } = await import("./action");

const schema = z.object({ name: z.string().trim().min(1, "Give it a name."), keep: z.coerce.number().int().min(1, "Keep at least one.") });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe("formAction", () => {
  it("parses the form, passes the viewer and answers the handler's success", async () => {
    const seen: unknown[] = [];
    const submit = formAction(schema, async (input, who) => {
      seen.push(input, who.id);
      return success({ kept: input.keep }, "Saved.");
    });
    expect(await submit(null, form({ name: " notes ", keep: "3" }))).toEqual({ ok: true, data: { kept: 3 }, message: "Saved." });
    expect(seen).toEqual([{ name: "notes", keep: 3 }, "ada"]);
  });

  it("answers input that fails the schema with the first issue, every field's errors and, when asked, the values typed", async () => {
    const submit = formAction(schema, async () => success(null), { echo: true });
    const result = await submit(null, form({ name: "", keep: "0" }));
    expect(result).toEqual({
      ok: false,
      code: "INVALID_INPUT",
      message: "Give it a name.",
      fieldErrors: { name: ["Give it a name."], keep: ["Keep at least one."] },
      values: { name: "", keep: "0" },
    });
  });

  it("turns a data-layer refusal into its code, message and details, and lets an action say more for one kind", async () => {
    const refused = formAction(schema, async () => {
      throw new DataError("REFERENCED", '"notes" is used by 2 profiles.', { references: { holding: 2 } });
    });
    expect(await refused(null, form({ name: "a", keep: "1" }))).toEqual({
      ok: false,
      code: "REFERENCED",
      message: '"notes" is used by 2 profiles.',
      details: { references: { holding: 2 } },
    });

    const moved = formAction(
      schema,
      async () => {
        throw new DataError("CONFLICT", "moved", { reason: "version-moved", currentVersion: 7 });
      },
      { refusal: (error) => (error.details?.reason === "version-moved" ? failure("Someone saved v7 meanwhile.", { code: "CONFLICT" }) : undefined) },
    );
    expect(await moved(null, form({ name: "a", keep: "1" }))).toEqual({ ok: false, code: "CONFLICT", message: "Someone saved v7 meanwhile." });
  });

  it("lets anything but a refusal through: a bug is not a message for the form", async () => {
    const broken = formAction(schema, async () => {
      throw new TypeError("bug");
    });
    await expect(broken(null, form({ name: "a", keep: "1" }))).rejects.toThrow("bug");
  });
});

describe("action", () => {
  it("takes its input as an argument and uses the action's own message for bad input", async () => {
    const remove = action(z.string().uuid(), async (id) => success({ id }), { invalid: "Profile not found." });
    expect(await remove("nope")).toMatchObject({ ok: false, code: "INVALID_INPUT", message: "Profile not found." });
    const id = "6f1c1f43-3b7e-4d0c-9d0e-2a8f7f0f1a11";
    expect(await remove(id)).toEqual({ ok: true, data: { id } });
  });
});
