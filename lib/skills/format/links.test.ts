import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { collectMarkdownLinks, findUnreferenced, joinPath, linkTargetsInText, mentionedPaths, resolveLink } from "./links";
import { SHARED_DIR } from "../test-helpers/shared";

const files = new Set([
  "SKILL.md",
  "references/api.md",
  "references/rollback.md",
  "references/deep/notes.md",
  "assets/pipeline.png",
  "assets/my diagram.svg",
  "LICENSE.txt",
]);

describe("resolveLink", () => {
  it("resolves relative links against the document's folder", () => {
    expect(resolveLink("references/api.md", "SKILL.md", files)).toEqual({ kind: "file", path: "references/api.md", fragment: null });
    expect(resolveLink("./references/api.md#errors", "SKILL.md", files)).toEqual({ kind: "file", path: "references/api.md", fragment: "errors" });
    expect(resolveLink("rollback.md", "references/api.md", files)).toEqual({ kind: "file", path: "references/rollback.md", fragment: null });
    expect(resolveLink("../assets/pipeline.png", "references/api.md", files)).toEqual({ kind: "file", path: "assets/pipeline.png", fragment: null });
    expect(resolveLink("../../SKILL.md", "references/deep/notes.md", files)).toEqual({ kind: "file", path: "SKILL.md", fragment: null });
  });

  it("reads a leading slash as the skill root, decodes escapes and drops the query", () => {
    expect(resolveLink("/LICENSE.txt", "references/api.md", files)).toMatchObject({ kind: "file", path: "LICENSE.txt" });
    expect(resolveLink("assets/my%20diagram.svg", "SKILL.md", files)).toMatchObject({ kind: "file", path: "assets/my diagram.svg" });
    expect(resolveLink("references/api.md?plain=1#top", "SKILL.md", files)).toEqual({ kind: "file", path: "references/api.md", fragment: "top" });
    expect(resolveLink("references\\api.md", "SKILL.md", files)).toMatchObject({ kind: "file", path: "references/api.md" });
  });

  it("marks missing targets broken, suggests a case fix, and refuses to climb out of the skill", () => {
    expect(resolveLink("references/missing.md", "SKILL.md", files)).toEqual({
      kind: "broken",
      path: "references/missing.md",
      fragment: null,
      suggestion: null,
    });
    expect(resolveLink("references/Rollback.md", "SKILL.md", files)).toMatchObject({ kind: "broken", suggestion: "references/rollback.md" });
    expect(resolveLink("../secrets.env", "SKILL.md", files)).toMatchObject({ kind: "broken", path: "../secrets.env" });
    expect(resolveLink("%E0%A4%A", "SKILL.md", files)).toMatchObject({ kind: "broken" });
  });

  it("recognizes folders, anchors and empty links", () => {
    expect(resolveLink("references/", "SKILL.md", files)).toEqual({ kind: "folder", path: "references" });
    expect(resolveLink("./", "SKILL.md", files)).toEqual({ kind: "folder", path: "" });
    expect(resolveLink("#before-the-deploy", "SKILL.md", files)).toEqual({ kind: "anchor", fragment: "before-the-deploy" });
    expect(resolveLink("#caf%C3%A9", "SKILL.md", files)).toEqual({ kind: "anchor", fragment: "café" });
    expect(resolveLink("", "SKILL.md", files)).toEqual({ kind: "empty" });
    expect(resolveLink(" \t ", "SKILL.md", files)).toEqual({ kind: "empty" });
  });

  it("lets http(s) and mailto out, normalized", () => {
    expect(resolveLink("https://agentskills.io/spec", "SKILL.md", files)).toEqual({ kind: "external", href: "https://agentskills.io/spec" });
    expect(resolveLink("HTTP://Example.COM/a b", "SKILL.md", files)).toEqual({ kind: "external", href: "http://example.com/a%20b" });
    expect(resolveLink("//cdn.example.com/x.png", "SKILL.md", files)).toEqual({ kind: "external", href: "https://cdn.example.com/x.png" });
    expect(resolveLink("/\\evil.example/x.png", "SKILL.md", files)).toEqual({ kind: "external", href: "https://evil.example/x.png" });
    expect(resolveLink("mailto:oncall@example.com", "SKILL.md", files)).toEqual({ kind: "external", href: "mailto:oncall@example.com" });
    expect(resolveLink("https://", "SKILL.md", files)).toMatchObject({ kind: "unsafe" });
  });

  it.each([
    ["javascript:alert(1)", "javascript"],
    ["JaVaScRiPt:alert(1)", "javascript"],
    ["java\tscript:alert(1)", "javascript"],
    ["java\nscript:alert(1)", "javascript"],
    ["\u0001javascript:alert(1)", "javascript"],
    ["  javascript:alert(1)", "javascript"],
    ["vbscript:msgbox(1)", "vbscript"],
    ["data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "data"],
    ["DATA:image/svg+xml,<svg onload=alert(1)>", "data"],
    ["file:///etc/passwd", "file"],
    ["blob:https://example.com/uuid", "blob"],
    ["C:\\Windows\\system32", "c"],
  ])("refuses %j", (url, scheme) => {
    expect(resolveLink(url, "SKILL.md", files)).toEqual({ kind: "unsafe", scheme });
  });
});

describe("joinPath", () => {
  it("normalizes dot segments and stops at the root", () => {
    expect(joinPath("a/b", "../c/./d")).toBe("a/c/d");
    expect(joinPath("", "a//b")).toBe("a/b");
    expect(joinPath("a", "../..")).toBeNull();
  });
});

describe("collectMarkdownLinks", () => {
  it("finds links, images and definitions in document order", () => {
    const tree = {
      type: "root",
      children: [
        { type: "paragraph", children: [{ type: "text" }, { type: "link", url: "a.md", children: [{ type: "image", url: "b.png" }] }] },
        { type: "definition", url: "c.md" },
        { type: "code" },
      ],
    };
    expect(collectMarkdownLinks(tree)).toEqual([
      { url: "a.md", image: false },
      { url: "b.png", image: true },
      { url: "c.md", image: false },
    ]);
  });
});

describe("findUnreferenced", () => {
  it("never lists the trigger tests: the Triggers tab reads them, not the agent", () => {
    const docs = [{ path: "SKILL.md", urls: [], mentions: [] }];
    expect(findUnreferenced(["SKILL.md", "evals/triggers.json", "evals/other.json"], docs)).toEqual(["evals/other.json"]);
  });
  it("a file the frontmatter's license names is referenced (license: LICENSE)", () => {
    const skillMd = "---\nname: x\ndescription: d\nlicense: LICENSE\n---\n# X\n";
    const docs = [{ path: "SKILL.md", urls: [], mentions: mentionedPaths(skillMd) }];
    expect(findUnreferenced(["SKILL.md", "LICENSE", "NOTICE"], docs)).toEqual(["NOTICE"]);
    // only the frontmatter counts: a "license: LICENSE" line in the body is prose
    const body = "---\nname: x\ndescription: d\n---\nlicense: LICENSE\n";
    expect(findUnreferenced(["SKILL.md", "LICENSE"], [{ path: "SKILL.md", urls: [], mentions: mentionedPaths(body) }])).toEqual(["LICENSE"]);
  });

  it("lists files no document links to, never SKILL.md, ignoring self-links", () => {
    const unreferenced = findUnreferenced(
      [...files],
      [
        { path: "SKILL.md", urls: ["references/api.md", "assets/pipeline.png", "https://example.com", "missing.md"] },
        { path: "references/api.md", urls: ["rollback.md#steps", "api.md"] },
        { path: "references/deep/notes.md", urls: ["notes.md"] },
      ],
    );
    expect(unreferenced).toEqual(["references/deep/notes.md", "assets/my diagram.svg", "LICENSE.txt"]);
  });
});

describe("mentionedPaths", () => {
  it("finds file names in inline code, code blocks and prose, not inside URLs or longer words", () => {
    const text = [
      "Run `python3 scripts/lag_report.py --since 7d` first.",
      "See `root-cause-tracing.md` in this directory, and ./notes/deep.md.",
      "```sh\nbash ../shared/setup.sh\n```",
      "Docs: https://example.com/guide.md and user@host.md and v1.2 and e.g. and lag_report.pyc_old",
    ].join("\n");
    const found = mentionedPaths(text);
    expect(found).toEqual(expect.arrayContaining(["scripts/lag_report.py", "root-cause-tracing.md", "notes/deep.md", "../shared/setup.sh"]));
    // Tokens that are no file of the skill ("e.g") are harmless: findUnreferenced only marks files.
    for (const not of ["guide.md", "example.com/guide.md", "host.md", "v1.2", "lag_report.pyc_old"]) expect(found).not.toContain(not);
  });
});

describe("findUnreferenced with mentions", () => {
  const files = ["SKILL.md", "scripts/lag_report.py", "references/guide.md", "references/other/guide.md", "references/only.md", "assets/unused.png"];
  it("counts a mention relative to the document, to the root, or by a file name only one file has", () => {
    const unreferenced = findUnreferenced(files, [
      { path: "SKILL.md", urls: [], mentions: ["scripts/lag_report.py", "only.md", "guide.md"] },
      { path: "references/only.md", urls: [], mentions: ["other/guide.md"] },
    ]);
    // guide.md names two files, so it settles neither; other/guide.md resolves from references/.
    expect(unreferenced).toEqual(["references/guide.md", "assets/unused.png"]);
  });

  it("on obra's systematic-debugging, the files SKILL.md names in code spans are referenced", () => {
    const dir = path.join(SHARED_DIR, "corpus", "obra-superpowers", "systematic-debugging");
    if (!existsSync(dir)) return void console.warn(`[links] skipping: ${dir} is not present`);
    const names = readdirSync(dir).sort();
    const docs = names
      .filter((name) => name.endsWith(".md"))
      .map((name) => ({ path: name, urls: [], mentions: mentionedPaths(readFileSync(path.join(dir, name), "utf8")) }));
    const unreferenced = findUnreferenced(names, docs);
    for (const named of ["root-cause-tracing.md", "defense-in-depth.md", "condition-based-waiting.md"]) expect(unreferenced).not.toContain(named);
    expect(unreferenced).toEqual(unreferenced.filter((name) => /^(test-|CREATION-LOG)/.test(name)));
  });
});

describe("linkTargetsInText", () => {
  it("reads inline links, images and definitions without a parser", () => {
    const text = 'See [the diagram](assets/my%20diagram.svg) and ![x](<assets/a b.png>).\n\n[api]: references/api.md "API"\n';
    expect(linkTargetsInText(text)).toEqual(["assets/my%20diagram.svg", "assets/a b.png", "references/api.md"]);
  });
});
