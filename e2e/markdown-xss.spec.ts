import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signInAs, test, BASE_URL } from "./fixtures";
import { importSkills, SHARED_DIR, skillIdByName } from "./skill-helpers";

// The 165 hostile Markdown files of vercel-labs/markdown-sanitizers, imported as skills' references
// and previewed in Chromium: no dialog, no script error, no request to another host, no
// javascript:/data: navigation, and nothing dangerous left in the rendered DOM.
// Each file is checked twice, from one page load per shard:
// - rendered by the app in the browser: its link in the file tree is clicked, the server renders
//   the file and React puts it in the page, with dialogs, errors, requests and navigations watched;
// - as a full page load of it would arrive: the server's HTML for the file, parsed by Chromium's
//   HTML parser (inert: nothing runs or loads), must hold nothing dangerous, and must parse to the
//   same tree React rendered (a tree the parser rebuilds differently would fail hydration).
// A full page load per file (HTML, scripts, hydration) took 120 s for the 165 files. What differs:
// the server's HTML is inspected rather than run (a script, an on* attribute or a javascript: URL
// in it fails the test, named), and hydration is not run per file, but its precondition (the same
// tree) is checked; what the page does with each file at run time is watched in the live page.

const CASES = path.join(SHARED_DIR, "markdown-xss", "cases");
const SKILL_DIR = "e2e/.tmp/markdown-xss-skill";
const ORIGIN = BASE_URL;

const SHARDS = 6;

/** Every SHARDS-th case from `shard` on: together the shards hold every case once. */
function shardOf(names: string[], shard: number): string[] {
  return names.filter((_, index) => index % SHARDS === shard);
}

/**
 * One skill per shard, each holding its cases as references and a SKILL.md linking them. A skill
 * of 28 files has a light page; one of 166 sends its file tree twice (HTML and RSC) on every load.
 */
function prepareSkills(): { id: string; files: string[] }[] {
  const names = readdirSync(CASES)
    .filter((name) => name.endsWith(".md"))
    .sort();
  expect(names).toHaveLength(165);
  rmSync(SKILL_DIR, { recursive: true, force: true });
  const shards = Array.from({ length: SHARDS }, (_, shard) => ({ name: `markdown-xss-cases-${shard + 1}`, cases: shardOf(names, shard) }));
  for (const { name, cases } of shards) {
    const dir = path.join(SKILL_DIR, name);
    mkdirSync(path.join(dir, "references"), { recursive: true });
    for (const file of cases) copyFileSync(path.join(CASES, file), path.join(dir, "references", file));
    writeFileSync(
      path.join(dir, "SKILL.md"),
      `---\nname: ${name}\ndescription: Hostile Markdown used to prove the skill preview is inert. Use only in tests.\n---\n\n# Hostile cases\n\n${cases.map((file) => `- [${file}](references/${encodeURI(file)})`).join("\n")}\n`,
    );
  }
  // Hostile on purpose, so the security scan blocks it; the admin's written override lets it in.
  // A later worker (after a failed shard) imports the same files again: "unchanged", not an error.
  const reason = "Hostile Markdown fixtures for the preview's XSS test";
  const report = importSkills(SKILL_DIR, "ada@example.com", { overrides: Object.fromEntries(shards.map(({ name }) => [name, reason])) });
  expect(report.error).toBeNull();
  expect(report.invalid).toEqual([]);
  const skills = shards.map(({ name, cases }) => ({
    id: skillIdByName(name, "PERSONAL", "ada@example.com"),
    files: ["SKILL.md", ...cases.map((file) => `references/${file}`)],
  }));
  expect(skills.flatMap((skill) => skill.files.filter((file) => file !== "SKILL.md"))).toHaveLength(165);
  return skills;
}

let skills: { id: string; files: string[] }[] = [];

test.beforeAll(() => {
  test.setTimeout(120_000);
  if (existsSync(CASES)) skills = prepareSkills();
});

for (let shard = 0; shard < SHARDS; shard++) {
  test(`hostile Markdown previews are inert in the browser (shard ${shard + 1} of ${SHARDS})`, async ({ page }) => {
    test.skip(!existsSync(CASES), `${CASES} is not present`);
    test.setTimeout(90_000);
    const { id, files } = skills[shard]!;
    await signInAs(page, "ada@example.com", { home: false });
    await previewInertly(page, id, files);
  });
}

/**
 * Runs in the page. What is dangerous in the live article (as rendered) and in the article of
 * `html` (a whole page the server sent, parsed by Chromium's HTML parser, which runs and loads
 * nothing), and a canonical form of both trees for comparison: elements, attributes and text,
 * normalized as React normalizes them when it hydrates (line ends, NUL); comment markers left out.
 */
