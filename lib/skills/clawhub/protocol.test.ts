import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decodeCursor,
  encodeCursor,
  folderFingerprint,
  normalizeHandle,
  parseVersionLabel,
  publishPathProblem,
  publishVersionProblem,
  tagProblem,
  readTagProblem,
  teamHandle,
  versionLabel,
} from "./protocol";

describe("version labels", () => {
  it("writes version n as n.0.0 and reads n, vn and n.0.0 back", () => {
    expect(versionLabel(3)).toBe("3.0.0");
    expect([parseVersionLabel("3"), parseVersionLabel("v3"), parseVersionLabel("3.0.0")]).toEqual([3, 3, 3]);
    expect([parseVersionLabel("3.0.1"), parseVersionLabel("0"), parseVersionLabel("latest")]).toEqual([null, null, null]);
  });

  it("lets a publish ask for any release newer than the current version, and names the next one otherwise", () => {
    expect(publishVersionProblem("1.0.0", null)).toBeNull();
    expect(publishVersionProblem("2.0.1", 2)).toBeNull(); // the CLI's own patch bump of 2.0.0
    expect(publishVersionProblem("3.0.0", 2)).toBeNull();
    expect(publishVersionProblem("2.0.0", 2)).toContain("the next is 3.0.0");
    expect(publishVersionProblem("1.9.9", 2)).toContain("not newer");
    expect(publishVersionProblem("3.0.0-beta.1", 2)).toContain("not a release version");
  });
});

describe("tags", () => {
  it("knows latest only, and says why another tag is refused", () => {
    expect(tagProblem("latest")).toBeNull();
    expect(tagProblem("beta")).toContain('A publish sets the "latest" tag only');
    expect(readTagProblem("beta", { stable: 2 })).toBe('Unknown tag "beta": this skill\'s tags are "latest", "stable".');
    expect(readTagProblem("stable", { stable: 2 })).toBeNull();
  });
});

describe("owner handles", () => {
  it("names a team by its name in lowercase with dashes, by id when that would be a shared place's", () => {
    expect(teamHandle({ id: "t1", name: "Site Reliability" })).toBe("site-reliability");
    expect(teamHandle({ id: "t2", name: "Public" })).toBe("t2");
    expect(normalizeHandle("@@Platform ")).toBe("platform");
  });
});

describe("folderFingerprint", () => {
  it("is sha256 over path:sha256 lines sorted as localeCompare sorts (case folded), without dot paths", () => {
    const files = [
      { path: "scripts/run.sh", sha256: "b".repeat(64) },
      { path: "SKILL.md", sha256: "a".repeat(64) },
      { path: ".clawhub/origin.json", sha256: "c".repeat(64) },
    ];
    const expected = createHash("sha256")
      .update(`scripts/run.sh:${"b".repeat(64)}\nSKILL.md:${"a".repeat(64)}`)
      .digest("hex");
    expect(folderFingerprint(files)).toBe(expected);
    expect(folderFingerprint(files.slice(0, 2))).toBe(expected);
  });
});

describe("cursors and paths", () => {
  it("reads back the cursors it writes and nothing else", () => {
    expect(decodeCursor(encodeCursor({ value: "2026-01-01T00:00:00.000Z", id: "s1" }))).toEqual({ value: "2026-01-01T00:00:00.000Z", id: "s1" });
    expect(decodeCursor("not-a-cursor")).toBeNull();
  });

  it("refuses absolute, backslashed and dot-dot paths", () => {
    expect(publishPathProblem("references/a.md")).toBeNull();
    for (const path of ["/etc/passwd", "a\\b", "../x", "a//b", ""]) expect(publishPathProblem(path), path).not.toBeNull();
  });
});
