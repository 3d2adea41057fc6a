import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fileContent, parseSkillUri, skillEntry, skillResource, skillUri } from "./skill-entries";

const hex = (text: string) => createHash("sha256").update(text).digest("hex");

describe("skill URIs", () => {
  it("are skill://<name>/<path> in the canonical form, SKILL.md spelled so whatever the store's case", () => {
    expect(skillUri("pdf-tools", "SKILL.md")).toBe("skill://pdf-tools/SKILL.md");
    expect(skillUri("pdf-tools", "skill.md")).toBe("skill://pdf-tools/SKILL.md");
    expect(skillUri("pdf-tools", "references/api.md")).toBe("skill://pdf-tools/references/api.md");
    const odd = skillUri("pdf-tools", "notes/a b#1?.md");
    expect(odd).toBe("skill://pdf-tools/notes/a%20b%231%3F.md");
    expect(new URL(odd).href).toBe(odd);
    expect(parseSkillUri(odd)).toEqual({ name: "pdf-tools", path: "notes/a b#1?.md" });
  });

  it("parse back to a name and a path, and nothing else does", () => {
    expect(parseSkillUri("skill://pdf-tools/references/api.md")).toEqual({ name: "pdf-tools", path: "references/api.md" });
    // Dot segments are resolved by URL parsing: they can only name a path inside the same skill.
    expect(parseSkillUri("skill://pdf-tools/../grace-diary/SKILL.md")).toEqual({ name: "pdf-tools", path: "grace-diary/SKILL.md" });
    for (const uri of [
      "skill://pdf-tools",
      "skill://pdf-tools/",
      "skill:///SKILL.md",
      "https://pdf-tools/SKILL.md",
      "skill://x/SKILL.md?v=1",
      "skill://x/%E0%A4%A",
      "not a uri",
    ]) {
      expect(parseSkillUri(uri), uri).toBeNull();
    }
  });
});

describe("skill entries", () => {
  const skill = {
    name: "pdf-tools",
    description: "Fill PDF forms.",
    frontmatter: { name: "pdf-tools", description: "Fill PDF forms.", license: "MIT", metadata: { team: "platform" } },
    files: [
      { path: "SKILL.md", sha256: hex("skill"), size: 5 },
      { path: "references/api.md", sha256: hex("api"), size: 3 },
    ],
  };

  it("carry the frontmatter verbatim and every file with its sha256: digest and size", () => {
    expect(skillEntry(skill)).toEqual({
      uri: "skill://pdf-tools/SKILL.md",
      frontmatter: skill.frontmatter,
      resources: [
        { uri: "skill://pdf-tools/SKILL.md", digest: `sha256:${hex("skill")}`, size: 5 },
        { uri: "skill://pdf-tools/references/api.md", digest: `sha256:${hex("api")}`, size: 3 },
      ],
    });
  });

  it("list SKILL.md as a resource named and described by its frontmatter", () => {
    expect(skillResource(skill)).toEqual({
      uri: "skill://pdf-tools/SKILL.md",
      name: "pdf-tools",
      description: "Fill PDF forms.",
      mimeType: "text/markdown",
      size: 5,
    });
  });
});

describe("file content", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it("is text for text files, byte for byte (a BOM kept), so the digest still matches", () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes("# Title\r\n")]);
    const sent = fileContent(withBom, "text/markdown", "guide.md");
    expect(sent).toEqual({ text: "\ufeff# Title\r\n", mimeType: "text/markdown" });
    expect(new TextEncoder().encode((sent as { text: string }).text)).toEqual(withBom);
    expect(fileContent(bytes("---\nname: x\n---\n"), "text/plain", "SKILL.md")).toEqual({ text: "---\nname: x\n---\n", mimeType: "text/markdown" });
  });

  it("is bytes for binary types, and for 'text' that is not UTF-8", () => {
    const pdf = bytes("%PDF-1.4\n");
    expect(fileContent(pdf, "application/pdf", "a.pdf")).toEqual({ bytes: pdf, mimeType: "application/pdf" });
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]);
    expect(fileContent(latin1, "text/plain", "a.txt")).toEqual({ bytes: latin1, mimeType: "text/plain" });
  });
});
