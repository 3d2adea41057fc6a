import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { BASE_URL, expect, signInAs, test, uniqueEmail } from "./fixtures";
import { E2E_DATABASE } from "./instance";

// The skill list (/skills): scope tabs, full-text search with highlighting, filters, sort, the
// rows/cards switch and pagination, all of it in the URL.

const DATABASE = E2E_DATABASE;

type Tab = "personal" | "team" | "public" | "builtin";

/**
 * What a user may see, read from the database with the scoping rules written out again here
 * (personal: own; team: teams you belong to; public and built-in: everyone; archived: nobody),
 * so the page is checked against an oracle that shares no code with it. Other specs may import
 * skills into the same database, so the expectations are computed, not hard-coded.
 */
function visibleNames(email: string): Record<Tab, string[]> & { all: string[]; withWarnings: string[] } {
  const db = new Database(DATABASE, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT s.name, s.scope, v."warningCount" AS warnings FROM "Skill" s JOIN "SkillVersion" v ON v.id = s."currentVersionId" JOIN "user" u ON u.email = ?
         WHERE s.archived = 0 AND s."currentVersionId" IS NOT NULL AND (
           (s.scope = 'PERSONAL' AND s."ownerId" = u.id)
           OR (s.scope = 'TEAM' AND s."teamId" IN (SELECT "teamId" FROM "Membership" m WHERE m."userId" = u.id))
           OR s.scope IN ('PUBLIC', 'BUILTIN'))`,
      )
      .all(email) as { name: string; scope: string; warnings: number }[];
    const of = (scope: string) =>
      rows
        .filter((row) => row.scope === scope)
        .map((row) => row.name)
        .sort();
    return {
      all: rows.map((row) => row.name).sort(),
      withWarnings: rows
        .filter((row) => row.warnings > 0)
        .map((row) => row.name)
        .sort(),
      personal: of("PERSONAL"),
      team: of("TEAM"),
      public: of("PUBLIC"),
      builtin: of("BUILTIN"),
    };
  } finally {
    db.close();
  }
}

const skillList = (page: Page) => page.getByRole("list", { name: "Skills" });
const skillNames = (page: Page) => skillList(page).getByRole("link");
const scopes = (page: Page) => page.getByRole("navigation", { name: "Scopes" });
const searchbox = (page: Page) => page.getByRole("searchbox", { name: "Search skills" });

async function expectTab(page: Page, label: string, count: number) {
  await expect(scopes(page).getByRole("link", { name: `${label}, ${count} ${count === 1 ? "skill" : "skills"}`, exact: true })).toBeVisible();
}

for (const who of ["ada", "grace"] as const) {
  test(`${who} browses every scope tab and sees exactly what the rules allow`, async ({ page, consoleErrors }) => {
    const email = `${who}@example.com`;
    const expected = visibleNames(email);
    await signInAs(page, email, { home: false });
    await page.goto("/skills?sort=name");

    await expect(scopes(page).getByRole("link", { name: /^All/ })).toHaveAttribute("aria-current", "page");
    await expectTab(page, "All", expected.all.length);
    await expect(skillNames(page)).toHaveText(expected.all);

    const tabs: [string, Tab, RegExp][] = [
      ["Personal", "personal", /[?&]scope=personal&sort=name$/],
      ["Platform", "team", /[?&]scope=team&team=[^&]+&sort=name$/],
      ["Public", "public", /[?&]scope=public&sort=name$/],
      ["Built-in", "builtin", /[?&]scope=builtin&sort=name$/],
    ];
    for (const [label, tab, url] of tabs) {
      await expectTab(page, label, expected[tab].length);
      await scopes(page)
        .getByRole("link", { name: new RegExp(`^${label}`) })
        .click();
      await expect(page).toHaveURL(url);
      await expect(scopes(page).getByRole("link", { name: new RegExp(`^${label}`) })).toHaveAttribute("aria-current", "page");
      await expect(skillNames(page)).toHaveText(expected[tab]);
    }

    // The demo data's personal skills stay with their owners.
    const others = who === "ada" ? ["cobol-modernization", "changelog-from-commits"] : ["meeting-notes"];
    const mine = who === "ada" ? ["meeting-notes"] : ["cobol-modernization", "changelog-from-commits"];
    for (const name of others) expect(expected.all).not.toContain(name);
    for (const name of mine) expect(expected.personal).toContain(name);

    // Shadowing: ada's personal code-review-guidelines hides the Platform team's copy, for her only.
    await page.goto("/skills?scope=team&sort=name");
    const teamCopy = skillList(page).getByRole("listitem").filter({ hasText: "code-review-guidelines" });
    if (who === "ada") await expect(teamCopy.getByTitle(/personal skills take priority over team ones/)).toBeVisible();
    else await expect(teamCopy).not.toContainText("Shadowed");
    expect(consoleErrors).toEqual([]);
  });
}

test("search finds skills by name, description and SKILL.md body, highlights the matches and lives in the URL", async ({ page, consoleErrors }) => {
  await signInAs(page, "grace@example.com");

  // "/" jumps to the search box from anywhere on the page.
  await page.getByRole("heading", { name: "Skills", level: 1 }).click();
  await page.keyboard.press("/");
  await expect(searchbox(page)).toBeFocused();
  await page.keyboard.type("postmortem");
  await expect(page).toHaveURL(/\/skills\?q=postmortem$/);

  // Ranked: the skill named for it, then the one whose description mentions it, then two whose
  // SKILL.md bodies do.
  await expect(skillNames(page)).toHaveText(["incident-postmortem", "oncall-handoff", "deploy-checklist", "skill-creator"]);
  const [top, bodyOnly] = [skillList(page).getByRole("listitem").first(), skillList(page).getByRole("listitem").last()];
  await expect(skillList(page).getByRole("listitem").nth(1).locator("p mark").first()).toHaveText("postmortem");
  await expect(top.getByRole("link").locator("mark")).toHaveText("postmortem");
  await expect(top.locator("p mark").first()).toHaveText(/postmortem/i);
  await expect(bodyOnly.getByRole("link").locator("mark")).toHaveCount(0);
  await expect(bodyOnly.getByText("In SKILL.md:")).toBeAttached();
  await expect(bodyOnly.locator("mark").first()).toHaveText(/postmortem/i);
  await expect(page.getByRole("status")).toHaveText("4 skills matching “postmortem”");

  // The tabs count what the search finds in each scope.
  await expectTab(page, "All", 4);
  await expectTab(page, "Platform", 2);
  await expectTab(page, "Public", 1);
  await expectTab(page, "Built-in", 1);
  await expectTab(page, "Personal", 0);
  await page.screenshot({ path: "test-results/screenshots/skill-list-search.png" });

  // An empty scope points at the matches elsewhere.
  await scopes(page)
    .getByRole("link", { name: /^Personal/ })
    .click();
  await expect(page.getByRole("heading", { name: "No skills match “postmortem”" })).toBeVisible();
  await page.getByRole("link", { name: "Search all scopes (4 matches)" }).click();
  await expect(page).toHaveURL(/\/skills\?q=postmortem$/);
  await expect(skillNames(page)).toHaveCount(4);

  // A tab keeps the query.
  await scopes(page)
    .getByRole("link", { name: /^Built-in/ })
    .click();
  await expect(page).toHaveURL(/scope=builtin&q=postmortem/);
  await expect(skillNames(page)).toHaveText(["skill-creator"]);

  // The last word matches as a prefix while it is being typed.
  await searchbox(page).fill("deplo");
  await expect(page).toHaveURL(/scope=builtin&q=deplo$/);
  await scopes(page).getByRole("link", { name: /^All/ }).click();
  await expect(page).toHaveURL(/\/skills\?q=deplo$/);
  await expect(skillNames(page).first()).toHaveText("deploy-checklist");
  await expect(skillList(page).getByRole("listitem").first().getByRole("link").locator("mark")).toHaveText("deploy");

  // A link reproduces the view.
  await page.reload();
  await expect(searchbox(page)).toHaveValue("deplo");
  await expect(skillNames(page).first()).toHaveText("deploy-checklist");

  // Query syntax and stray quotes are just text.
  for (const hostile of ['"pdf -tools*', "name:deploy OR", "NEAR(", "*"]) {
    await searchbox(page).fill(hostile);
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(hostile);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Skills" }).or(page.getByRole("heading", { name: /^No skills match/ }))).toBeVisible();
  }

  // Nothing found: the empty state offers the way back, and the box follows the URL.
  await searchbox(page).fill("zzyzx");
  await expect(page.getByRole("heading", { name: "No skills match “zzyzx”" })).toBeVisible();
  await page.getByRole("link", { name: "Clear the search" }).click();
  await expect(page).toHaveURL(/\/skills$/);
  await expect(searchbox(page)).toHaveValue("");
  await expect(skillList(page)).toBeVisible();

  // Open a result.
  await searchbox(page).fill("blameless");
  await expect(page).toHaveURL(/\/skills\?q=blameless$/);
  await expect(skillNames(page).first()).toHaveText("incident-postmortem");
  await skillNames(page).first().click();
  await expect(page).toHaveURL(/\/skills\/[^/?]+$/);
  await expect(page.getByRole("heading", { name: "incident-postmortem", level: 1 })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("filters by author and warnings, and sorts by name, tokens and size", async ({ page, consoleErrors }) => {
  await signInAs(page, "grace@example.com", { home: false });
  await page.goto("/skills?sort=name");

  await page.getByRole("button", { name: "Author: anyone" }).click();
  const authors = page.getByRole("group", { name: "Filters" }).locator("#author-filter");
  await expect(authors).toBeVisible();
  await expect(authors.getByRole("link")).toHaveText([/^Anyone/, /^Ada Lovelace\s*\d+$/, /^Grace Hopper\s*4$/]);
  await authors.getByRole("link", { name: /^Grace Hopper/ }).click();
  await expect(page).toHaveURL(/\/skills\?author=demo-grace&sort=name$/);
  await expect(page.getByRole("button", { name: "Author: Grace Hopper" })).toBeVisible();
  await expect(authors).toBeHidden();
  await expect(skillNames(page)).toHaveText(["changelog-from-commits", "cobol-modernization", "deploy-checklist", "oncall-handoff"]);
  await expectTab(page, "Personal", 2);
  await expectTab(page, "Platform", 2);
  await expectTab(page, "Public", 0);

  await page.getByRole("link", { name: "Lint warnings" }).click();
  await expect(page).toHaveURL(/author=demo-grace&warnings=with&sort=name$/);
  await expect(page.getByRole("link", { name: "Lint warnings" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("heading", { name: "No skills match these filters" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Clear filters" }).last().click();
  await expect(page).toHaveURL(/\/skills\?sort=name$/);

  const sort = page.getByRole("navigation", { name: "Sort" });
  await expect(sort.getByRole("link", { name: "Best match" })).toHaveCount(0);
  await sort.getByRole("link", { name: "Tokens" }).click();
  await expect(page).toHaveURL(/\/skills\?sort=tokens$/);
  await expect(sort.getByRole("link", { name: "Tokens" })).toHaveAttribute("aria-current", "true");
  // The built-in csv-insights ships a profiler script: second by tokens, first by bytes.
  await expect(skillNames(page).nth(0)).toHaveText("skill-creator");
  await expect(skillNames(page).nth(1)).toHaveText("csv-insights");
  await expect(skillNames(page).nth(2)).toHaveText("deploy-checklist");
  await sort.getByRole("link", { name: "Size" }).click();
  await expect(page).toHaveURL(/\/skills\?sort=size$/);
  await expect(skillNames(page).nth(0)).toHaveText("csv-insights");
  await expect(skillNames(page).nth(1)).toHaveText("skill-creator");
  await sort.getByRole("link", { name: "Recent" }).click();
  await expect(page).toHaveURL(/\/skills$/);
  expect(consoleErrors).toEqual([]);
});

test("switches between cards and rows, and the choice stays in the URL", async ({ page, consoleErrors }) => {
  const expected = visibleNames("ada@example.com");
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto("/skills?sort=name");
  const view = page.getByRole("group", { name: "View" });
  await expect(view.getByRole("link", { name: "Cards" })).toHaveAttribute("aria-current", "true");

  await view.getByRole("link", { name: "Rows" }).click();
  await expect(page).toHaveURL(/\/skills\?sort=name&view=rows$/);
  const table = page.getByRole("table", { name: "Skills" });
  await expect(table.getByRole("columnheader")).toHaveText(["Skill", "Scope", "Author", "Updated", "Catalog", "Body", "Files", "Warnings", "Actions"]);
  await expect(table.getByRole("row")).toHaveCount(expected.all.length + 1);
  const deploy = table.getByRole("row").filter({ hasText: "deploy-checklist" });
  await expect(deploy).toContainText("Team · Platform");
  await expect(deploy).toContainText("Grace Hopper");
  await expect(deploy).toContainText("v2");
  // SKILL.md, two references, two images and the trigger tests (evals/triggers.json).
  await expect(deploy.getByRole("cell").nth(6)).toHaveText("6");
  const shadowed = table.getByRole("row").filter({ hasText: "Team · Platform" }).filter({ hasText: "code-review-guidelines" });
  await expect(shadowed.getByTitle(/personal skills take priority over team ones/)).toBeVisible();

  await scopes(page)
    .getByRole("link", { name: /^Public/ })
    .click();
  await expect(page).toHaveURL(/scope=public&sort=name&view=rows$/);
  await expect(table.getByRole("row")).toHaveCount(expected.public.length + 1);

  await view.getByRole("link", { name: "Cards" }).click();
  await expect(page).toHaveURL(/\/skills\?scope=public&sort=name$/);
  await expect(skillNames(page)).toHaveText(expected.public);
  expect(consoleErrors).toEqual([]);
});

test("a newcomer's empty shelf says what to do, and pagination keeps the URL in sync", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  // A new account through the endpoints the sign-up form posts to (the form is tested in auth.spec.ts):
  // sign-up does not sign in by itself.
  const email = uniqueEmail("pager");
  const created = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Pat Pager", email, password: "correct horse battery" },
    headers: { origin: BASE_URL },
  });
  expect(created.status(), await created.text()).toBe(200);
  await signInAs(page, email, { password: "correct horse battery", home: false });
  await page.goto("/skills");

  await scopes(page)
    .getByRole("link", { name: /^Personal/ })
    .click();
  await expect(page.getByRole("heading", { name: "No personal skills yet" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`npm run skills -- import ./my-skill --scope personal --as ${email}`);
  await page.getByRole("link", { name: "Browse all skills" }).click();
  await expect(page).toHaveURL(/\/skills$/);

  // Thirty personal skills, three of them with a warning, imported as Pat with the CLI.
  const dir = mkdtempSync(path.join(os.tmpdir(), "skillshelf-e2e-list-"));
  try {
    for (let i = 1; i <= 30; i++) {
      const name = `pager-skill-${String(i).padStart(2, "0")}`;
      mkdirSync(path.join(dir, name));
      const extra = i % 10 === 0 ? "flavour: unknown key, so a warning\n" : "";
      writeFileSync(
        path.join(dir, name, "SKILL.md"),
        `---\nname: ${name}\ndescription: Pager test skill number ${i}. Use when testing pagination.\n${extra}---\n\n# ${name}\n\nStep ${i}.\n`,
      );
    }
    const run = spawnSync(
      path.join("node_modules", ".bin", "tsx"),
      ["--conditions", "react-server", "cli/admin/skills.ts", "import", dir, "--scope", "personal", "--as", email, "--format", "json"],
      {
        env: { ...process.env, DATABASE_URL: `file:./${DATABASE}` },
        encoding: "utf8",
        timeout: 90_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const visible = visibleNames(email);
  const total = visible.all.length;
  const lastPage = Math.ceil(total / 24);
  expect(total).toBeGreaterThan(24);
  expect(visible.withWarnings.filter((name) => name.startsWith("pager-skill-"))).toHaveLength(3);
  await page.goto("/skills?sort=name&view=rows");
  await expect(page.getByRole("status")).toHaveText(`Showing 1–24 of ${total} skills`);
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/skills\?sort=name&view=rows&page=2$/);
  await expect(page.getByRole("status")).toHaveText(`Showing 25–${total} of ${total} skills`);
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Skills" }).getByRole("row")).toHaveCount(total - 24 + 1);
  await page.reload();
  await expect(page.getByRole("status")).toHaveText(`Showing 25–${total} of ${total} skills`);

  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/skills\?sort=name&view=rows$/);
  await pages.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2$/);
  // Any other change starts again at page 1.
  await page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Recent" }).click();
  await expect(page).toHaveURL(/\/skills\?view=rows$/);

  await page.getByRole("link", { name: "Lint warnings" }).click();
  await expect(page).toHaveURL(/\/skills\?warnings=with&view=rows$/);
  await expect(page.getByRole("table", { name: "Skills" }).getByRole("row")).toHaveCount(visible.withWarnings.length + 1);

  // Past the last page: say so, and link back.
  await page.goto("/skills?page=9");
  await expect(page.getByRole("heading", { name: "There is no page 9" })).toBeVisible();
  await page.getByRole("link", { name: `Go to the last page (${lastPage})` }).click();
  await expect(page).toHaveURL(new RegExp(`/skills\\?page=${lastPage}$`));
  await expect(skillList(page)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test("the list, rows, search, filters and an empty state look right", async ({ page, consoleErrors }) => {
      await signInAs(page, "ada@example.com");
      await expect(skillList(page)).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/skill-list-cards-${colorScheme}.png`, fullPage: true });

      await page.goto("/skills?view=rows&sort=name");
      await expect(page.getByRole("table", { name: "Skills" })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/skill-list-rows-${colorScheme}.png`, fullPage: true });

      await page.goto("/skills?q=review");
      await expect(skillList(page).locator("mark").first()).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/skill-list-search-${colorScheme}.png`, fullPage: true });

      await page.goto("/skills?q=review&view=rows");
      await expect(page.getByRole("table", { name: "Skills" }).locator("mark").first()).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/skill-list-search-rows-${colorScheme}.png`, fullPage: true });

      await page.goto("/skills?sort=name");
      await page.getByRole("button", { name: "Author: anyone" }).click();
      const authors = page.getByRole("group", { name: "Filters" }).locator("#author-filter");
      await expect(authors).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/skill-list-author-menu-${colorScheme}.png` });
      await page.keyboard.press("Escape");
      await expect(authors).toBeHidden();

      await page.goto("/skills?q=zzyzx&scope=public");
      await expect(page.getByRole("heading", { name: "No skills match “zzyzx”" })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/skill-list-empty-${colorScheme}.png` });
      expect(consoleErrors).toEqual([]);
    });
  });
}