function inspectInPage(html: string): { rendered: { problems: string[]; tree: string }; served: { problems: string[]; tree: string }; at: string } {
  const inspect = (doc: Document) => {
    const article = doc.querySelector("article");
    if (!article) return { problems: ["no <article>"], tree: "" };
    const out: string[] = [];
    const dangerous = /^(javascript|vbscript|data):/i;
    for (const element of [article, ...article.querySelectorAll("*")]) {
      const tag = element.tagName.toLowerCase();
      if (["script", "iframe", "frame", "object", "embed", "form", "base", "meta", "link", "style"].includes(tag)) out.push(`<${tag}>`);
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        const value = attribute.value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+/, "");
        if (name.startsWith("on")) out.push(`${name} on <${tag}>`);
        if (["href", "src", "action", "formaction", "xlink:href", "srcset", "poster"].includes(name) && dangerous.test(value))
          out.push(`${name}=${value.slice(0, 40)} on <${tag}>`);
      }
      // Resolved against this page's address, as for the page the HTML came from.
      const src = element.getAttribute("src");
      if (tag === "img" && !(src !== null && new URL(src, location.href).href.startsWith(`${location.origin}/api/skills/`)))
        out.push(`remote <img src=${src}>`);
    }
    const normal = (text: string) => text.replace(/\r\n?/g, "\n").replace(/\u0000|\uFFFD/g, "");
    const canonical = (element: Element): string => {
      // Inline styles as the browser reads them, so "color:red" and "color: red;" are one style.
      const attributes = [...element.attributes]
        .map((a) => `${a.name}=${JSON.stringify(a.name === "style" ? (element as HTMLElement).style.cssText : normal(a.value))}`)
        .sort()
        .join(" ");
      // Adjacent text nodes count as one (the server separates them with comments).
      const children: string[] = [];
      let text = "";
      for (const child of element.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
        else if (child.nodeType === Node.ELEMENT_NODE) {
          if (text) children.push(JSON.stringify(normal(text)));
          text = "";
          children.push(canonical(child as Element));
        }
      }
      if (text) children.push(JSON.stringify(normal(text)));
      return `<${element.tagName.toLowerCase()} ${attributes}>${children.join("")}</>`;
    };
    return { problems: out, tree: canonical(article) };
  };
  return { rendered: inspect(document), served: inspect(new DOMParser().parseFromString(html, "text/html")), at: location.pathname + location.search };
}

async function previewInertly(page: Page, id: string, files: string[]) {
  const problems: string[] = [];
  const offOrigin: string[] = [];
  const dialogs: string[] = [];
  const badNavigations: string[] = [];

  // Everything the page may do that it must not; console errors are attributed to the file shown.
  const current = { file: "" };
  page.on("request", (request) => {
    if (!request.url().startsWith(`${ORIGIN}/`)) offOrigin.push(`${current.file}: ${request.url()}`);
  });
  page.on("dialog", (dialog) => {
    dialogs.push(`${current.file}: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("framenavigated", (frame) => {
    if (!frame.url().startsWith(`${ORIGIN}/`)) badNavigations.push(`${current.file}: ${frame.url()}`);
  });
  page.on("popup", (popup) => badNavigations.push(`${current.file}: popup ${popup.url()}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${current.file}: console: ${message.text().slice(0, 160)}`);
  });
  page.on("pageerror", (error) => problems.push(`${current.file}: page error: ${error.message}`));

  const url = (file: string) => `/skills/${id}${file === "SKILL.md" ? "" : `?file=${encodeURIComponent(file).replace(/%2F/g, "/")}`}`;

  // One tab: a second one, as the full loads had, made this slower (its waits are throttled).
  for (const [index, file] of files.entries()) {
    current.file = file;
    // The server's whole page for the file, as a full load of it receives it.
    const served = page.request.get(url(file));
    if (index === 0) {
      const response = await page.goto(url(file));
      expect(response?.status(), file).toBe(200);
    } else {
      // The file tree's link, clicked in the page (Next's Link navigates on the click event); a
      // pointer click's checks and scrolling cost more than the rendering measured here.
      await page.evaluate((path) => document.querySelector<HTMLAnchorElement>(`a.tree-file[title="${path}"]`)!.click(), file);
    }
    await page.waitForFunction((path) => document.getElementById("document-title")?.textContent === path, file, { polling: 30 });
    const html = await served;
    expect(html.status(), file).toBe(200);
    const seen = await page.evaluate(inspectInPage, await html.text());
    expect(seen.at, file).toBe(url(file));
    problems.push(...seen.rendered.problems.map((problem) => `${file}: ${problem}`));
    problems.push(...seen.served.problems.map((problem) => `${file} (server's HTML): ${problem}`));
    if (seen.served.tree !== seen.rendered.tree)
      problems.push(
        `${file}: the server's HTML parses to another tree than the one rendered (a full load would fail to hydrate):\n${firstDifference(seen.served.tree, seen.rendered.tree)}`,
      );
  }

  expect(problems).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(offOrigin).toEqual([]);
  expect(badNavigations).toEqual([]);
}

/** Where two canonical trees part, with some context either side. */
function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 80);
  return `  server's HTML: …${a.slice(from, at + 120)}\n  rendered:      …${b.slice(from, at + 120)}`;
}
