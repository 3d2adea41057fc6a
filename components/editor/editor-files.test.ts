import { describe, expect, it } from "vitest";
import { addTextFile, createDraft, deleteFile, draftChanges, editText, putBytes } from "@/lib/skills/draft/draft";
import { bytesToBase64 } from "./bytes";
import { draftFileList, extraProblems, resourceTokens, suggestedFolder, treeFiles, type BaseFiles } from "./editor-files";

const file = (path: string, text: string | null, mediaType = text === null ? "image/png" : "text/markdown", tokens: number | null = 10) => ({
  path,
  size: 10,
  sha256: `sha-${path}`,
  mediaType,
  text,
  tokens,
});
const base = [
  file("SKILL.md", "---\nname: demo\n---\nSee [API](references/api.md).\n", "text/markdown", 5),
  file("references/api.md", "# API\n", "text/markdown", 3),
  file("assets/logo.png", null, "image/png", null),
  file("scripts/run.py", "print(1)\n", "text/x-python", 4),
];
const baseFiles: BaseFiles = new Map(base.map((f) => [f.path, f]));
const fresh = createDraft("s1", 1, base, 0);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe("suggestedFolder", () => {
  it("puts documents in references/, code in scripts/, other binaries in assets/", () => {
    expect(suggestedFolder("guide.md", true)).toBe("references/");
    expect(suggestedFolder("notes.txt", true)).toBe("references/");
    expect(suggestedFolder("build.sh", true)).toBe("scripts/");
    expect(suggestedFolder("data.csv", true)).toBe("references/");
    expect(suggestedFolder("logo.png", false)).toBe("assets/");
  });
});

describe("draftFileList", () => {
  it("keeps the stored media type of unchanged files and sniffs the rest", () => {
    const draft = putBytes(addTextFile(fresh, "references/new.md", "# New\n"), "assets/pic.png", bytesToBase64(png), png.length);
    const types = Object.fromEntries(draftFileList(draft, baseFiles).map((f) => [f.path, f.mediaType]));
    expect(types["scripts/run.py"]).toBe("text/x-python");
    expect(types["assets/logo.png"]).toBe("image/png");
    expect(types["references/new.md"]).toMatch(/^text\//);
    expect(types["assets/pic.png"]).toBe("image/png");
  });
});

describe("treeFiles", () => {
  it("marks text, images, changes and files no Markdown file mentions", () => {
    const draft = editText(deleteFile(fresh, "scripts/run.py"), base, "references/api.md", "# API 2\n");
    const rows = treeFiles(draft, baseFiles, draftFileList(draft, baseFiles), draftChanges(draft, base));
    const byPath = Object.fromEntries(rows.map((r) => [r.path, r]));
    expect(Object.keys(byPath)).toEqual(["SKILL.md", "assets/logo.png", "references/api.md"]);
    expect(byPath["assets/logo.png"]).toMatchObject({ text: false, image: true, change: null, unreferenced: true });
    expect(byPath["references/api.md"]).toMatchObject({
      text: true,
      image: false,
      change: { path: "references/api.md", kind: "modified" },
      unreferenced: false,
    });
  });
});

describe("resourceTokens", () => {
  it("counts the server's tokens for unchanged files and counts edited ones once per text", () => {
    let counted = 0;
    const count = (text: string) => {
      counted++;
      return text.length;
    };
    const cache = new Map<string, number>();
    expect(resourceTokens(fresh, baseFiles, count, cache)).toBe(3 + 4);
    expect(counted).toBe(0);
    const edited = editText(fresh, base, "references/api.md", "12345");
    expect(resourceTokens(edited, baseFiles, count, cache)).toBe(5 + 4);
    expect(resourceTokens(edited, baseFiles, count, cache)).toBe(5 + 4);
    expect(counted).toBe(1);
  });
});

describe("extraProblems", () => {
  it("puts the refused name first as an error, then broken links as warnings", () => {
    const problems = extraProblems({ message: "Name taken." }, [
      { from: "SKILL.md", path: "references/ap.md", suggestion: "references/api.md", image: false },
      { from: "SKILL.md", path: "logo.png", suggestion: null, image: true },
    ]);
    expect(problems).toEqual([
      { severity: "error", message: "Name taken." },
      { severity: "warning", message: "SKILL.md links to references/ap.md, which is not a file of the draft (did you mean references/api.md?)" },
      { severity: "warning", message: "SKILL.md shows the image logo.png, which is not a file of the draft" },
    ]);
    expect(extraProblems(null, [])).toEqual([]);
  });
});
