import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSkillZip } from "./export";
import { installCommand, shellQuote, syncAllCommand } from "./install";

const encoder = new TextEncoder();
const TOKEN = "sks_installTestToken123";
const zip = exportSkillZip({
  name: "pdf-tools",
  files: [
    { path: "SKILL.md", bytes: encoder.encode("---\nname: pdf-tools\ndescription: Fill PDFs. Use for PDFs.\n---\n# PDF\n") },
    { path: "scripts/fill.py", bytes: encoder.encode("print('fill')\n") },
    { path: "scripts/run.sh", bytes: encoder.encode("#!/bin/sh\necho run\n"), executable: true },
  ],
});

// The shell inherits this process's environment (PATH), with HOME and TMPDIR pointed at the sandbox.
function available(tool: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const missing = ["bash", "dash", "curl", "unzip"].filter((tool) => !available(tool));
if (missing.length) {
  console.warn(`install command tests skipped: ${missing.join(", ")} not installed (Debian: apt-get install ${missing.join(" ")})`);
}

function run(shell: string, command: string, options: { home: string; cwd: string; tmp: string; env?: Record<string, string> }) {
  const assignments = [`HOME=${options.home}`, `TMPDIR=${options.tmp}`, ...Object.entries(options.env ?? {}).map(([k, v]) => `${k}=${v}`)];
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      "env",
      ["-u", "SKILLSHELF_TOKEN", ...assignments, shell, "-c", command],
      { cwd: options.cwd, timeout: 15_000, encoding: "utf8" },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

async function listTree(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) out.push(...(await listTree(path.join(dir, entry.name), `${rel}/`)));
    else out.push(rel);
  }
  return out.sort();
}

describe("installCommand (string)", () => {
  it("is one line with every value single-quoted", () => {
    const command = installCommand({ name: "pdf-tools", downloadUrl: "https://shelf.example/api/v1/skills/abc/download?v=2", target: "claude", token: TOKEN });
    expect(command).not.toMatch(/\n/);
    expect(command).toContain("n='pdf-tools'");
    expect(command).toContain(`'${TOKEN}'`);
    expect(command).toContain("'https://shelf.example/api/v1/skills/abc/download?v=2'");
    expect(command).toContain('d="$HOME/.claude/skills"');
    expect(installCommand({ name: "x", downloadUrl: "http://h/d", target: "agents" })).toContain('"$SKILLSHELF_TOKEN"');
  });

  it("quotes shell metacharacters so they stay text", () => {
    expect(shellQuote("it's $(rm -rf ~) `x`")).toBe(`'it'\\''s $(rm -rf ~) \`x\`'`);
  });

  it("refuses names, URLs and tokens it cannot use safely", () => {
    const base = { downloadUrl: "https://h/d", target: "claude" as const };
    for (const name of ["", ".", "..", "a/b", "a\\b", "a\nb"]) expect(() => installCommand({ ...base, name })).toThrow(/plain folder name/);
    expect(() => installCommand({ ...base, name: "x", downloadUrl: "/relative" })).toThrow(/absolute/);
    expect(() => installCommand({ ...base, name: "x", downloadUrl: "file:///etc/passwd" })).toThrow(/http/);
    expect(() => installCommand({ ...base, name: "x", token: "a\nX-Injected: 1" })).toThrow(/token/);
    expect(() => installCommand({ ...base, name: "x", target: "nowhere" as "claude" })).toThrow(/target/);
  });
});

