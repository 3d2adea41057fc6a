import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, createUser, testDialect } from "@/lib/test/database";
import { errorResponse } from "./errors";

const database = await createTestDatabase();
afterAll(() => database.cleanup());

// A real refusal from the database through Prisma's driver adapter, as a read-only database gives it.
async function refusedWrite(): Promise<unknown> {
  if (testDialect === "postgres") {
    return database.db
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe("SET TRANSACTION READ ONLY");
        await tx.user.create({ data: { id: "refused", name: "refused", email: "refused@example.com" } });
      })
      .catch((error: unknown) => error);
  }
  await database.db.$executeRawUnsafe("PRAGMA query_only = ON");
  try {
    return await createUser(database.db, "refused").catch((error: unknown) => error);
  } finally {
    await database.db.$executeRawUnsafe("PRAGMA query_only = OFF");
  }
}

describe("errorResponse", () => {
  it("answers a write the storage refuses with 503 storage_unavailable and Retry-After", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = errorResponse(await refusedWrite());
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(await response.json()).toEqual({ error: { code: "storage_unavailable", message: expect.stringMatching(/^Storage is unavailable/) } });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(testDialect === "postgres" ? "25006" : "SQLITE_READONLY"), expect.anything());
    logged.mockRestore();
  });

  it("still rethrows other database errors (bugs stay 500s)", async () => {
    await createUser(database.db, "twice");
    const duplicate = await createUser(database.db, "twice").catch((error: unknown) => error);
    expect(() => errorResponse(duplicate)).toThrow();
  });
});
