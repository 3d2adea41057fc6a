import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer } from "@/lib/test/http-server";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

// The MCP server as a real client meets it: the official MCP Inspector's CLI, run as its own
// process against the route on 127.0.0.1 (a throwaway database behind it), in both protocol eras.
// Its --verify is the Inspector's own SEP-2640 check: conformance, frontmatter, and every file read
// back and hashed against the digest and size the entry published.

const { db, cleanup } = await createTestDatabase();
const skills = await import("@/lib/data/skills");
const { createToken } = await import("@/lib/data/accounts/tokens");
const route = await import("@/app/api/mcp/route");

const { team, ada, grace } = await createCast(db);
const pdfFiles = { "references/api.md": "# API\n\nCall fill(form, values).\n", "assets/blank.pdf": "%PDF-1.4\n\u0000\u00ff binary\n" };
const pdf = await skills.createSkill(ada, {
  skill: makeSkill("pdf-tools", { description: "Fill and merge PDF forms. Use for PDF files.", files: pdfFiles, frontmatter: "license: MIT\n" }),
  destination: { scope: "TEAM", teamId: team.id },
});
const diary = await skills.createSkill(grace, { skill: makeSkill("grace-diary", { body: "# Diary\n\nPrivate.\n" }), destination: { scope: "PERSONAL" } });
const tokens = {
  ada: (await createToken(ada, { name: "mcp", scope: "read" })).secret,
  grace: (await createToken(grace, { name: "mcp", scope: "read" })).secret,
};

const handlers: Record<string, (request: Request) => Promise<Response> | Response> = { POST: route.POST, GET: route.GET, DELETE: route.DELETE };
const server = await startTestServer(async (request) => handlers[request.method]?.(request) ?? new Response(null, { status: 405 }));
// The Inspector keeps its settings under $HOME: a throwaway one, so nothing outside the test is read or written.
const home = mkdtempSync(path.join(tmpdir(), "mcp-inspector-"));
afterAll(async () => {
  await server.close();
  await cleanup();
  rmSync(home, { recursive: true, force: true });
});

const inspectorBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/inspector/package.json")),
  "clients/launcher/build/index.js",
);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** One Inspector CLI call (`--cli <url> --method …`) as `who`, in the given protocol era. */
function inspector(who: keyof typeof tokens, era: "modern" | "legacy", ...args: string[]): Promise<Run> {
  const argv = [inspectorBin, "--cli", `${server.origin}/api/mcp`, "--header", `Authorization: Bearer ${tokens[who]}`, "--protocol-era", era, ...args];
  const env = { NODE_ENV: "test" as const, PATH: process.env.PATH ?? "", HOME: home, DISABLE_TELEMETRY: "1", DO_NOT_TRACK: "1" };
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function result<T>(who: keyof typeof tokens, era: "modern" | "legacy", ...args: string[]): Promise<T> {
  const run = await inspector(who, era, ...args, "--format", "json");
  expect(run, run.stderr).toMatchObject({ code: 0 });
  return JSON.parse(run.stdout).result as T;
}

interface Entry {
  uri: string;
  frontmatter: Record<string, unknown>;
  resources: { uri: string; digest: string; size: number }[];
}

const sha256 = (bytes: Uint8Array | string) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
const mcpDownloads = (skillId: string, actorId: string) =>
  db.auditEvent.count({ where: { action: "skill.download", skillId, actorId, detail: { contains: '"via":"mcp"' } } });

/** What the store holds for a skill's current version: path → the sha256 and size of its bytes. */
async function stored(skillId: string) {
  const version = await skills.readSkillVersionFiles(ada, skillId);
  return new Map(version!.files.map((f) => [f.path, { digest: sha256(f.bytes), size: f.bytes.byteLength }]));
}

// Each call starts the Inspector afresh (a few seconds on a busy machine), and some tests make several.
const slow = { timeout: 120_000 };

describe("connecting", slow, () => {
  it("negotiates protocol 2026-07-28 with server/discover, declaring the Skills extension and resources, and no listChanged", async () => {
    const modern = await result<{ protocolVersion: string; capabilities: Record<string, Record<string, unknown>> }>("ada", "modern", "--method", "initialize");
    expect(modern.protocolVersion).toBe("2026-07-28");
    expect(modern.capabilities.extensions).toEqual({ "io.modelcontextprotocol/skills": {} });
    expect(modern.capabilities.resources).toBeDefined();
    expect(modern.capabilities.tools.listChanged).not.toBe(true);
    expect(modern.capabilities.resources.listChanged).not.toBe(true);
  });

  it("still speaks the 2025 handshake to a client that opens with initialize", async () => {
    const legacy = await result<{ protocolVersion: string; capabilities: Record<string, Record<string, unknown>> }>("ada", "legacy", "--method", "initialize");
    expect(legacy.protocolVersion).toBe("2025-11-25");
    expect(legacy.capabilities.extensions).toEqual({ "io.modelcontextprotocol/skills": {} });
    expect(legacy.capabilities.tools.listChanged).not.toBe(true);
  });

  it("lists the three tools in both eras", async () => {
    for (const era of ["modern", "legacy"] as const) {
      const { tools } = await result<{ tools: { name: string }[] }>("ada", era, "--method", "tools/list");
      expect(tools.map((t) => t.name)).toEqual(["list_skills", "load_skill", "read_skill_resource"]);
    }
  });
});

describe("the Skills extension", slow, () => {
  it("lists each visible skill with its frontmatter verbatim and every file's digest and size as stored", async () => {
    const { skills: listed } = await result<{ skills: Entry[] }>("ada", "modern", "--method", "skills/list");
    expect(listed.map((s) => s.uri)).toEqual(["skill://pdf-tools/SKILL.md"]);
    const [entry] = listed;
    expect(entry.frontmatter).toEqual({ name: "pdf-tools", description: "Fill and merge PDF forms. Use for PDF files.", license: "MIT" });
    const files = await stored(pdf.skillId);
    expect(entry.resources).toEqual(["SKILL.md", "assets/blank.pdf", "references/api.md"].map((p) => ({ uri: `skill://pdf-tools/${p}`, ...files.get(p)! })));
    // Grace sees her own diary and the team's skill; the list is never a download.
    const graces = await result<{ skills: Entry[] }>("grace", "legacy", "--method", "skills/list");
    expect(graces.skills.map((s) => s.uri)).toEqual(["skill://grace-diary/SKILL.md", "skill://pdf-tools/SKILL.md"]);
    expect(await mcpDownloads(pdf.skillId, "grace")).toBe(0);
  });

  it("gets one skill by its SKILL.md URI, and refuses one the viewer cannot see", async () => {
    const { skill } = await result<{ skill: Entry }>("ada", "modern", "--method", "skills/get", "--uri", "skill://pdf-tools/SKILL.md");
    const { skills: listed } = await result<{ skills: Entry[] }>("ada", "modern", "--method", "skills/list");
    expect(skill).toEqual(listed[0]);
    const hidden = await inspector("ada", "modern", "--method", "skills/get", "--uri", "skill://grace-diary/SKILL.md", "--format", "json");
    expect(hidden.code).not.toBe(0);
    expect(hidden.stderr).toContain("No skill is served at skill://grace-diary/SKILL.md");
  });

  it("passes the Inspector's SEP-2640 verification: conformance, frontmatter and every file's digest", async () => {
    const run = await inspector("grace", "modern", "--method", "skills/list", "--verify");
    expect(run.code, run.stderr).toBe(0);
    const reports = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { uri: string; ok: boolean; outcome: string; files: { status: string }[] });
    expect(reports.map((r) => [r.uri, r.outcome])).toEqual([
      ["skill://grace-diary/SKILL.md", "verified"],
      ["skill://pdf-tools/SKILL.md", "verified"],
    ]);
    expect(reports[1].files.map((f) => f.status)).toEqual(["verified", "verified", "verified"]);
    // It read each SKILL.md once, as a host loading the skill would: one download each.
    expect([await mcpDownloads(diary.skillId, "grace"), await mcpDownloads(pdf.skillId, "grace")]).toEqual([1, 1]);
  });
});

