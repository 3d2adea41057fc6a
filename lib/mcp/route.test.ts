import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer } from "@/lib/test/http-server";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

// The MCP route as an MCP client meets it: the SDK's own client over real HTTP on 127.0.0.1, the
// route handlers behind it, a throwaway database with people, teams, tokens and skills.

const { db, cleanup } = await createTestDatabase();
const skills = await import("@/lib/data/skills");
const playground = await import("@/lib/data/playground/playground");
const profiles = await import("@/lib/data/profiles/profiles");
const { createToken, revokeToken } = await import("@/lib/data/accounts/tokens");
const { createRecorder } = await import("@/lib/playground/recorder");
const { createSkillTools } = await import("@/lib/playground/tools");
const route = await import("@/app/api/mcp/route");

// ada owns team Platform, grace is a member, linus is not.
const { team, ada, grace, linus } = await createCast(db);

const teamPdf = await skills.createSkill(ada, {
  skill: makeSkill("pdf-tools", {
    description: "Fill and merge PDF forms. Use for PDF files.",
    body: "# PDF tools\n\nRead references/api.md before filling a form.\n",
    files: { "references/api.md": "# API\n\nCall fill(form, values).\n", "assets/blank.pdf": "%PDF-1.4\nnot really a form\n" },
  }),
  destination: { scope: "TEAM", teamId: team.id },
});
const gracePdf = await skills.createSkill(grace, {
  skill: makeSkill("pdf-tools", { description: "Grace's own PDF notes. Use for PDFs.", body: "# Grace's PDF notes\n\nSecret recipe.\n" }),
  destination: { scope: "PERSONAL" },
});
const diary = await skills.createSkill(grace, {
  skill: makeSkill("grace-diary", { body: "# Diary\n\nPrivate entries.\n", files: { "notes.md": "private" } }),
  destination: { scope: "PERSONAL" },
});
const release = await skills.createSkill(ada, {
  skill: makeSkill("release-notes", { description: "Write release notes from merged pull requests." }),
  destination: { scope: "TEAM", teamId: team.id },
});
await db.skillVersion.updateMany({ where: { skillId: release.skillId }, data: { reviewStatus: "needs_review" } });
await skills.createSkill(ada, {
  skill: makeSkill("style-guide", { description: "House writing style for docs and posts." }),
  destination: { scope: "PUBLIC" },
});
await skills.createSkill(ada, {
  skill: makeSkill("deploy-now", { description: "Deploys production.", frontmatter: "disable-model-invocation: true\n" }),
  destination: { scope: "PERSONAL" },
});
await skills.addSkillVersion(ada, teamPdf.skillId, {
  skill: makeSkill("pdf-tools", {
    description: "Fill and merge PDF forms. Use for PDF files.",
    body: "# PDF tools v2\n\nRead references/api.md before filling a form.\n",
    files: { "references/api.md": "# API\n\nCall fill(form, values).\n", "assets/blank.pdf": "%PDF-1.4\nnot really a form\n" },
  }),
  message: "v2",
});

const tokens = {
  ada: (await createToken(ada, { name: "mcp", scope: "read" })).secret,
  grace: (await createToken(grace, { name: "mcp", scope: "read" })).secret,
  linus: (await createToken(linus, { name: "mcp", scope: "read" })).secret,
};
const revoked = await createToken(ada, { name: "old", scope: "read" });
await revokeToken(ada, revoked.token.id);

const handlers: Record<string, (request: Request) => Promise<Response> | Response> = { POST: route.POST, GET: route.GET, DELETE: route.DELETE };
const server = await startTestServer(async (request) => handlers[request.method]?.(request) ?? new Response(null, { status: 405 }));
const endpoint = (query = "") => new URL(`${server.origin}/api/mcp${query}`);
const clients: Client[] = [];

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.close();
  await cleanup();
});

