import { createHash } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { startS3Server } from "@/lib/test/s3-server";
import { startTestServer } from "@/lib/test/http-server";
import { routeRequests } from "@/lib/test/route-server";
import { rewrites } from "./rewrites";

// S3_PRESIGNED_DOWNLOADS with the S3 store: single files answer a redirect to a short-lived URL of
// the bucket (after the same checks as ever), whole skills are still zipped and sent by the app.
// Real HTTP on both sides: the app's routes behind a test server, the bucket in s3rver.

const session = vi.hoisted(() => ({ viewer: null as { id: string } | null }));
vi.mock("@/lib/data/core/session", () => ({ getViewer: async () => session.viewer, viewerFromHeaders: async () => session.viewer }));

const s3 = await startS3Server();
Object.assign(process.env, s3.env, { S3_PRESIGNED_DOWNLOADS: "true" });
const { db, cleanup } = await createTestDatabase();
const skills = await import("@/lib/data/skills");
const { createToken } = await import("@/lib/data/accounts/tokens");
const { prepareTurnFiles, writeTurnBlobs } = await import("@/lib/data/playground/files");
const routes = {
  "/api/skills/[skillId]/files/[...path]": await import("@/app/api/skills/[skillId]/files/[...path]/route"),
  "/api/skills/[skillId]/download": await import("@/app/api/skills/[skillId]/download/route"),
  "/api/playground/files/[fileId]": await import("@/app/api/playground/files/[fileId]/route"),
  "/api/agent-skills/[...path]": await import("@/app/api/agent-skills/[...path]/route"),
};

const { ada, grace } = await createCast(db);
const report = "%PDF-1.4\n% not a real report\n";
const created = await skills.createSkill(ada, {
  skill: makeSkill("pdf-report", { files: { "assets/report.pdf": report, "references/guide.md": "# Guide\n" } }),
  destination: { scope: "PERSONAL" },
});
const adaToken = (await createToken(ada, { name: "agents", scope: "read" })).secret;
const server = await startTestServer(routeRequests(routes, rewrites));
afterAll(async () => {
  await server.close();
  await cleanup();
  await s3.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.origin}${path}`, { headers, redirect: "manual" });
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("downloads by presigned URL", () => {
  it("redirects a skill file to the bucket, which answers its bytes as an attachment of the right type", async () => {
    session.viewer = ada;
    const response = await get(`/api/skills/${created.skillId}/files/assets/report.pdf`);
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.pathname).toBe(`/${s3.bucket}/blobs/${sha256(report).slice(0, 2)}/${sha256(report)}`);
    expect(location.searchParams.get("X-Amz-Expires")).toBe("300");

    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe(report);
    expect(fetched.headers.get("content-type")).toBe("application/pdf");
    expect(fetched.headers.get("content-disposition")).toMatch(/^attachment; filename="report\.pdf"/);
  });

  it("checks who asks before redirecting, and answers a matching ETag without one", async () => {
    session.viewer = grace;
    const hidden = await get(`/api/skills/${created.skillId}/files/assets/report.pdf`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get("location")).toBeNull();
    session.viewer = null;
    expect((await get(`/api/skills/${created.skillId}/files/assets/report.pdf`)).status).toBe(404);
    session.viewer = ada;
    const cached = await get(`/api/skills/${created.skillId}/files/assets/report.pdf?v=1`, { "if-none-match": `"${sha256(report)}"` });
    expect(cached.status).toBe(304);
  });

  it("still zips a whole skill in the app", async () => {
    session.viewer = ada;
    const response = await get(`/api/skills/${created.skillId}/download`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
  });

  it("redirects a playground file for its conversation's owner only", async () => {
    const conversation = await db.conversation.create({ data: { ownerId: "ada", title: "chat" } });
    const prepared = await prepareTurnFiles(
      { attachments: [{ name: "notes.txt", mediaType: "text/plain", bytes: new TextEncoder().encode("attached notes\n") }], outputs: [] },
      { userMessageId: "u1", assistantMessageId: "a1" },
    );
    await db.$transaction(async (tx) => {
      await writeTurnBlobs(tx, prepared);
      await tx.playgroundFile.createMany({ data: prepared.rows.map((row) => ({ ...row, conversationId: conversation.id })) });
    });
    const url = `/api/playground/files/${prepared.rows[0].id}`;
    session.viewer = grace;
    expect((await get(url)).status).toBe(404);
    session.viewer = ada;
    const response = await get(url);
    expect(response.status).toBe(302);
    const fetched = await fetch(response.headers.get("location")!);
    expect(await fetched.text()).toBe("attached notes\n");
    expect(fetched.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  it("redirects a discovery file that a client following redirects with its token in hand reads, and counts the download", async () => {
    session.viewer = null;
    const downloads = () => db.auditEvent.count({ where: { skillId: created.skillId, action: "skill.download" } });
    const before = await downloads();
    const response = await fetch(`${server.origin}/.well-known/agent-skills/pdf-report/SKILL.md`, { headers: { authorization: `Bearer ${adaToken}` } });
    expect(response.redirected).toBe(true);
    expect(response.status).toBe(200);
    const stored = await skills.readSkillFile(ada, created.skillId, "SKILL.md");
    expect(await response.text()).toBe(new TextDecoder().decode(stored!.bytes));
    expect(await downloads()).toBe(before + 1);
    // Without a token: no redirect to follow.
    expect((await get("/.well-known/agent-skills/pdf-report/SKILL.md")).status).toBe(401);
  });
});
