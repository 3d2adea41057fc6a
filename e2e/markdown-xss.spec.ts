import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signInAs, test, BASE_URL } from "./fixtures";
import { importSkills, SHARED_DIR, skillIdByName } from "./skill-helpers";

// The 165 hostile Markdown files of vercel-labs/markdown-sanitizers, imported as one skill's
// references and previewed one by one in Chromium: no dialog, no script error, no request to
// another host, no javascript:/data: navigation, and nothing dangerous left in the rendered DOM.
// Every file gets a full page load (the browser parses the server's HTML, then the app hydrates).
// The cases are split into shards, each its own skill and its own test with its own time limit:
// one run of all 166 pages timed out at 120 s on a loaded 2-core machine.

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
    await signInAs(page, "ada@example.com");
    await previewInertly(page, id, files);
  });
}

async function previewInertly(page: Page, id: string, files: string[]) {
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

  // Two tabs share the shard: one waits on the server while the other renders.
  const queue = [...files];
  const tabs = [page, await page.context().newPage()];
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
              if (["href", "src", "action", "formaction", "xlink:href", "srcset", "poster"].includes(name) && dangerous.test(value))
                out.push(`${name}=${value.slice(0, 40)} on <${tag}>`);
            }
            if (tag === "img" && !(element as HTMLImageElement).src.startsWith(`${location.origin}/api/skills/`))
              out.push(`remote <img src=${(element as HTMLImageElement).src}>`);
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
}