describe.skipIf(missing.length > 0)("installCommand (run with a real shell, curl and unzip)", () => {
  let server: Server;
  let url: string;
  let root: string;
  const seen: (string | undefined)[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "skillshelf-install-"));
    server = createServer((request, response) => {
      seen.push(request.headers.authorization);
      if (request.headers.authorization !== `Bearer ${TOKEN}`) {
        response.writeHead(401, { "content-type": "application/json" }).end('{"error":{"code":"unauthorized"}}');
        return;
      }
      response.writeHead(200, { "content-type": "application/zip", "content-length": zip.length }).end(Buffer.from(zip));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/skills/abc/download`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(root, { recursive: true, force: true });
  });

  async function sandbox(label: string) {
    const home = path.join(root, label, "home");
    const cwd = path.join(root, label, "project");
    const tmp = path.join(root, label, "tmp");
    for (const dir of [home, cwd, tmp]) await mkdir(dir, { recursive: true });
    return { home, cwd, tmp };
  }

  it("installs into ~/.claude/skills/<name>/ with bash", async () => {
    const { home, cwd, tmp } = await sandbox("claude");
    const result = await run("bash", installCommand({ name: "pdf-tools", downloadUrl: url, target: "claude", token: TOKEN }), { home, cwd, tmp });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Installed pdf-tools in ${home}/.claude/skills/pdf-tools`);
    expect(await listTree(path.join(home, ".claude/skills"))).toEqual(["pdf-tools/SKILL.md", "pdf-tools/scripts/fill.py", "pdf-tools/scripts/run.sh"]);
    expect(await readFile(path.join(home, ".claude/skills/pdf-tools/scripts/fill.py"), "utf8")).toBe("print('fill')\n");
    // unzip restores the mode the archive records: the script stays runnable, the rest is not
    const mode = async (file: string) => ((await stat(path.join(home, ".claude/skills/pdf-tools", file))).mode & 0o777).toString(8);
    expect([await mode("scripts/run.sh"), await mode("scripts/fill.py"), await mode("SKILL.md")]).toEqual(["755", "644", "644"]);
    expect(seen.at(-1)).toBe(`Bearer ${TOKEN}`);
    expect(await readdir(tmp)).toEqual([]); // the download's temporary folder is gone
  });

  it("installs into ~/.codex/skills/<name>/, or $CODEX_HOME/skills when Codex is told to live elsewhere", async () => {
    const { home, cwd, tmp } = await sandbox("codex");
    const command = installCommand({ name: "pdf-tools", downloadUrl: url, target: "codex", token: TOKEN });
    const result = await run("sh", command, { home, cwd, tmp });
    expect(result.code).toBe(0);
    expect(await listTree(path.join(home, ".codex/skills"))).toEqual(["pdf-tools/SKILL.md", "pdf-tools/scripts/fill.py", "pdf-tools/scripts/run.sh"]);
    const elsewhere = path.join(root, "codex", "codex-home");
    expect((await run("sh", command, { home, cwd, tmp, env: { CODEX_HOME: elsewhere } })).code).toBe(0);
    expect(await readdir(path.join(elsewhere, "skills"))).toEqual(["pdf-tools"]);
  });

  it("installs into .agents/skills/<name>/ of the current folder with dash, the token read from the environment", async () => {
    const { home, cwd, tmp } = await sandbox("agents");
    const result = await run("dash", installCommand({ name: "pdf-tools", downloadUrl: url, target: "agents" }), {
      home,
      cwd,
      tmp,
      env: { SKILLSHELF_TOKEN: TOKEN },
    });
    expect(result.code).toBe(0);
    expect(await listTree(path.join(cwd, ".agents/skills"))).toEqual(["pdf-tools/SKILL.md", "pdf-tools/scripts/fill.py", "pdf-tools/scripts/run.sh"]);
    expect(existsSync(path.join(home, ".claude"))).toBe(false);
  });

  it("replaces an earlier install whole, and leaves it alone when the download fails", async () => {
    const { home, cwd, tmp } = await sandbox("replace");
    const installed = path.join(home, ".claude/skills/pdf-tools");
    await mkdir(installed, { recursive: true });
    await writeFile(path.join(installed, "stale.md"), "removed upstream");

    const denied = await run("bash", installCommand({ name: "pdf-tools", downloadUrl: url, target: "claude", token: "sks_wrong" }), { home, cwd, tmp });
    expect(denied.code).not.toBe(0);
    expect(denied.stderr).toMatch(/401/);
    expect(await listTree(installed)).toEqual(["stale.md"]);
    expect(await readdir(tmp)).toEqual([]);

    const unset = await run("bash", installCommand({ name: "pdf-tools", downloadUrl: url, target: "claude" }), { home, cwd, tmp });
    expect(unset.code).not.toBe(0);
    expect(unset.stderr).toContain("set SKILLSHELF_TOKEN");

    const ok = await run("bash", installCommand({ name: "pdf-tools", downloadUrl: url, target: "claude", token: TOKEN }), { home, cwd, tmp });
    expect(ok.code).toBe(0);
    expect(await listTree(installed)).toEqual(["SKILL.md", "scripts/fill.py", "scripts/run.sh"]);
  });

  it("treats a hostile name as a folder name, never as shell code", async () => {
    const { home, cwd, tmp } = await sandbox("hostile");
    const name = `x'; touch pwned; echo '$(touch pwned2)`;
    const result = await run("bash", installCommand({ name, downloadUrl: url, target: "agents", token: TOKEN }), { home, cwd, tmp });
    expect(result.code).toBe(0);
    expect(await readdir(path.join(cwd, ".agents/skills"))).toEqual([name]);
    expect(existsSync(path.join(cwd, "pwned"))).toBe(false);
    expect(existsSync(path.join(cwd, "pwned2"))).toBe(false);
  });
});

describe("syncAllCommand", () => {
  it("runs the served sync CLI through npx against the app's origin, with the token left to the environment", () => {
    expect(syncAllCommand("https://shelf.example/skills?x=1")).toBe(
      "npx -y 'https://shelf.example/api/v1/cli/skillshelf-sync.tgz' sync --claude --url 'https://shelf.example'",
    );
    expect(syncAllCommand("https://shelf.example", "codex")).toBe(
      "npx -y 'https://shelf.example/api/v1/cli/skillshelf-sync.tgz' sync --codex --url 'https://shelf.example'",
    );
    expect(() => syncAllCommand("/relative")).toThrow(/absolute/);
    expect(() => syncAllCommand("javascript:alert(1)")).toThrow(/http/);
  });
});
