import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
// Playwright's own test, not ./fixtures': no page is opened, so there is no console to watch.
import { request as playwrightRequest, test } from "@playwright/test";
import { BASE_URL, DEMO_PASSWORD, expect } from "./fixtures";

// The production server's MCP endpoint as a real client meets it: the official MCP Inspector's
// CLI, in the current protocol revision, with a read token made the way a person makes one.

const inspectorBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/inspector/package.json")),
  "clients/launcher/build/index.js",
);

let token: string;
let home: string;

test.beforeAll(async () => {
  const grace = await playwrightRequest.newContext({ baseURL: BASE_URL });
  expect((await grace.post("/api/auth/sign-in/email", { data: { email: "grace@example.com", password: DEMO_PASSWORD } })).status()).toBe(200);
  const created = await grace.post("/api/v1/tokens", { data: { name: "e2e mcp inspector", scope: "read" } });
  expect(created.status()).toBe(201);
  token = (await created.json()).secret;
  await grace.dispose();
  home = await mkdtemp(path.join(os.tmpdir(), "e2e-mcp-inspector-"));
});

test.afterAll(async () => {
  if (home) await rm(home, { recursive: true, force: true });
});

function inspector(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const argv = [inspectorBin, "--cli", `${BASE_URL}/api/mcp`, "--header", `Authorization: Bearer ${token}`, "--protocol-era", "modern", ...args];
  const env = { NODE_ENV: "test" as const, PATH: process.env.PATH ?? "", HOME: home, DISABLE_TELEMETRY: "1", DO_NOT_TRACK: "1" };
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test("the MCP Inspector negotiates 2026-07-28 and verifies every skill the Skills extension serves", async () => {
  test.setTimeout(180_000);
  const init = await inspector("--method", "initialize", "--format", "json");
  expect(init.code, init.stderr).toBe(0);
  const { result } = JSON.parse(init.stdout);
  expect(result.protocolVersion).toBe("2026-07-28");
  expect(result.capabilities.extensions).toEqual({ "io.modelcontextprotocol/skills": {} });

  const list = await inspector("--method", "skills/list", "--format", "json");
  expect(list.code, list.stderr).toBe(0);
  const skills = JSON.parse(list.stdout).result.skills as { uri: string; resources: { uri: string; digest: string; size: number }[] }[];
  expect(skills.length).toBeGreaterThan(0);

  const skillMd = skills[0].resources.find((r) => r.uri === skills[0].uri)!;
  const read = await inspector("--method", "resources/read", "--uri", skillMd.uri, "--format", "json");
  expect(read.code, read.stderr).toBe(0);
  const text = JSON.parse(read.stdout).result.contents[0].text as string;
  expect(`sha256:${createHash("sha256").update(text).digest("hex")}`).toBe(skillMd.digest);
  expect(Buffer.byteLength(text)).toBe(skillMd.size);

  const verify = await inspector("--method", "skills/list", "--verify");
  expect(verify.code, verify.stderr).toBe(0);
  expect(verify.stderr).toContain(`Verified ${skills.length} skill`);
  expect(verify.stderr).toContain("no conformance errors");
});
