import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildIfNeeded, isBuildCurrent } from "./build-if-needed";

// `npm start` builds when the recorded build is not current. `npm run build` ends by recording its
// build, so the first `npm start` after it starts at once. Both run here on a small checkout of
// their own: build-if-needed.ts copied in (it takes its checkout from where it lies), a few sources,
// and a .next that holds a build.

const repo = path.resolve(import.meta.dirname, "..");
const buildScript = (JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as { scripts: { build: string } }).scripts.build;
const steps = buildScript.split("&&").map((step) => step.trim());

let checkout: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
  writeFileSync(path.join(checkout, file), text);
};

beforeEach(() => {
  checkout = mkdtempSync(path.join(os.tmpdir(), "build-if-needed-"));
  mkdirSync(path.join(checkout, "server"));
  // with what it imports (the runtime preparation finds no Next.js here and does nothing)
  for (const file of ["build-if-needed.ts", "next-runtime.mjs", "hoist-iifes.mjs"])
    copyFileSync(path.join(repo, "server", file), path.join(checkout, "server", file));
  write("app/page.tsx", "export default function Page() { return null; }\n");
  write("lib/skills.ts", "export const skills = [];\n");
  write("package.json", '{ "type": "module" }\n');
  write("package-lock.json", "{}\n");
  // what `next build` leaves behind
  write(".next/BUILD_ID", "build-1\n");
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(checkout, { recursive: true, force: true });
});

/** The build script's last step, run as npm runs it (its tsx, in the checkout). */
function recordAsNpmRunBuildDoes(): void {
  const [command, ...args] = steps.at(-1)!.split(/\s+/);
  execFileSync(path.join(repo, "node_modules", ".bin", command), args, { cwd: checkout, stdio: "pipe" });
}

describe("npm run build, then npm start", () => {
  it("records the build after next build", () => {
    expect(steps.at(-1)).toBe("tsx server/build-if-needed.ts --record");
    expect(steps.indexOf("next build")).toBeGreaterThanOrEqual(0);
    expect(steps.indexOf("next build")).toBeLessThan(steps.length - 1);
  });

  it("starts on the recorded build without building again", async () => {
    recordAsNpmRunBuildDoes();
    expect(await isBuildCurrent(checkout)).toBe(true);
    const build = vi.fn();
    expect(await buildIfNeeded(checkout, build)).toBe(false);
    expect(build).not.toHaveBeenCalled();
  });

  it("builds when a source changed since the recorded build, and records that build", async () => {
    recordAsNpmRunBuildDoes();
    write("lib/skills.ts", "export const skills = ['changed'];\n");
    const build = vi.fn();
    vi.spyOn(console, "log").mockImplementationOnce(() => {});
    expect(await buildIfNeeded(checkout, build)).toBe(true);
    expect(build).toHaveBeenCalledWith(checkout);
    expect(await buildIfNeeded(checkout, build)).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it("builds when there is no build at all, even with a record", async () => {
    recordAsNpmRunBuildDoes();
    rmSync(path.join(checkout, ".next", "BUILD_ID"));
    const build = vi.fn(() => write(".next/BUILD_ID", "build-2\n"));
    vi.spyOn(console, "log").mockImplementationOnce(() => {});
    expect(await buildIfNeeded(checkout, build)).toBe(true);
    expect(build).toHaveBeenCalledTimes(1);
    expect(await isBuildCurrent(checkout)).toBe(true);
  });
});
