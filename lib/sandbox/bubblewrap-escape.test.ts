// Escape attempts: each is a real try from inside the sandbox that must fail. If one of these
// starts passing, a script in the playground can reach what it names.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bytes, describeSandbox, processesWith, runIn, uniqueMarker, withWorkspace } from "./test-kit";

const PROJECT = process.cwd();
const PROJECT_DB = path.join(PROJECT, "data", "skillshelf.db");

describeSandbox("escape attempts from the bubblewrap sandbox", () => {
  let hostDir: string;
  let plantedDb: string;
  beforeAll(async () => {
    hostDir = await mkdtemp(path.join(os.tmpdir(), "escape-host-"));
    plantedDb = path.join(hostDir, "skillshelf.db");
    await writeFile(plantedDb, "SQLite format 3\0 planted-db-secret");
  });
  afterAll(() => rm(hostDir, { recursive: true, force: true }));

  it("cannot read the project, the database, /root, /home or /etc/shadow", async () => {
    expect(existsSync(path.join(PROJECT, "package.json"))).toBe(true);
    const targets = [path.join(PROJECT, "package.json"), PROJECT_DB, plantedDb, "/etc/shadow", "/etc/hostname", "/root/.bashrc", "/proc/1/root/etc/shadow"];
    const outcome = await runIn(`for f in ${targets.join(" ")}; do cat "$f" 2>&1 && echo "READ $f"; done; ls /root /home /work 2>&1; true`);
    expect(outcome.stdout).not.toMatch(/READ /);
    expect(outcome.stdout).not.toContain('"name": "skillshelf"');
    expect(outcome.stdout).not.toContain("planted-db-secret");
    for (const target of [path.join(PROJECT, "package.json"), plantedDb, "/etc/shadow", "/root/.bashrc"])
      expect(outcome.stdout).toContain(`cat: ${target}: No such file or directory`);
    const sqlite = await runIn(
      `python3 -c "import sqlite3; print(sqlite3.connect('file:${PROJECT_DB}?mode=ro', uri=True).execute('select count(*) from sqlite_master').fetchone())"`,
    );
    expect(sqlite.exitCode).toBe(1);
    expect(sqlite.stderr).toMatch(/unable to open database file/);
  });

  it("cannot reach a server of the host: not over loopback, not at the host's address, not the internet", async () => {
    let requests = 0;
    const server: Server = createServer((_, response) => {
      requests++;
      response.end("host server");
    });
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    try {
      const port = (server.address() as { port: number }).port;
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("host server"); // reachable from the host itself
      requests = 0;
      const hostAddresses = Object.values(os.networkInterfaces())
        .flat()
        .flatMap((address) => (address && !address.internal && address.family === "IPv4" ? [address.address] : []));
      const urls = [
        `http://127.0.0.1:${port}/`,
        `http://localhost:${port}/`,
        ...hostAddresses.map((address) => `http://${address}:${port}/`),
        "http://1.1.1.1/",
      ];
      const script = `import urllib.request, sys
for url in sys.argv[1:]:
    try:
        print("REACHED", url, urllib.request.urlopen(url, timeout=2).read())
    except Exception as error:
        print("failed", url, type(error).__name__, error)`;
      await withWorkspace([{ path: "scripts/reach.py", bytes: bytes(script), executable: false }], async (workspace) => {
        const outcome = await workspace.run("demo", { command: `python3 scripts/reach.py ${urls.join(" ")}` });
        expect(outcome.stdout).not.toContain("REACHED");
        expect(outcome.stdout.trim().split("\n")).toHaveLength(urls.length);
        expect(outcome.durationMs).toBeLessThan(10_000);
        const interfaces = await workspace.run("demo", { command: "cat /proc/net/dev" });
        expect(interfaces.stdout).not.toMatch(/eth|ens|enp|wlan|veth/); // only its own lo
      });
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it("cannot read the server's environment: a planted secret is neither in env nor in any /proc/*/environ", async () => {
    const secret = `planted-${randomBytes(8).toString("hex")}`;
    process.env.SKILLSHELF_PLANTED_SECRET = secret;
    try {
      const outcome = await runIn(`env; cat /proc/1/environ /proc/self/environ /proc/${process.pid}/environ /proc/${process.ppid}/environ 2>&1; ls /proc`);
      expect(outcome.stdout).not.toContain(secret);
      expect(outcome.stdout).not.toContain("SKILLSHELF_PLANTED_SECRET");
      expect(outcome.stdout).not.toMatch(/DATABASE_URL|BETTER_AUTH|API_KEY/);
      const pids = outcome.stdout.split("\n").filter((line) => /^\d+$/.test(line));
      expect(pids.length).toBeLessThan(6); // a PID namespace of its own: bwrap's init, the shell, ls
    } finally {
      delete process.env.SKILLSHELF_PLANTED_SECRET;
    }
  });

  it("cannot write outside the workspace: not /usr, /, /etc, /bin, /dev, the skill tree; /tmp is its own and bounded", async () => {
    const marker = `escape-${uniqueMarker()}`;
    const targets = [
      `/usr/${marker}`,
      `/${marker}`,
      `/etc/${marker}`,
      `/bin/${marker}`,
      `/workspace/skills/demo/${marker}`,
      `/workspace/skills/${marker}`,
      `/dev/${marker}`,
    ];
    await withWorkspace([{ path: "scripts/x.sh", bytes: bytes("#!/bin/sh\n"), executable: true }], async (workspace) => {
      const outcome = await workspace.run("demo", {
        command: `for f in ${targets.join(" ")}; do touch "$f" 2>/dev/null && echo "WROTE $f"; done; echo >> scripts/x.sh && echo WROTE script; chmod 777 scripts/x.sh && echo CHMOD; rm SKILL.md && echo REMOVED; echo tmp > /tmp/${marker} && echo TMP-OK; for i in 1 2 3 4 5; do head -c 60000000 /dev/zero > /tmp/fill$i || echo TMP-FULL; done; true`,
      });
      expect(outcome.stdout).toBe("TMP-OK\nTMP-FULL\n");
      expect(outcome.stderr).toMatch(/No space left on device/);
      expect((await workspace.run("demo", { command: "cat scripts/x.sh SKILL.md | head -c 20" })).stdout).toBe("#!/bin/sh\n---\nname: ");
    });
    for (const target of [`/usr/${marker}`, `/${marker}`, `/etc/${marker}`, `/tmp/${marker}`]) expect(existsSync(target)).toBe(false);
  });

  it("a symlink to a host path is never followed by the host: not when collecting, not when staging inputs later", async () => {
    const secretFile = path.join(hostDir, "host-secret.txt");
    await writeFile(secretFile, "host-only secret");
    await withWorkspace([{ path: "scripts/leak.txt", bytes: bytes(secretFile), executable: false }], async (workspace) => {
      const outcome = await workspace.run("demo", {
        command: `ln -s ${PROJECT}/package.json out/leak && ln -s ${secretFile} out/secret && ln -s / out/root && echo ok > out/ok.txt && ln -s ${hostDir} /workspace/work/host`,
      });
      expect(outcome.exitCode).toBe(0);
      // inputs/ is the host's folder, mounted read-only: it cannot be swapped for a link.
      const swap = await workspace.run("demo", { command: `rm -r /workspace/inputs || ln -sfn ${hostDir} /workspace/inputs || touch /workspace/inputs/x` });
      expect(swap.exitCode).not.toBe(0);
      expect(swap.stderr).toMatch(/Read-only file system|Device or resource busy/);
      const collected = await workspace.collect(["out/**", "work/**", "inputs/**"]);
      expect(collected.files.map((file) => file.path)).toEqual(["out/ok.txt"]);
      expect(collected.skipped).toEqual(["out/leak", "out/root", "out/secret", "work/host"].map((link) => `${link}: a symbolic link, not followed`));
      await workspace.stageInputs([{ name: "new.csv", bytes: bytes("x") }]);
      expect(await readdir(hostDir)).toEqual(["host-secret.txt", "skillshelf.db"]);
      // A staged file holding a path is only text: skills cannot ship symlinks.
      expect((await workspace.run("demo", { command: "test -L scripts/leak.txt || cat scripts/leak.txt" })).stdout).toBe(secretFile);
    });
    await withWorkspace([], async (workspace) => {
      await workspace.run("demo", { command: `rm -r /workspace/out && ln -s ${PROJECT} /workspace/out` });
      expect(await workspace.collect(["out/**"])).toEqual({ files: [], skipped: ["out: a symbolic link, not followed"] });
    });
  });

  it("a fork bomb stops at the process limit and ends with the run", async () => {
    const marker = uniqueMarker();
    const outcome = await runIn(
      `mkfifo /tmp/wait; bomb() { bomb | bomb & }; bomb 2>/dev/null; read -t 2 <> /tmp/wait; n=0; for p in /proc/[0-9]*; do n=$((n+1)); done; echo "processes=$n"; : ${marker}`,
      { maxProcesses: 32, timeoutMs: 15_000 },
    );
    expect(outcome.timedOut).toBe(false);
    const processes = Number(/processes=(\d+)/.exec(outcome.stdout)?.[1]);
    expect(processes).toBeGreaterThan(10);
    expect(processes).toBeLessThanOrEqual(33);
    expect(outcome.durationMs).toBeLessThan(10_000);
    expect(processesWith(marker)).toEqual([]);
  });

  it("a memory hog fails at the memory limit", async () => {
    const outcome = await runIn(`python3 -c "b = bytearray(4 * 1024 ** 3); print('allocated')"`, { memoryBytes: 512 * 1024 * 1024 });
    expect(outcome.stdout).toBe("");
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toMatch(/MemoryError/);
  });

  it("a busy loop stops at the CPU limit", async () => {
    const outcome = await runIn("while :; do :; done", { cpuSeconds: 1, timeoutMs: 15_000 });
    expect(outcome).toMatchObject({ exitCode: 152, signal: "SIGXCPU", timedOut: false, warnings: ["stopped at the CPU time limit of 1 s (SIGXCPU)"] });
    expect(outcome.durationMs).toBeLessThan(8_000);
  });

  it("a file past the size limit stops the writer", async () => {
    const outcome = await runIn("head -c 3000000 /dev/zero > out/big.bin", { maxFileBytes: 1024 * 1024 });
    expect(outcome).toMatchObject({ exitCode: 153, signal: "SIGXFSZ", warnings: ["stopped at the file size limit of 1 MB (SIGXFSZ)"] });
  });

  it("endless output is capped with a visible marker", async () => {
    const outcome = await runIn("yes", { timeoutMs: 1500, maxOutputBytes: 64 * 1024 });
    expect(Buffer.byteLength(outcome.stdout)).toBeLessThan(64 * 1024 + 100);
    expect(outcome.stdout.startsWith("y\ny\n")).toBe(true);
    expect(outcome.stdout).toMatch(/\n\[… output truncated: [\d.]+ [KMG]B more not shown\]$/);
    expect(outcome.warnings).toEqual([
      "killed after 1.5 s: the wall-clock timeout",
      expect.stringMatching(/^stdout truncated at 64 KB \(.* more not shown\)$/),
      "files written during this run were not kept: it was stopped before the workspace was saved",
    ]);
  });

  it("a sleep past the timeout is killed with every process it started", async () => {
    const marker = uniqueMarker();
    const started = Date.now();
    const outcome = await runIn(`sleep 60.${marker} & (sleep 61.${marker} &) ; sleep 62.${marker}`, { timeoutMs: 1000 });
    expect(outcome).toMatchObject({
      exitCode: null,
      signal: "SIGKILL",
      timedOut: true,
      warnings: ["killed after 1 s: the wall-clock timeout", "files written during this run were not kept: it was stopped before the workspace was saved"],
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(processesWith(`.${marker}`)).toEqual([]);
  });

  it("a second run does not see the first run's files", async () => {
    const marker = uniqueMarker();
    await withWorkspace([], (workspace) =>
      workspace.run("demo", { command: `echo ${marker} | tee out/a work/b /tmp/c "$HOME/.bash_profile" /workspace/runs/d /dev/shm/e >/dev/null` }),
    );
    const second = await runIn(
      "cat /workspace/out/* /workspace/work/* /tmp/* /workspace/runs/*/* /dev/shm/* 2>/dev/null; ls -A /workspace/out /workspace/work /tmp /dev/shm",
    );
    expect(second.stdout).not.toContain(marker);
    expect(second.stdout).toBe("/dev/shm:\n\n/tmp:\n\n/workspace/out:\n\n/workspace/work:\n");
  });
});