async function connect(token: string | null, query = ""): Promise<Client> {
  const client = new Client({ name: "skillshelf-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(endpoint(query), {
    requestInit: { headers: token === null ? {} : { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean; structured: unknown }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join("\n");
  return { text, isError: result.isError === true, structured: result.structuredContent };
}

/** One raw JSON-RPC request, as a 2025-era client sends it (no handshake needed: the server keeps no session). */
async function rpc(token: string, method: string, params: Record<string, unknown> = {}, query = "") {
  const response = await fetch(endpoint(query), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
}

/** What the playground's own load_skill / read_skill_resource answer for this viewer (a fresh turn). */
async function playgroundAnswer(viewer: { id: string }, tool: string, input: Record<string, string>, catalog = { kind: "all" as const }) {
  const { source } = await playground.loadSkillSource(viewer, catalog);
  const tools = createSkillTools({ source, mode: "full", recorder: createRecorder(), turn: 1, loaded: new Map() });
  try {
    return { text: String(await tools[tool].execute!(input as never, { toolCallId: "t", messages: [], context: undefined } as never)), isError: false };
  } catch (error) {
    return { text: (error as Error).message, isError: true };
  }
}

const mcpDownloads = (skillId: string) => db.auditEvent.findMany({ where: { action: "skill.download", skillId, detail: { contains: '"via":"mcp"' } } });

let adaClient: Client;
let graceClient: Client;
let linusClient: Client;
beforeAll(async () => {
  [adaClient, graceClient, linusClient] = await Promise.all([connect(tokens.ada), connect(tokens.grace), connect(tokens.linus)]);
});

describe("connecting", () => {
  it("offers the three tools, read-only, and instructions that explain progressive disclosure", async () => {
    const { tools } = await adaClient.listTools();
    expect(tools.map((t) => t.name)).toEqual(["list_skills", "load_skill", "read_skill_resource"]);
    for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((t) => t.name === "read_skill_resource")!.inputSchema.required).toEqual(["name", "path"]);
    expect(adaClient.getServerVersion()).toMatchObject({ name: "skillshelf" });
    const instructions = adaClient.getInstructions()!;
    expect(instructions).toContain("list_skills");
    expect(instructions.indexOf("load_skill")).toBeLessThan(instructions.indexOf("read_skill_resource"));
  });

  it("declares the Skills extension and resources beside the tools, and no listChanged it could never send", async () => {
    const capabilities = adaClient.getServerCapabilities()!;
    expect(capabilities.extensions).toEqual({ "io.modelcontextprotocol/skills": {} });
    expect(capabilities.resources).toEqual({ listChanged: false });
    expect(capabilities.tools).toEqual({ listChanged: false });
  });

  it("answers 401 with a Bearer challenge without a token, and with a revoked one", async () => {
    await expect(connect(null)).rejects.toMatchObject({ code: 401, message: expect.stringContaining("Send a personal access token") });
    await expect(connect(revoked.secret)).rejects.toMatchObject({ code: 401, message: expect.stringContaining("revoked") });
    const bare = await fetch(endpoint(), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toBe('Bearer realm="skillshelf"');
    const stale = await fetch(endpoint(), { method: "POST", headers: { authorization: `Bearer ${revoked.secret}` }, body: "{}" });
    expect(stale.status).toBe(401);
    expect(stale.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("answers a POST with JSON that no cache keeps, and no session", async () => {
    const response = await fetch(endpoint(), {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.ada}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("mcp-session-id")).toBeNull();
    expect((await response.json()).result.tools).toHaveLength(3);
  });

  it("refuses GET and DELETE (stateless: no stream, no session) with 405", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(endpoint(), { method, headers: { authorization: `Bearer ${tokens.ada}`, accept: "text/event-stream" } });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });
});

describe("list_skills", () => {
  it("is exactly the viewer's playground catalog, explicit-only skills left out", async () => {
    for (const [viewer, client] of [
      [ada, adaClient],
      [grace, graceClient],
      [linus, linusClient],
    ] as const) {
      const { entries } = await playground.getPlaygroundCatalog(viewer);
      const expected = entries.filter((e) => e.modelInvocable !== false).map((e) => ({ name: e.name, place: e.place, version: e.version }));
      const { structured, isError } = await call(client, "list_skills", {});
      expect(isError).toBe(false);
      const listed = (structured as { skills: { name: string; place: string; version: number }[] }).skills;
      expect(listed.map(({ name, place, version }) => ({ name, place, version }))).toEqual(expected);
    }
  });

  it("shows each viewer their own world: personal skills, team membership, shadowing", async () => {
    const names = async (client: Client) => ((await call(client, "list_skills", {})).structured as { skills: { name: string; place: string }[] }).skills;
    // grace's personal pdf-tools hides the team's for her; her diary is hers alone; ada's explicit-only skill is nobody's catalog.
    expect(await names(graceClient)).toEqual([
      expect.objectContaining({ name: "grace-diary", place: "Personal" }),
      expect.objectContaining({ name: "pdf-tools", place: "Personal" }),
      expect.objectContaining({ name: "release-notes", place: "Team Platform" }),
      expect.objectContaining({ name: "style-guide", place: "Public" }),
    ]);
    const adas = await names(adaClient);
    expect(adas.map((s) => [s.name, s.place])).toEqual([
      ["pdf-tools", "Team Platform"],
      ["release-notes", "Team Platform"],
      ["style-guide", "Public"],
    ]);
    expect((await names(linusClient)).map((s) => s.name)).toEqual(["style-guide"]);
  });

  it("gives the model a readable list with place, version and tokens", async () => {
    const { text, structured } = await call(adaClient, "list_skills", {});
    const pdf = (structured as { skills: { name: string; tokens: number }[] }).skills.find((s) => s.name === "pdf-tools")!;
    expect(text.split("\n")[0]).toBe("3 skills, one per name. Call load_skill with a name when a task matches its description.");
    expect(text).toContain(`- pdf-tools: Fill and merge PDF forms. Use for PDF files. [Team Platform, v2, ${pdf.tokens} tokens]`);
    expect(pdf.tokens).toBeGreaterThan(0);
  });

  it("ranks with the playground's search when given a query", async () => {
    const { text, structured } = await call(adaClient, "list_skills", { query: "merge some PDF forms" });
    const found = (structured as { skills: { name: string; score: number }[] }).skills;
    expect(found[0]).toMatchObject({ name: "pdf-tools" });
    expect(found[0].score).toBeGreaterThan(0);
    expect(found.map((s) => s.name)).not.toContain("style-guide");
    expect(text).toMatch(/^Skills matching "merge some PDF forms", best first \(at most 5\):\n1\. pdf-tools \(score \d+\.\d\d\): /);
    const none = await call(adaClient, "list_skills", { query: "kubernetes autoscaling" });
    expect(none.structured).toEqual({ skills: [], notices: [] });
    expect(none.text).toContain('No skill matches "kubernetes autoscaling"');
  });
});

describe("load_skill", () => {
  it("returns what the playground's load_skill returns, and audits one download per load", async () => {
    expect(await mcpDownloads(teamPdf.skillId)).toHaveLength(0);
    const loaded = await call(adaClient, "load_skill", { name: "pdf-tools" });
    expect(loaded.isError).toBe(false);
    expect(loaded.text).toBe((await playgroundAnswer(ada, "load_skill", { name: "pdf-tools" })).text);
    expect(loaded.text).toContain('<skill_content name="pdf-tools" version="2">');
    expect(loaded.text).toContain("# PDF tools v2");
    expect(loaded.text).toContain("- references/api.md (text/markdown");
    expect(loaded.text).not.toContain("Call fill(form, values)");

    const audit = await mcpDownloads(teamPdf.skillId);
    expect(audit).toEqual([expect.objectContaining({ actorId: "ada", skillName: "pdf-tools", version: 2, teamId: team.id })]);
    expect(JSON.parse(audit[0].detail)).toEqual({ via: "mcp" });
    // A second load is a second download (the client keeps its own conversation).
    await call(adaClient, "load_skill", { name: "pdf-tools" });
    expect(await mcpDownloads(teamPdf.skillId)).toHaveLength(2);
  });

  it("warns about a skill that needs review, as the playground does", async () => {
    const loaded = await call(graceClient, "load_skill", { name: "release-notes" });
    expect(loaded.text).toContain('Warning: "release-notes" is flagged as needing review');
    expect(loaded.text).toBe((await playgroundAnswer(grace, "load_skill", { name: "release-notes" })).text);
  });

  it("loads the viewer's own same-named skill where it shadows the team's", async () => {
    const loaded = await call(graceClient, "load_skill", { name: "pdf-tools" });
    expect(loaded.text).toContain("Secret recipe.");
    expect((await mcpDownloads(gracePdf.skillId)).map((e) => e.actorId)).toEqual(["grace"]);
  });

  it("refuses a skill the viewer cannot see exactly as a name that does not exist, and records nothing", async () => {
    const hidden = await call(linusClient, "load_skill", { name: "grace-diary" });
    const missing = await call(linusClient, "load_skill", { name: "no-such-skill" });
    expect(hidden).toMatchObject({ isError: true, text: 'There is no skill named "grace-diary". Available skills: style-guide.' });
    expect(missing.text).toBe(hidden.text.replace("grace-diary", "no-such-skill"));
    expect(hidden.text).toBe((await playgroundAnswer(linus, "load_skill", { name: "grace-diary" })).text);
    expect(await mcpDownloads(diary.skillId)).toHaveLength(0);
  });

  it("keeps explicit-only skills for the user, with the playground's message", async () => {
    const refused = await call(adaClient, "load_skill", { name: "deploy-now" });
    expect(refused).toMatchObject({ isError: true, text: expect.stringContaining('"deploy-now" is explicit-only') });
  });

  it("answers a malformed call as a tool error", async () => {
    const bad = await call(adaClient, "load_skill", { name: "" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain("name");
  });
});

describe("read_skill_resource", () => {
  it("returns a text file as the playground does and describes a binary one", async () => {
    const read = await call(adaClient, "read_skill_resource", { name: "pdf-tools", path: "references/api.md" });
    expect(read).toMatchObject({
      isError: false,
      text: '<skill_resource name="pdf-tools" path="references/api.md">\n# API\n\nCall fill(form, values).\n\n</skill_resource>',
    });
    expect(read.text).toBe((await playgroundAnswer(ada, "read_skill_resource", { name: "pdf-tools", path: "references/api.md" })).text);
    const binary = await call(adaClient, "read_skill_resource", { name: "pdf-tools", path: "assets/blank.pdf" });
    expect(binary).toMatchObject({ isError: false, text: expect.stringMatching(/^"assets\/blank\.pdf" in "pdf-tools" is a binary file \(application\/pdf, /) });
    expect(binary.text).not.toContain("not really a form");
  });

  it("refuses paths outside the skill and files it does not have", async () => {
    const escape = await call(adaClient, "read_skill_resource", { name: "pdf-tools", path: "../grace-diary/SKILL.md" });
    expect(escape).toEqual({
      isError: true,
      text: `Refused "../grace-diary/SKILL.md": ".." is not allowed; paths stay inside the skill folder.`,
      structured: undefined,
    });
    const absolute = await call(adaClient, "read_skill_resource", { name: "pdf-tools", path: "/etc/passwd" });
    expect(absolute.text).toContain("absolute paths are not allowed");
    const missing = await call(adaClient, "read_skill_resource", { name: "pdf-tools", path: "references/nope.md" });
    expect(missing.text).toBe('"pdf-tools" has no file "references/nope.md". Available paths: assets/blank.pdf, references/api.md.');
  });

  it("does not read another user's skill", async () => {
    const hidden = await call(adaClient, "read_skill_resource", { name: "grace-diary", path: "notes.md" });
    expect(hidden.isError).toBe(true);
    expect(hidden.text).toBe('There is no skill named "grace-diary". Available skills: pdf-tools, release-notes, style-guide.');
  });
});

describe("?profile=", () => {
  it("offers only the profile's skills, at their pinned versions, with its instructions", async () => {
    const profile = await profiles.createProfile(ada, {
      name: "PDF bot",
      instructions: "Only ever touch PDFs.",
      skills: [{ skillId: teamPdf.skillId, pinnedVersion: 1 }],
    });
    const client = await connect(tokens.ada, `?profile=${profile.id}`);
    expect(client.getInstructions()).toContain('agent profile "PDF bot"');
    expect(client.getInstructions()).toContain("Only ever touch PDFs.");
    const listed = await call(client, "list_skills", {});
    expect(listed.structured).toEqual({ skills: [expect.objectContaining({ name: "pdf-tools", version: 1, place: "Team Platform" })], notices: [] });
    const loaded = await call(client, "load_skill", { name: "pdf-tools" });
    expect(loaded.text).toContain('<skill_content name="pdf-tools" version="1">');
    expect(loaded.text).toBe((await playgroundAnswer(ada, "load_skill", { name: "pdf-tools" }, { kind: "profile", profileId: profile.id } as never)).text);
    expect((await call(client, "load_skill", { name: "style-guide" })).isError).toBe(true);
    expect((await mcpDownloads(teamPdf.skillId)).at(-1)).toMatchObject({ version: 1 });
  });

  it("is refused for someone else's profile, as if it did not exist", async () => {
    const mine = await profiles.createProfile(grace, { name: "Diary", instructions: "", skills: [{ skillId: diary.skillId, pinnedVersion: null }] });
    await expect(connect(tokens.linus, `?profile=${mine.id}`)).rejects.toMatchObject({
      code: 404,
      message: expect.stringContaining("Agent profile not found."),
    });
    await expect(connect(tokens.linus, "?profile=nope")).rejects.toMatchObject({ code: 404 });
  });
});

describe("the Skills extension", () => {
  it("refuses skills/get of a skill the viewer cannot see, or of a URI that is not a SKILL.md, with -32602", async () => {
    for (const uri of ["skill://grace-diary/SKILL.md", "skill://pdf-tools/references/api.md", "https://example.com/SKILL.md"]) {
      expect((await rpc(tokens.linus, "skills/get", { uri })).error).toMatchObject({ code: -32602, message: `No skill is served at ${uri}` });
    }
    expect((await rpc(tokens.grace, "skills/get", { uri: "skill://grace-diary/SKILL.md" })).result?.skill).toMatchObject({
      uri: "skill://grace-diary/SKILL.md",
    });
  });

  it("lists explicit-only skills too, their frontmatter saying so (the host decides, as with the discovery index)", async () => {
    const { skills: listed } = (await rpc(tokens.ada, "skills/list")).result as { skills: { uri: string; frontmatter: Record<string, unknown> }[] };
    expect(listed.map((s) => s.uri)).toEqual([
      "skill://deploy-now/SKILL.md",
      "skill://pdf-tools/SKILL.md",
      "skill://release-notes/SKILL.md",
      "skill://style-guide/SKILL.md",
    ]);
    expect(listed[0].frontmatter).toMatchObject({ name: "deploy-now", "disable-model-invocation": true });
  });

  it("serves a profile's skills at their pinned versions", async () => {
    const profile = await profiles.createProfile(ada, { name: "PDF pinned", instructions: "", skills: [{ skillId: teamPdf.skillId, pinnedVersion: 1 }] });
    const { skills: listed } = (await rpc(tokens.ada, "skills/list", {}, `?profile=${profile.id}`)).result as {
      skills: { uri: string; resources: { uri: string; digest: string }[] }[];
    };
    const v1 = await skills.readSkillVersionFiles(ada, teamPdf.skillId, 1);
    const skillMd = v1!.files.find((f) => f.path === "SKILL.md")!;
    expect(listed.map((s) => s.uri)).toEqual(["skill://pdf-tools/SKILL.md"]);
    expect(listed[0].resources[0]).toEqual({ uri: "skill://pdf-tools/SKILL.md", digest: `sha256:${skillMd.sha256}`, size: skillMd.size });
    const read = (await rpc(tokens.ada, "resources/read", { uri: "skill://pdf-tools/SKILL.md" }, `?profile=${profile.id}`)).result as {
      contents: { text: string }[];
    };
    expect(read.contents[0].text).toContain("# PDF tools\n");
    expect(read.contents[0].text).not.toContain("v2");
    expect((await mcpDownloads(teamPdf.skillId)).at(-1)).toMatchObject({ actorId: "ada", version: 1 });
  });

  it("answers a fault with a plain sentence, not its internals", async () => {
    // A corrupt row fails where it is read (lib/data/core/json-columns.ts), naming the column: that is for the log.
    const broken = await skills.createSkill(linus, { skill: makeSkill("linus-notes"), destination: { scope: "PERSONAL" } });
    await db.skillVersion.updateMany({ where: { skillId: broken.skillId }, data: { frontmatter: "not json" } });
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args) => void errors.push(args));
    try {
      expect((await rpc(tokens.linus, "skills/list")).error).toEqual({
        code: -32603,
        message: "Skillshelf could not answer this call because of a server error. Try again later.",
      });
    } finally {
      spy.mockRestore();
    }
    expect(String((errors[0] as unknown[])[1])).toContain("SkillVersion.frontmatter");
  });
});
