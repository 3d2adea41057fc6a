import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startPlan } from "./start-plan";

describe("startPlan", () => {
  it("reads back in sh as the same values, whatever the path holds, and runs nothing", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "start-plan-"));
    try {
      const database = path.join(dir, 'it\'s a $(touch pwned) `x` "db"; rm -rf /', "app.db");
      const file = path.join(dir, "plan");
      writeFileSync(file, startPlan({ port: 3000, hostname: "::", database }));
      const out = execFileSync("sh", ["-c", '. "$1" && printf "%s\\n%s\\n%s" "$port" "$hostname" "$database"', "sh", file], { cwd: dir, encoding: "utf8" });
      expect(out.split("\n")).toEqual(["3000", "::", database]);
      expect(() => execFileSync("ls", [path.join(dir, "pwned")], { stdio: "ignore" })).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
