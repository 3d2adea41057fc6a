import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SkillListItem } from "@/lib/types/skills";
import { SkillCards } from "./skill-card";
import { skillCardView } from "./skill-card-view";

// The list's cards are a client component fed a slim view: what the view holds is what the page's
// payload carries per card, and what the card renders must not depend on the browser's clock.

const now = new Date("2026-12-04T12:00:00Z");
const item = (over: Partial<SkillListItem> = {}): SkillListItem => ({
  id: "sk_1",
  name: "pdf-tools",
  scope: "TEAM",
  team: { id: "team_1", name: "Platform" },
  owner: { id: "user_owner", name: "Owner Person" },
  description: "Extract text and tables from PDF files.",
  version: 3,
  author: { id: "user_ada", name: "Ada Lovelace" },
  createdAt: new Date("2026-11-01T00:00:00Z"),
  updatedAt: new Date("2026-12-04T09:00:00Z"),
  catalogTokens: 133,
  bodyTokens: 662,
  resourceTokens: 9000,
  fileCount: 4,
  totalBytes: 123_456,
  warningCount: 1,
  errorCount: 0,
  archived: false,
  tags: ["pdf", "documents", "extraction", "tables", "ocr", "forms"],
  starCount: 2,
  scanHighest: "high",
  reviewStatus: "needs_review",
  shadowedBy: { id: "sk_2", name: "pdf-tools", scope: "PERSONAL", reason: "Your personal pdf-tools wins" },
  match: null,
  ...over,
});
const seg = (text: string, match = false) => ({ text, match });
const html = (items: SkillListItem[]) => renderToStaticMarkup(createElement(SkillCards, { cards: items.map((skill) => skillCardView(skill, now)) }));

describe("skillCardView", () => {
  it("words the time on the server, from the render's clock", () => {
    const view = skillCardView(item(), now);
    expect(view.updatedLabel).toBe("3 hours ago");
    expect(view.updatedAt).toBe("2026-12-04T09:00:00.000Z");
    expect(skillCardView(item(), new Date("2026-12-05T09:00:00Z")).updatedLabel).toBe("yesterday");
  });

  it("carries what the card shows and none of the summary's other fields", () => {
    const view = skillCardView(item(), now);
    const sent = JSON.stringify(view);
    for (const hidden of ["user_owner", "Owner Person", "team_1", "user_ada", "123456", "9000", "2026-11-01", "sk_2"]) expect(sent).not.toContain(hidden);
    expect(view.tags).toEqual(["pdf", "documents", "extraction", "tables"]);
    expect(view.moreTags).toBe(2);
    expect(view.shadowedBy).toEqual({ reason: "Your personal pdf-tools wins" });
  });

  it("keeps the body excerpt only when neither the name nor the description matched", () => {
    const body = [seg("… uses "), seg("ocr", true)];
    const bodyOnly = skillCardView(item({ match: { name: [seg("pdf-tools")], description: [seg("Extract text")], body } }), now);
    expect(bodyOnly.bodyMatch).toEqual(body);
    const nameToo = skillCardView(item({ match: { name: [seg("pdf", true), seg("-tools")], description: [seg("Extract text")], body } }), now);
    expect(nameToo.bodyMatch).toBeNull();
    expect(nameToo.nameMatch).toEqual([seg("pdf", true), seg("-tools")]);
  });

  it("brings a match deep in a long description to the front", () => {
    const long = `${"word ".repeat(30)}`;
    const view = skillCardView(
      item({ match: { name: [seg("pdf-tools")], description: [seg(long), seg("tables", true), seg(" at the end")], body: null } }),
      now,
    );
    expect(view.descriptionMatch?.[0].text.startsWith("…")).toBe(true);
    expect(view.descriptionMatch?.[1]).toEqual(seg("tables", true));
  });

  it("draws no sparkline for thirty days without a load", () => {
    expect(skillCardView(item({ loads30: Array(30).fill(0) }), now).loads30).toBeNull();
    expect(skillCardView(item({ loads30: [0, 2, 1] }), now).loads30).toEqual([0, 2, 1]);
  });
});

describe("SkillCards", () => {
  it("renders every card's name link, badges, counts and tags", () => {
    const out = html([
      item({ loads30: [0, 2, 1] }),
      item({
        id: "sk_3",
        name: "builtin-one",
        scope: "BUILTIN",
        team: null,
        author: null,
        tags: [],
        shadowedBy: null,
        starCount: 0,
        warningCount: 0,
        scanHighest: null,
        reviewStatus: "none",
      }),
    ]);
    expect(out.match(/<li /g)).toHaveLength(2);
    expect(out).toContain('href="/skills/sk_1"');
    expect(out).toContain("Team · Platform");
    expect(out).toContain("+2");
    expect(out).toContain('href="/skills?tag=pdf"');
    expect(out).not.toContain('href="/skills?tag=ocr"');
    expect(out).toContain("3 loads");
    expect(out).toContain("4 files");
    expect(out).toContain("1 lint warning");
    expect(out).toContain("Your personal pdf-tools wins");
    expect(out).toContain("needs review");
    expect(out).toContain("3 hours ago");
    expect(out).toContain("Skillshelf");
  });

  it("marks the search's matches", () => {
    const out = html([item({ match: { name: [seg("pdf", true), seg("-tools")], description: [seg("Extract "), seg("text", true)], body: null } })]);
    expect(out).toContain(">pdf</mark>");
    expect(out).toContain(">text</mark>");
  });
});
