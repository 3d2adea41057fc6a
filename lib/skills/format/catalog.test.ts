import { describe, expect, it } from "vitest";
import { readBundle } from "../archive/bundle";
import { renderCatalogEntryXml, renderCatalogMarkdown, renderCatalogXml } from "./catalog";
import { bytesOf, skillMd } from "../test-helpers/archives";

describe("renderCatalogXml", () => {
  it("renders the reference library's <available_skills> block", () => {
    expect(renderCatalogXml([])).toBe("<available_skills>\n</available_skills>");
    expect(renderCatalogXml([{ name: "a", description: "First", location: "/s/a/SKILL.md" }])).toBe(
      "<available_skills>\n<skill>\n<name>\na\n</name>\n<description>\nFirst\n</description>\n<location>\n/s/a/SKILL.md\n</location>\n</skill>\n</available_skills>",
    );
  });

  it("escapes like Python's html.escape, so a description cannot close or open tags", () => {
    const xml = renderCatalogXml([{ name: "x", description: `Use <foo> & "bar" 'baz' </description></skill>` }]);
    expect(xml).toContain("Use &lt;foo&gt; &amp; &quot;bar&quot; &#x27;baz&#x27; &lt;/description&gt;&lt;/skill&gt;");
    expect(xml.match(/<\/skill>/g)).toHaveLength(1);
  });

  it("leaves out <location> when there is none", () => {
    expect(renderCatalogEntryXml({ name: "x", description: "d" })).toBe("<skill>\n<name>\nx\n</name>\n<description>\nd\n</description>\n</skill>");
  });

  it("works straight from imported skills", () => {
    const bundle = readBundle({
      kind: "files",
      files: [
        { path: "a/SKILL.md", bytes: bytesOf(skillMd("a", "Does A")) },
        { path: "b/SKILL.md", bytes: bytesOf(skillMd("b", "Does B")) },
      ],
    });
    const xml = renderCatalogXml(bundle.skills.map((s) => ({ name: s.name as string, description: s.description as string })));
    expect(xml.match(/<skill>/g)).toHaveLength(2);
  });
});

describe("renderCatalogMarkdown", () => {
  it("renders one list item per skill", () => {
    expect(
      renderCatalogMarkdown([
        { name: "pdf", description: "Reads PDFs.", location: "skills/pdf/SKILL.md" },
        { name: "csv", description: "Reads CSV." },
      ]),
    ).toBe("- **pdf**: Reads PDFs. (`skills/pdf/SKILL.md`)\n- **csv**: Reads CSV.");
    expect(renderCatalogMarkdown([])).toBe("No skills are available.");
  });

  it("keeps a description on its line and inert", () => {
    const md = renderCatalogMarkdown([{ name: "x_y", description: "line one\n# heading\n- item <b>bold</b> [link](http://e) *em* `code`" }]);
    expect(md.split("\n")).toHaveLength(1);
    expect(md).toBe("- **x\\_y**: line one # heading - item \\<b\\>bold\\</b\\> \\[link\\](http://e) \\*em\\* \\`code\\`");
  });
});
