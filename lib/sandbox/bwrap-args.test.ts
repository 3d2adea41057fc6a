import { describe, expect, it } from "vitest";
import { bwrapArgs, ETC_ENTRIES, limitsScript, resolveCwd, resolveLimits, sandboxEnv } from "./bwrap-args";
import { DEFAULT_RUN_LIMITS } from "./executor";

describe("sandboxEnv", () => {
  it("is the documented variables plus the caller's, nothing of the server", () => {
    const env = sandboxEnv("csv-insights", "/workspace/runs/r1", { MODE: "fast" });
    expect(env).toEqual({
      MODE: "fast",
      WORKSPACE_DIR: "/workspace",
      SKILLS_DIR: "/workspace/skills",
      WORK_DIR: "/workspace/work",
      OUTPUT_DIR: "/workspace/out",
      RUN_DIR: "/workspace/runs/r1",
      SKILL_NAME: "csv-insights",
      HOME: "/workspace/work",
      PATH: "/usr/local/bin:/usr/bin:/bin",
      TMPDIR: "/tmp",
      LANG: "C.UTF-8",
    });
  });

  it("refuses bad names and overriding the documented variables", () => {
    expect(() => sandboxEnv("s", "/r", { "bad-name": "x" })).toThrow(/must match/);
    expect(() => sandboxEnv("s", "/r", { PATH: "/host/bin" })).toThrow(/cannot be overridden/);
    expect(() => sandboxEnv("s", "/r", { A: "x\0y" })).toThrow(/NUL/);
  });
});

describe("resolveCwd", () => {
  it("defaults to the skill folder and stays inside the workspace", () => {
    expect(resolveCwd(undefined, "demo")).toBe("/workspace/skills/demo");
    expect(resolveCwd("out", "demo")).toBe("/workspace/out");
    expect(resolveCwd("/workspace/work/x", "demo")).toBe("/workspace/work/x");
    expect(resolveCwd(".", "demo")).toBe("/workspace");
    expect(() => resolveCwd("../etc", "demo")).toThrow(/outside the workspace/);
    expect(() => resolveCwd("/etc", "demo")).toThrow(/outside the workspace/);
    expect(() => resolveCwd("/workspace-other", "demo")).toThrow(/outside the workspace/);
  });
});

describe("limits", () => {
  it("merges with the defaults and refuses nonsense", () => {
    expect(resolveLimits({ timeoutMs: 1000 })).toEqual({ ...DEFAULT_RUN_LIMITS, timeoutMs: 1000 });
    expect(resolveLimits({ timeoutMs: undefined, cpuSeconds: 5 })).toEqual({ ...DEFAULT_RUN_LIMITS, cpuSeconds: 5 });
    expect(() => resolveLimits({ cpuSeconds: 0 })).toThrow(/cpuSeconds/);
    expect(() => resolveLimits({ memoryBytes: Number.NaN })).toThrow(/memoryBytes/);
  });

  it("are applied by the login shell before it evaluates the command, soft CPU limit below the hard one", () => {
    const script = limitsScript({ ...DEFAULT_RUN_LIMITS, cpuSeconds: 5, memoryBytes: 512 * 1024 * 1024, maxProcesses: 32, maxFileBytes: 1024 * 1024 });
    expect(script).toBe('ulimit -t 6 && ulimit -S -t 5 && ulimit -v 524288 && ulimit -u 32 && ulimit -f 1024 && ulimit -c 0 || exit 125; eval "set --; $1"');
  });
});

describe("bwrapArgs", () => {
  const args = bwrapArgs({
    workspaceDir: "/tmp/skillshelf-runs/ws-1/workspace",
    etcDir: "/tmp/skillshelf-runs/ws-1/etc",
    system: [
      { kind: "symlink", path: "/bin", target: "usr/bin" },
      { kind: "bind", path: "/lib32" },
    ],
    cwd: "/workspace/skills/demo",
    env: { SKILL_NAME: "demo" },
    limits: DEFAULT_RUN_LIMITS,
    command: "scripts/x.py",
    features: { disableUserns: true, tmpfsSize: true },
  });
  const pairs = (flag: string) => args.flatMap((arg, i) => (arg === flag ? [[args[i + 1], args[i + 2]]] : []));

  it("unshares every namespace and drops privileges", () => {
    for (const flag of ["--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session", "--clearenv"])
      expect(args).toContain(flag);
    expect(args.slice(args.indexOf("--cap-drop"), args.indexOf("--cap-drop") + 2)).toEqual(["--cap-drop", "ALL"]);
  });

  it("mounts only /usr, the system links, a few files of /etc and the workspace from the host", () => {
    const hostSources = [...pairs("--ro-bind"), ...pairs("--ro-bind-try"), ...pairs("--bind")].map(([source]) => source);
    expect(hostSources.sort()).toEqual(
      [
        "/usr",
        "/lib32",
        ...ETC_ENTRIES,
        "/tmp/skillshelf-runs/ws-1/etc/passwd",
        "/tmp/skillshelf-runs/ws-1/etc/group",
        "/tmp/skillshelf-runs/ws-1/workspace",
        "/tmp/skillshelf-runs/ws-1/workspace/skills",
      ].sort(),
    );
    expect(pairs("--ro-bind").at(-1)).toEqual(["/tmp/skillshelf-runs/ws-1/workspace/skills", "/workspace/skills"]);
    expect(pairs("--symlink")).toEqual([["usr/bin", "/bin"]]);
    expect(args.join(" ")).not.toMatch(/shadow|\/root|\/home|\/work\b/);
  });

  it("ends with the root read-only and the command evaluated by a login bash", () => {
    expect(args.slice(args.lastIndexOf("--remount-ro"), args.lastIndexOf("--remount-ro") + 2)).toEqual(["--remount-ro", "/"]);
    expect(args.lastIndexOf("--remount-ro")).toBeGreaterThan(args.lastIndexOf("--bind"));
    expect(args.slice(args.indexOf("--"))).toEqual(["--", "/bin/bash", "-l", "-c", limitsScript(DEFAULT_RUN_LIMITS), "bash", "scripts/x.py"]);
  });
});