describe("resources", slow, () => {
  it("lists each skill's SKILL.md and the skill:// template", async () => {
    const { resources } = await result<{ resources: { uri: string; name: string; mimeType: string }[] }>("ada", "modern", "--method", "resources/list");
    expect(resources).toEqual([expect.objectContaining({ uri: "skill://pdf-tools/SKILL.md", name: "pdf-tools", mimeType: "text/markdown" })]);
    const { resourceTemplates } = await result<{ resourceTemplates: { uriTemplate: string }[] }>("ada", "modern", "--method", "resources/templates/list");
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["skill://{+path}"]);
  });

  it("reads a file whose bytes hash to the digest the store holds; reading SKILL.md is the one download", async () => {
    const files = await stored(pdf.skillId);
    const read = (uri: string) =>
      result<{ contents: { uri: string; mimeType: string; text?: string; blob?: string }[] }>("ada", "modern", "--method", "resources/read", "--uri", uri);
    const [text] = (await read("skill://pdf-tools/references/api.md")).contents;
    expect(text).toMatchObject({ uri: "skill://pdf-tools/references/api.md", mimeType: "text/markdown", text: pdfFiles["references/api.md"] });
    expect(sha256(text.text!)).toBe(files.get("references/api.md")!.digest);
    const [binary] = (await read("skill://pdf-tools/assets/blank.pdf")).contents;
    expect(binary).toMatchObject({ mimeType: "application/pdf" });
    expect(sha256(Buffer.from(binary.blob!, "base64"))).toBe(files.get("assets/blank.pdf")!.digest);
    expect(await mcpDownloads(pdf.skillId, "ada")).toBe(0);

    const [skillMd] = (await read("skill://pdf-tools/SKILL.md")).contents;
    expect(sha256(skillMd.text!)).toBe(files.get("SKILL.md")!.digest);
    const audit = await db.auditEvent.findMany({ where: { action: "skill.download", skillId: pdf.skillId, actorId: "ada" } });
    expect(audit).toEqual([expect.objectContaining({ actorId: "ada", version: 1, detail: JSON.stringify({ via: "mcp" }) })]);
  });

  it("does not read another person's skill, nor a path the skill does not have", async () => {
    const [readable] = (
      await result<{ contents: { text: string }[] }>("ada", "legacy", "--method", "resources/read", "--uri", "skill://pdf-tools/references/api.md")
    ).contents;
    expect(readable.text).toBe(pdfFiles["references/api.md"]);
    for (const uri of ["skill://grace-diary/SKILL.md", "skill://pdf-tools/references/nope.md", "skill://pdf-tools/../grace-diary/SKILL.md"]) {
      const run = await inspector("ada", "legacy", "--method", "resources/read", "--uri", uri, "--format", "json");
      expect(run.code, uri).not.toBe(0);
      expect(run.stderr).toMatch(/not found/i);
    }
    expect(await mcpDownloads(diary.skillId, "ada")).toBe(0);
  });
});
