import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DisclosureBar } from "./disclosure-bar";
import { DocumentToolbar, MissingFile } from "./document-pane";
import { SkillTabs } from "./skill-tabs";

// The skill page's client parts get {skillId, version, pinned} instead of SkillRoutes (functions
// cannot cross to the browser) and build the same links themselves: a pinned page's links stay on
// its version, the current page's on /skills/[id].

const pinned = { skillId: "sk 1", version: 2, pinned: true };
const current = { skillId: "sk 1", version: 3, pinned: false };
const html = <P extends object>(type: (props: P) => React.ReactNode, props: P) => renderToStaticMarkup(createElement(type, props));

describe("the skill page's client parts", () => {
  it("the context-cost bar links each resource and the tools to the version shown", () => {
    const props = { catalogTokens: 100, bodyTokens: 800, toolTokens: 50, toolCount: 1, resources: [{ path: "references/api.md", tokens: 300 }] };
    const onPinned = html(DisclosureBar, { ...props, at: pinned });
    expect(onPinned).toContain('href="/skills/sk%201/v/2?file=references/api.md"');
    expect(onPinned).toContain('href="/skills/sk%201/v/2?tab=tools"');
    expect(onPinned).toContain("1,250 tokens if everything is read");
    expect(html(DisclosureBar, { ...props, at: current })).toContain('href="/skills/sk%201?file=references/api.md"');
  });

  it("the tabs mark the current one, link within the version shown and badge the scan", () => {
    const out = html(SkillTabs, { tab: "security", at: pinned, scan: { badge: "high", findings: 3, needsReview: true }, toolCount: 0 });
    expect(out).toMatch(/href="\/skills\/sk%201\/v\/2\?tab=security" aria-current="page"|aria-current="page"[^>]*href="\/skills\/sk%201\/v\/2\?tab=security"/);
    expect(out).toContain('href="/skills/sk%201/v/2"');
    expect(out).not.toContain("?tab=tools");
    expect(out).toContain("findings, highest high");
    expect(out).toContain("needs review");
  });

  it("the file toolbar and the missing-file pane link within the version shown", () => {
    const toolbar = html(DocumentToolbar, { file: { path: "references/api.md", size: 2048, tokens: 300 }, view: "preview", hasSource: true, at: pinned });
    expect(toolbar).toContain('href="/skills/sk%201/v/2?file=references/api.md&amp;view=source"');
    expect(toolbar).toContain('href="/api/skills/sk%201/files/references/api.md?v=2"');
    const missing = html(MissingFile, { path: "nope.md", at: current });
    expect(missing).toContain("in version 3");
    expect(missing).toContain('href="/skills/sk%201"');
  });
});
