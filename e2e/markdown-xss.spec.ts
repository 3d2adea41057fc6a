import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signInAs, test, BASE_URL } from "./fixtures";
import { importSkills, SHARED_DIR, skillIdByName } from "./skill-helpers";

// The 165 hostile Markdown files of vercel-labs/markdown-sanitizers, imported as one skill's
// references and previewed one by one in Chromium: no dialog, no script error, no request to
// another host, no javascript:/data: navigation, and nothing dangerous left in the rendered DOM.

const CASES = path.join(SHARED_DIR, "markdown-xss", "cases");
const SKILL_DIR = "e2e/.tmp/markdown-xss-skill";
const ORIGIN = BASE_URL;

test("165 hostile Markdown files preview inert in the browser", async ({ page }) => {
  test.skip(!existsSync(CASES), `${CASES} is not present`);
  test.setTimeout(120_000);

  const names = readdirSync(CASES).filter((name) => name.endsWith(".md")).sort();
  expect(names).toHaveLength(165);
  rmSync(SKILL_DIR, { recursive: true, force: true });
  mkdirSync(path.join(SKILL_DIR, "references"), { recursive: true });
  for (const name of names) copyFileSync(path.join(CASES, name), path.join(SKILL_DIR, "references", name));
  writeFileSync(
    path.join(SKILL_DIR, "SKILL.md"),
    `---\nname: markdown-xss-cases\ndescription: Hostile Markdown used to prove the skill preview is inert. Use only in tests.\n---\n\n# Hostile cases\n\n${names.map((name) => `- [${name}](references/${encodeURI(name)})`).join("\n")}\n`,
  );
  // Hostile on purpose, so the security scan blocks it; the admin's written override lets it in.
  const report = importSkills(SKILL_DIR, "ada@example.com", { overrideReason: "Hostile Markdown fixtures for the preview's XSS test" });
  expect(report.error).toBeNull();
  expect(report.invalid).toEqual([]);
  const id = skillIdByName("markdown-xss-cases", "PERSONAL", "ada@example.com");

  await signInAs(page, "ada@example.com");
  const problems: string[] = [];
  const offOrigin: string[] = [];
  const dialogs: string[] = [];
  const badNavigations: string[] = [];

  /** Everything a page may do that it must not; console errors are attributed to the file shown. */
  function watch(tab: Page, current: { file: string }) {
    tab.on("request", (request) => {
      if (!request.url().startsWith(`${ORIGIN}/`)) offOrigin.push(`${current.file}: ${request.url()}`);
    });
    tab.on("dialog", (dialog) => {
      dialogs.push(`${current.file}: ${dialog.type()} ${dialog.message()}`);
      void dialog.dismiss();
    });
    tab.on("framenavigated", (frame) => {
      if (!frame.url().startsWith(`${ORIGIN}/`)) badNavigations.push(`${current.file}: ${frame.url()}`);
    });
    tab.on("popup", (popup) => badNavigations.push(`${current.file}: popup ${popup.url()}`));
    tab.on("console", (message) => {
      if (message.type() === "error") problems.push(`${current.file}: console: ${message.text().slice(0, 160)}`);
    });
    tab.on("pageerror", (error) => problems.push(`${current.file}: page error: ${error.message}`));
  }

  // Three tabs share the 166 pages, so the run stays near a minute on a 2-core machine.
  const queue = ["SKILL.md", ...names.map((name) => `references/${name}`)];
  const tabs = [page, await page.context().newPage(), await page.context().newPage()];
  await Promise.all(
    tabs.map(async (tab) => {
      const current = { file: "" };
      watch(tab, current);
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        current.file = file;
        const response = await tab.goto(`/skills/${id}?file=${encodeURIComponent(file)}`);
        expect(response?.status(), file).toBe(200);
        const found = await tab.getByRole("article").evaluate((article) => {
          const out: string[] = [];
          const dangerous = /^(javascript|vbscript|data):/i;
          for (const element of [article, ...article.querySelectorAll("*")]) {
            const tag = element.tagName.toLowerCase();
            if (["script", "iframe", "frame", "object", "embed", "form", "base", "meta", "link", "style"].includes(tag)) out.push(`<${tag}>`);
            for (const attribute of element.attributes) {
              const name = attribute.name.toLowerCase();
              const value = attribute.value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+/, "");
              if (name.startsWith("on")) out.push(`${name} on <${tag}>`);
              if (["href", "src", "action", "formaction", "xlink:href", "srcset", "poster"].includes(name) && dangerous.test(value)) out.push(`${name}=${value.slice(0, 40)} on <${tag}>`);
            }
            if (tag === "img" && !(element as HTMLImageElement).src.startsWith(`${location.origin}/api/skills/`)) out.push(`remote <img src=${(element as HTMLImageElement).src}>`);
          }
          return out;
        });
        problems.push(...found.map((problem) => `${file}: ${problem}`));
      }
    }),
  );

  expect(problems).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(offOrigin).toEqual([]);
  expect(badNavigations).toEqual([]);
});
