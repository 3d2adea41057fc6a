import path from "node:path";
import { describe, expect, it } from "vitest";
import { anchorsOf, brokenCitations, brokenMarkdownLinks, fileTree, linksOf, repositoryFiles, slug, type Tree } from "./docs-links";

// The README is a map into docs/: every link of every Markdown file, and every page that code or a
// message cites, must land on a file and, with a #fragment, on one of its headings.

const root = path.resolve(import.meta.dirname, "..");
const files = repositoryFiles(root);
// A template (skill-creator's SKILL.template.md) links to the files a new skill is to have.
const markdown = files.filter((file) => /\.md$/i.test(file) && !/\.template\.md$/i.test(file));

// Code, config and scripts that may cite a page. Tests and their fixtures are left out: their
// skills hold folders named docs/ of their own (docs/guide.md) that are not this repository's.
const CODE = /\.(?:[cm]?[jt]sx?|sh|ya?ml|cfg|toml)$|(?:^|\/)(?:Dockerfile|\.env\.example|run)$/;
const FIXTURES = /(?:\.test\.tsx?|\.spec\.ts)$|^(?:testdata|prisma\/skills|lib\/skills\/scan\/fixtures|lib\/generated)\//;
const code = files.filter((file) => CODE.test(file) && !FIXTURES.test(file) && file !== "package-lock.json");

/** A repository made of these files (folders exist when a file is under them). */
function memoryTree(contents: Record<string, string>): Tree {
  return {
    read: (file) => contents[file] ?? "",
    exists: (file) => file in contents || Object.keys(contents).some((f) => f.startsWith(`${file}/`)),
  };
}

describe("GitHub heading ids", () => {
  it.each([
    ["Quick start", "quick-start"],
    ["Node.js versions and `npm start`", "nodejs-versions-and-npm-start"],
    ["Deployment: PostgreSQL, S3 and several instances", "deployment-postgresql-s3-and-several-instances"],
    ["HTTP API (scripts and CI)", "http-api-scripts-and-ci"],
    ["Trigger tests: will my skill load?", "trigger-tests-will-my-skill-load"],
    ["Tags, stars and owners", "tags-stars-and-owners"],
    ["The [MCP](https://modelcontextprotocol.io) server", "the-mcp-server"],
    ["snake_case and **bold**", "snake_case-and-bold"],
    ["Ünïcode Überschrift", "ünïcode-überschrift"],
  ])("%s -> #%s", (heading, id) => {
    expect(slug(heading)).toBe(id);
  });

  it("numbers repeated headings -1, -2 and ignores headings in code and frontmatter", () => {
    const anchors = anchorsOf(["---", "name: x", "---", "# Setup", "## Setup", "```sh", "# not a heading", "```", "Setup", "===", "## Setup"].join("\n"));
    expect([...anchors]).toEqual(["setup", "setup-1", "setup-2", "setup-3"]);
  });
});

describe("the link checker", () => {
  const tree = memoryTree({
    "README.md": "# Skillshelf\n\n## Quick start\n",
    "docs/guides/deploy.md": "# Deploy\n\n## Health and readiness\n",
    "docs/index.md": [
      "[ok](guides/deploy.md#health-and-readiness) [top](../README.md) [here](#contents) [dir](guides/)",
      "[web](https://example.com/x.md#nope) [mail](mailto:a@example.com) `[code](missing.md)`",
      "```",
      "[fenced](missing.md)",
      "```",
      "## Contents",
      "[gone](guides/gone.md) [no heading](../README.md#deployment) [outside](../../etc/passwd)",
      "[ref]: guides/deploy.md#stopping",
    ].join("\n"),
  });

  it("reports a missing file, a missing heading, a path outside the repository and a broken reference", () => {
    expect(brokenMarkdownLinks(tree, ["docs/index.md"]).map(({ target, line, reason }) => ({ target, line, reason }))).toEqual([
      { target: "guides/gone.md", line: 7, reason: "docs/guides/gone.md does not exist" },
      { target: "../README.md#deployment", line: 7, reason: "README.md has no heading #deployment" },
      { target: "../../etc/passwd", line: 7, reason: "points outside the repository" },
      { target: "guides/deploy.md#stopping", line: 8, reason: "docs/guides/deploy.md has no heading #stopping" },
    ]);
  });

  it("reads link targets with titles, angle brackets and parentheses", () => {
    expect(linksOf("[a](<docs/a b.md> \"A\") [b](app/(app)/page.tsx) ![c](img.png 'c')").map((l) => l.target)).toEqual([
      "docs/a b.md",
      "app/(app)/page.tsx",
      "img.png",
    ]);
  });

  it("checks pages cited by code from the repository's root, and refuses README sections cited by name", () => {
    const cited = memoryTree({
      "README.md": "# Skillshelf\n\n## Quick start\n",
      "docs/guides/deploy.md": "# Deploy\n",
      "scripts/start.ts": [
        'console.warn("set it on each (docs/guides/deploy.md)"); // see README.md#quick-start',
        'console.warn("see docs/guides/gone.md and README.md#tests"); // an archive may hold repo-main/docs/x.md',
        "// as a deployment runs them (README, Deployment)",
      ].join("\n"),
    });
    expect(brokenCitations(cited, ["scripts/start.ts"]).map(({ target, line }) => ({ target, line }))).toEqual([
      { target: "docs/guides/gone.md", line: 2 },
      { target: "README.md#tests", line: 2 },
      { target: "README, Deployment", line: 3 },
    ]);
  });
});

describe("the repository's documentation", () => {
  const tree = fileTree(root);

  it("has a README, a CONTRIBUTING guide and a docs/ tree with its contents page", () => {
    for (const file of ["README.md", "CONTRIBUTING.md", "docs/index.md", "docs/architecture.md"]) expect(markdown).toContain(file);
    expect(markdown.filter((file) => file.startsWith("docs/guides/")).length).toBeGreaterThan(0);
    expect(markdown.filter((file) => file.startsWith("docs/reference/")).length).toBeGreaterThan(0);
  });

  it("links only to files and headings that exist", () => {
    expect(markdown.flatMap((file) => linksOf(tree.read(file))).length).toBeGreaterThan(150);
    expect(brokenMarkdownLinks(tree, markdown)).toEqual([]);
  });

  it("reaches every docs/ page from docs/index.md", () => {
    const linked = new Set(linksOf(tree.read("docs/index.md")).map(({ target }) => path.posix.normalize(path.posix.join("docs", target.split("#")[0]))));
    expect(markdown.filter((file) => file.startsWith("docs/") && file !== "docs/index.md" && !linked.has(file))).toEqual([]);
  });

  it("is cited by code, config and messages only by pages and headings that exist", () => {
    expect(code.length).toBeGreaterThan(100);
    expect(brokenCitations(tree, code)).toEqual([]);
  });
});
