import { describe, expect, it } from "vitest";
import { archiveLimit, boundLimits, bwrapArgs, ETC_ENTRIES, resolveCwd, resolveLimits, sandboxEnv, sandboxScript } from "./bwrap-args";
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

  it("bind the command's subshell, soft CPU limit below the hard one; the shell around it restores and saves the workspace", () => {
    const script = sandboxScript(
      { ...DEFAULT_RUN_LIMITS, cpuSeconds: 5, memoryBytes: 512 * 1024 * 1024, maxProcesses: 32, maxFileBytes: 1024 * 1024 },
      2 * 1024 * 1024,
    );
    expect(script.split("\n")).toEqual([
      "ulimit -c 0 && ulimit -f 2048 || exit 125",
      'if [ -s /run/workspace.tar ]; then tar -C /workspace -xf /run/workspace.tar || echo "sandbox: the files earlier runs left could not all be restored" >&2; fi',
      'mkdir -p -- "$RUN_DIR" && cd -- "$2" || exit 1',
      '(ulimit -t 6 && ulimit -S -t 5 && ulimit -v 524288 && ulimit -u 32 && ulimit -f 1024 || exit 125; eval "set --; $1")',
      "status=$?",
      "tar -C /workspace --sort=name --exclude=./skills --exclude=./inputs -cf /run/workspace.tar .",
      'exit "$status"',
    ]);
    // A file cannot be larger than the archive the workspace must fit in.
    expect(sandboxScript({ ...DEFAULT_RUN_LIMITS, maxFileBytes: 64 * 1024 * 1024 }, 1024 * 1024)).toContain("ulimit -f 1024 ||");
  });

  it("cap the workspace's archive at 1.25 times the disk bound, in whole KiB as ulimit -f counts", () => {
    expect(archiveLimit(256 * 1024 * 1024)).toBe(320 * 1024 * 1024);
    expect(archiveLimit(100_000_000)).toBe(124_999_680);
    expect(sandboxScript(DEFAULT_RUN_LIMITS, archiveLimit(100_000_000))).toContain(`ulimit -f ${124_999_680 / 1024} ||`);
  });

  it("lower the process cap until processes × memory per process fit the run's total, and refuse when too few fit", () => {
    const GiB = 1024 ** 3;
    expect(boundLimits(DEFAULT_RUN_LIMITS, 16 * GiB)).toEqual({ ...DEFAULT_RUN_LIMITS, maxProcesses: 16 });
    expect(boundLimits({ ...DEFAULT_RUN_LIMITS, memoryBytes: GiB / 8 }, 16 * GiB).maxProcesses).toBe(DEFAULT_RUN_LIMITS.maxProcesses);
    expect(boundLimits({ ...DEFAULT_RUN_LIMITS, maxProcesses: 8 }, 100 * GiB).maxProcesses).toBe(8);
    expect(() => boundLimits({ ...DEFAULT_RUN_LIMITS, memoryBytes: 2 * GiB }, 16 * GiB)).toThrow(
      "the memory limit of 2 GB per process leaves room for 8 processes in the run's 16 GB; a run needs at least 12: lower the limit per process or raise SANDBOX_MEMORY_TOTAL",
    );
  });
});

describe("bwrapArgs", () => {
  const args = bwrapArgs({
    workspaceDir: "/tmp/skillshelf-runs/ws-1/workspace",
    archivePath: "/tmp/skillshelf-runs/ws-1/workspace.tar",
    diskBytes: 256 * 1024 * 1024,
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

  it("mounts only /usr, the system links, a few files of /etc, the skill, the inputs and the workspace's archive from the host", () => {
    const hostSources = [...pairs("--ro-bind"), ...pairs("--ro-bind-try"), ...pairs("--bind")].map(([source]) => source);
    expect(hostSources.sort()).toEqual(
      [
        "/usr",
        "/lib32",
        ...ETC_ENTRIES,
        "/tmp/skillshelf-runs/ws-1/etc/passwd",
        "/tmp/skillshelf-runs/ws-1/etc/group",
        "/tmp/skillshelf-runs/ws-1/workspace/skills",
        "/tmp/skillshelf-runs/ws-1/workspace/inputs",
        "/tmp/skillshelf-runs/ws-1/workspace.tar",
      ].sort(),
    );
    expect(pairs("--ro-bind").slice(-2)).toEqual([
      ["/tmp/skillshelf-runs/ws-1/workspace/skills", "/workspace/skills"],
      ["/tmp/skillshelf-runs/ws-1/workspace/inputs", "/workspace/inputs"],
    ]);
    expect(pairs("--bind")).toEqual([["/tmp/skillshelf-runs/ws-1/workspace.tar", "/run/workspace.tar"]]);
    expect(pairs("--symlink")).toEqual([["usr/bin", "/bin"]]);
    expect(args.join(" ")).not.toMatch(/shadow|\/root|\/home|(?<!\/workspace)\/work\b/);
  });

  it("ends with the root read-only and the command evaluated by a login bash", () => {
    expect(args.slice(args.lastIndexOf("--remount-ro"), args.lastIndexOf("--remount-ro") + 2)).toEqual(["--remount-ro", "/"]);
    expect(args.lastIndexOf("--remount-ro")).toBeGreaterThan(args.lastIndexOf("--bind"));
    expect(args.slice(args.indexOf("--"))).toEqual([
      "--",
      "/bin/bash",
      "-l",
      "-c",
      sandboxScript(DEFAULT_RUN_LIMITS, archiveLimit(256 * 1024 * 1024)),
      "bash",
      "scripts/x.py",
      "/workspace/skills/demo",
    ]);
  });

  it("puts the workspace on a tmpfs of the disk bound's size, every tmpfs sized", () => {
    const tmpfs = args.flatMap((arg, i) => (arg === "--tmpfs" ? [args[i + 1]] : []));
    expect(tmpfs).toEqual(["/dev/shm", "/tmp", "/workspace"]);
    for (const dest of tmpfs) expect(args[args.indexOf(dest) - 5], dest).toBe("--size");
    expect(args.slice(args.indexOf("/workspace") - 5, args.indexOf("/workspace") + 1)).toEqual([
      "--size",
      String(256 * 1024 * 1024),
      "--perms",
      "0700",
      "--tmpfs",
      "/workspace",
    ]);
  });
});
