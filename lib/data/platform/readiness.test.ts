import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import type { BlobStore } from "@/lib/storage/blob-store";

const database = await createTestDatabase();
const { checkReadiness } = await import("./health");
const { reasonOf } = await import("./health-check.mjs");
const { databaseBlobStore } = await import("@/lib/storage/database-store");
const { beginShutdown } = await import("@/lib/shutdown.mjs");
afterAll(() => database.cleanup());

// A store whose service answers as told: what readiness does with an S3 bucket that is up or down.
const storeAnswering = (check: () => Promise<void>): BlobStore => ({ ...databaseBlobStore, name: "remote", check });

describe("checkReadiness", () => {
  it("is ready while the database answers; the database store is as ready as the database", async () => {
    expect(await checkReadiness(databaseBlobStore)).toEqual({ ok: true, shuttingDown: false, database: "ok", storage: "ok", blobs: "ok" });
  });

  it("asks a store that can check itself, and is not ready while it fails, saying why", async () => {
    let asked = 0;
    const up = storeAnswering(async () => void asked++);
    expect(await checkReadiness(up)).toMatchObject({ ok: true, blobs: "ok" });
    expect(asked).toBe(1);
    const down = storeAnswering(async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:9000\n    at stack");
    });
    expect(await checkReadiness(down)).toEqual({
      ok: false,
      shuttingDown: false,
      database: "ok",
      storage: "ok",
      blobs: "unreachable",
      error: "the blob store is unreachable (connect ECONNREFUSED 127.0.0.1:9000)",
    });
  });

  it("says why in the line of the error that names the reason, not Prisma's preamble", () => {
    const unreachable = new Error(
      "\nInvalid `prisma.$queryRawUnsafe()` invocation:\n\n\nRaw query failed. Message: `Can't reach database server at 127.0.0.1:1`",
    );
    expect(reasonOf(unreachable)).toBe("Raw query failed. Message: `Can't reach database server at 127.0.0.1:1`");
    expect(reasonOf("not an error")).toBe("unknown error");
  });

  it("is not ready once the process is stopping, whatever the checks would say", async () => {
    beginShutdown();
    expect(await checkReadiness(databaseBlobStore)).toEqual({ ok: false, shuttingDown: true });
  });
});
