import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { createTestDatabase, createUser, makeSkill, testDialect } from "@/lib/test/database";
import { startS3Server } from "@/lib/test/s3-server";

// Blobs in a real S3-compatible server (s3rver on 127.0.0.1), collected once nothing references
// them: the same file runs on SQLite and on PostgreSQL (SKILLSHELF_TEST_DATABASE=postgres).

const s3 = await startS3Server();
Object.assign(process.env, s3.env);
const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const { collectUnreferencedBlobs } = await import("./blob-collector");
const { putBlobs, writeBlobRows } = await import("./blobs");
const { getBlobStore } = await import("./storage");
afterAll(async () => {
  await cleanup();
  await s3.stop();
});

await createUser(db, "ada", { role: "ADMIN" });
const ada = { id: "ada" };
const raw = new S3Client({
  region: "us-east-1",
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const objectKey = (digest: string) => `blobs/${digest.slice(0, 2)}/${digest}`;
const objectText = async (digest: string) => {
  try {
    return await (await raw.send(new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(digest) }))).Body!.transformToString();
  } catch (error) {
    if ((error as { name?: string }).name === "NoSuchKey") return null;
    throw error;
  }
};
const rowOf = (digest: string) => db.blob.findUnique({ where: { sha256: digest }, select: { storage: true, data: true, key: true } });
const DAY = 24 * 3_600_000;
const age = (digests: string[], ms: number) => db.blob.updateMany({ where: { sha256: { in: digests } }, data: { createdAt: new Date(Date.now() - ms) } });

describe("blobs in an S3 bucket", () => {
  it("keeps an uploaded skill's bytes in the bucket, none in the row, and reads them back through the data layer", async () => {
    const created = await skills.createSkill(ada, {
      skill: makeSkill("s3-notes", { files: { "references/guide.md": "# Guide\n\nStored in a bucket.\n" } }),
      destination: { scope: "PERSONAL" },
    });
    const digest = sha256("# Guide\n\nStored in a bucket.\n");
    expect(await rowOf(digest)).toEqual({ storage: "s3", data: null, key: objectKey(digest) });
    expect(await objectText(digest)).toBe("# Guide\n\nStored in a bucket.\n");
    const file = await skills.readSkillFile(ada, created.skillId, "references/guide.md");
    expect(new TextDecoder().decode(file!.bytes)).toBe("# Guide\n\nStored in a bucket.\n");
    const version = await skills.readSkillVersionFiles(ada, created.skillId);
    expect(version!.files.map((f) => f.path)).toEqual(["SKILL.md", "references/guide.md"]);
    await expect(getBlobStore().check!()).resolves.toBeUndefined();
  });

  it("still reads blobs stored in the database before S3 was configured, and moves them to the bucket when uploaded again", async () => {
    const created = await skills.createSkill(ada, {
      skill: makeSkill("older", { files: { "a.md": "kept in the row\n" } }),
      destination: { scope: "PERSONAL" },
    });
    const digest = sha256("kept in the row\n");
    await db.blob.update({ where: { sha256: digest }, data: { storage: "database", data: new TextEncoder().encode("kept in the row\n"), key: null } });
    const file = await skills.readSkillFile(ada, created.skillId, "a.md");
    expect(new TextDecoder().decode(file!.bytes)).toBe("kept in the row\n");
    // Uploaded again, the bytes move to the bucket.
    await skills.createSkill(ada, { skill: makeSkill("newer", { files: { "a.md": "kept in the row\n" } }), destination: { scope: "PERSONAL" } });
    expect(await rowOf(digest)).toEqual({ storage: "s3", data: null, key: objectKey(digest) });
    expect(await objectText(digest)).toBe("kept in the row\n");
  });
});

