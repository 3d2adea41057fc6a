import { describe, expect, it } from "vitest";
import { renameSkillMd } from "./rename";
import { parseSkillMd } from "./skill-md";
import { validateSkillMd } from "./validate";

const nameOf = (text: string) => parseSkillMd(text).frontmatter?.name;

describe("renameSkillMd", () => {
  it("rewrites only the name, keeping every other byte", () => {
    const text =
      "---\nname: pdf-tools   # the old name\ndescription: Fill PDF forms. Use for PDFs.\nmetadata:\n  name: not-this-one\n---\n\nname: not this either\n";
    const renamed = renameSkillMd(text, "pdf-forms")!;
    expect(renamed).toBe(text.replace("name: pdf-tools ", "name: pdf-forms "));
    expect(nameOf(renamed)).toBe("pdf-forms");
    expect(validateSkillMd(renamed, { folderName: "pdf-forms" }).findings).toEqual([]);
  });

  it("keeps CRLF line endings, a BOM and the quoting of other fields", () => {
    const text = "\uFEFF---\r\nname: \"old-name\"\r\ndescription: 'Quoted: yes'\r\n---\r\nBody\r\n";
    const renamed = renameSkillMd(text, "new-name")!;
    expect(renamed).toBe("\uFEFF---\r\nname: new-name\r\ndescription: 'Quoted: yes'\r\n---\r\nBody\r\n");
    expect(nameOf(renamed)).toBe("new-name");
  });

  it("quotes names that plain YAML would read as something else", () => {
    for (const name of ["null", "true", "123", "1e3", "a: b", "#x", "-lead", "it's", 'say "hi"', "ünïcode name"]) {
      const renamed = renameSkillMd("---\nname: x\ndescription: d\n---\n", name)!;
      expect(nameOf(renamed)).toBe(name);
    }
    expect(renameSkillMd("---\nname: x\n---\n", "null")).toBe('---\nname: "null"\n---\n');
  });

  it("replaces block and flow values without swallowing the next line", () => {
    expect(renameSkillMd("---\nname: >-\n  folded\n  name\ndescription: d\n---\n", "short")).toBe("---\nname: short\ndescription: d\n---\n");
    expect(nameOf(renameSkillMd("---\nname: [a, b]\ndescription: d\n---\n", "fixed")!)).toBe("fixed");
    expect(renameSkillMd("---\nname:\ndescription: d\n---\n", "filled")).toBe("---\nname: filled\ndescription: d\n---\n");
  });

  it("adds a missing name as the first field", () => {
    expect(renameSkillMd("---\ndescription: d\n---\nBody", "added")).toBe("---\nname: added\ndescription: d\n---\nBody");
    expect(renameSkillMd("---\n---\n", "only")).toBe("---\nname: only\n---\n");
  });

  it("gives up where there is no frontmatter mapping to edit", () => {
    expect(renameSkillMd("# Just Markdown\n", "x")).toBeNull();
    expect(renameSkillMd("---\nname: never closed\n", "x")).toBeNull();
    expect(renameSkillMd("---\n- a list\n---\n", "x")).toBeNull();
    expect(renameSkillMd("---\nname: [unclosed\n---\n", "x")).toBeNull();
  });
});
