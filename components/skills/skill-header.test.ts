import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SkillDetail, SkillVersionDetail } from "@/lib/types/skills";
import { SkillHeader } from "./skill-header";

// The skill page's header, a server component (as a client component it cost the skill page 5.3 KB
// of first-load JavaScript against its 200 KB budget; docs/architecture.md, "A page render").

const version = {
  id: "ver_2",
  number: 2,
  name: "pdf-tools",
  description: "Extract text and tables from PDF files.",
  frontmatter: { name: "pdf-tools", secret: "frontmatter-only-value" },
  body: "# The body, which the header never shows",
  invocation: { modelInvocable: true, userInvocable: true },
  author: { id: "user_ada", name: "Ada Lovelace" },
  createdAt: new Date("2026-12-04T09:00:00Z"),
  fileCount: 6,
  totalBytes: 12_288,
  files: [],
  provenance: null,
} as unknown as SkillVersionDetail;
const skill = {
  id: "sk_1",
  name: "pdf-tools",
  scope: "TEAM",
  team: { id: "team_1", name: "Platform" },
  version: 3,
  current: version,
  versions: [
    { number: 3, labels: ["stable"] },
    { number: 2, labels: ["beta"] },
    { number: 1, labels: [] },
  ],
  can: { addVersion: true, manage: false, review: false },
  shadowedBy: { id: "sk_9", name: "pdf-tools", scope: "PERSONAL", reason: "Your personal pdf-tools wins" },
} as unknown as SkillDetail;

const render = (over: { skill?: SkillDetail; version?: SkillVersionDetail } = {}) =>
  renderToStaticMarkup(createElement(SkillHeader, { skill: over.skill ?? skill, version: over.version ?? version, versions: [] }));

describe("SkillHeader", () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date("2026-12-04T12:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  it("shows the version shown: its scope, labels, date, version count, size and the skill that shadows it", () => {
    const out = render();
    expect(out).toContain("Team · Platform");
    expect(out).toContain("v2 created");
    expect(out).toContain('<time dateTime="2026-12-04T09:00:00.000Z">3 hours ago</time>');
    expect(out).toContain("3 versions");
    expect(out).toContain("6 files, 12 KB");
    expect(out).toContain("beta");
    expect(out).not.toContain("stable");
    expect(out).toContain('href="/skills/sk_9"');
    for (const hidden of ["The body", "frontmatter-only-value"]) expect(out).not.toContain(hidden);
  });

  it("offers a new version only to a viewer who may add one, and says 'updated' on the current version", () => {
    expect(render()).toContain('href="/skills/sk_1/edit"');
    expect(render({ skill: { ...skill, can: { ...skill.can, addVersion: false } } })).not.toContain('href="/skills/sk_1/edit"');
    expect(render({ version: { ...version, number: 3 } })).toContain("updated");
  });
});