describe("collectUnreferencedBlobs", () => {
  it("deletes old unreferenced blobs and their objects, keeps young ones and referenced ones, and a later upload of the same bytes works", async () => {
    const shared = "# Shared\n";
    const kept = await skills.createSkill(ada, { skill: makeSkill("kept", { files: { "shared.md": shared } }), destination: { scope: "PERSONAL" } });
    const doomed = await skills.createSkill(ada, {
      skill: makeSkill("doomed", { files: { "shared.md": shared, "only.md": "only in doomed\n" } }),
      destination: { scope: "PERSONAL" },
    });
    await skills.deleteSkill(ada, doomed.skillId);
    const only = sha256("only in doomed\n");
    // Deleting the skill leaves the bucket's blobs to the collector, rows included.
    expect(await rowOf(only)).not.toBeNull();
    expect(await collectUnreferencedBlobs()).toEqual({ deleted: 0, objectsDeleted: 0, skipped: 0 });

    await db.blob.updateMany({ data: { createdAt: new Date(Date.now() - 2 * DAY) } });
    const young = await skills.createSkill(ada, {
      skill: makeSkill("young", { files: { "fresh.md": "deleted a minute ago\n" } }),
      destination: { scope: "PERSONAL" },
    });
    await skills.deleteSkill(ada, young.skillId);
    // doomed's only.md and its SKILL.md (no other skill has the same).
    expect(await collectUnreferencedBlobs()).toEqual({ deleted: 2, objectsDeleted: 2, skipped: 0 });
    expect(await rowOf(only)).toBeNull();
    expect(await objectText(only)).toBeNull();
    // Referenced by "kept", however old.
    expect(await rowOf(sha256(shared))).not.toBeNull();
    expect(await objectText(sha256(shared))).toBe(shared);
    // Unreferenced but within the grace period.
    expect(await objectText(sha256("deleted a minute ago\n"))).toBe("deleted a minute ago\n");
    expect(new TextDecoder().decode((await skills.readSkillFile(ada, kept.skillId, "shared.md"))!.bytes)).toBe(shared);

    const again = await skills.createSkill(ada, {
      skill: makeSkill("again", { files: { "only.md": "only in doomed\n" } }),
      destination: { scope: "PERSONAL" },
    });
    expect(await objectText(only)).toBe("only in doomed\n");
    expect(new TextDecoder().decode((await skills.readSkillFile(ada, again.skillId, "only.md"))!.bytes)).toBe("only in doomed\n");
  });

  it("keeps an old unreferenced blob that an upload in progress has put again", async () => {
    const text = "put again before the commit\n";
    const first = await skills.createSkill(ada, { skill: makeSkill("first", { files: { "x.md": text } }), destination: { scope: "PERSONAL" } });
    await skills.deleteSkill(ada, first.skillId);
    await age([sha256(text)], 2 * DAY);
    // The upload's put, before its transaction opens.
    const put = await putBlobs([{ sha256: sha256(text), bytes: new TextEncoder().encode(text) }]);
    await collectUnreferencedBlobs();
    expect(await objectText(sha256(text))).toBe(text);
    expect(await rowOf(sha256(text))).not.toBeNull();
    // Its commit references what is still there.
    const conversation = await db.conversation.create({ data: { ownerId: "ada", title: "chat" } });
    await db.$transaction(async (tx) => {
      await writeBlobRows(tx, put);
      await tx.playgroundFile.create({
        data: {
          conversationId: conversation.id,
          kind: "attachment",
          messageId: "m1",
          path: "x.md",
          size: text.length,
          mediaType: "text/markdown",
          sha256: sha256(text),
        },
      });
    });
    await age([sha256(text)], 2 * DAY);
    expect((await collectUnreferencedBlobs()).deleted).toBe(0);
    expect(await objectText(sha256(text))).toBe(text);
  });

  it("leaves a blob that a transaction still open is referencing", async () => {
    const text = "referenced by a commit in flight\n";
    const first = await skills.createSkill(ada, { skill: makeSkill("inflight", { files: { "y.md": text } }), destination: { scope: "PERSONAL" } });
    await skills.deleteSkill(ada, first.skillId);
    await age([sha256(text)], 2 * DAY);
    const conversation = await db.conversation.create({ data: { ownerId: "ada", title: "chat" } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let referenced!: () => void;
    const inside = new Promise<void>((resolve) => (referenced = resolve));
    const commit = db.$transaction(async (tx) => {
      await tx.playgroundFile.create({
        data: {
          conversationId: conversation.id,
          kind: "attachment",
          messageId: "m2",
          path: "y.md",
          size: text.length,
          mediaType: "text/markdown",
          sha256: sha256(text),
        },
      });
      referenced();
      await held;
    });
    await inside;
    let collected;
    if (testDialect === "postgres") {
      // The reference's key-share lock on the row: the collector skips it rather than wait.
      collected = await collectUnreferencedBlobs();
      release();
    } else {
      // SQLite's one writer: the collector waits for the commit, then sees the reference.
      const collecting = collectUnreferencedBlobs();
      release();
      collected = await collecting;
    }
    await commit;
    expect(collected.deleted).toBe(0);
    expect(await rowOf(sha256(text))).not.toBeNull();
    expect(await objectText(sha256(text))).toBe(text);
  });

  it("collects at most `limit` blobs a run", async () => {
    const texts = ["limit one\n", "limit two\n", "limit three\n"];
    const created = await skills.createSkill(ada, {
      skill: makeSkill("limited", { files: Object.fromEntries(texts.map((t, i) => [`f${i}.md`, t])) }),
      destination: { scope: "PERSONAL" },
    });
    await skills.deleteSkill(ada, created.skillId);
    const orphans = (await db.blob.findMany({ where: { files: { none: {} }, playgroundFiles: { none: {} } }, select: { sha256: true } })).map((b) => b.sha256);
    await age(orphans, 2 * DAY);
    expect((await collectUnreferencedBlobs({ limit: 2 })).deleted).toBe(2);
    expect((await collectUnreferencedBlobs({ graceMs: 3 * DAY })).deleted).toBe(0);
    expect((await collectUnreferencedBlobs({ graceMs: DAY })).deleted).toBe(orphans.length - 2);
    for (const digest of orphans) expect(await objectText(digest)).toBeNull();
  });

  it("keeps the rows when the bucket cannot be reached, and says which bucket and operation failed", async () => {
    const text = "the bucket went away\n";
    const created = await skills.createSkill(ada, { skill: makeSkill("unreachable", { files: { "z.md": text } }), destination: { scope: "PERSONAL" } });
    await skills.deleteSkill(ada, created.skillId);
    await age([sha256(text)], 2 * DAY);
    await s3.stop();
    await expect(collectUnreferencedBlobs()).rejects.toThrow(/^S3 DeleteObject of s3:\/\/skillshelf-test\/blobs\/.* failed: /);
    expect(await rowOf(sha256(text))).not.toBeNull();
    await expect(getBlobStore().check!()).rejects.toThrow(`S3 HeadBucket of bucket ${s3.bucket} at ${s3.endpoint} failed`);
  });
});
