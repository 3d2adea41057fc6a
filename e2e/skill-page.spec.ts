import { existsSync } from "node:fs";
import path from "node:path";
import type { Locator } from "@playwright/test";
import { expect, signInAs, test, BASE_URL } from "./fixtures";
import { importSkills, SHARED_DIR, skillIdByName } from "./skill-helpers";

// Reading one skill as a team member would: the rendered SKILL.md, its files, an old version.

const shots = "test-results/screenshots";

async function expectImageLoaded(image: ReturnType<import("@playwright/test").Page["getByRole"]>) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test("ada reads deploy-checklist: rendered SKILL.md, frontmatter, outline, costs, a reference file, images and the source", async ({
  page,
  context,
  consoleErrors,
}) => {
  const id = skillIdByName("deploy-checklist", "TEAM");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${id}`);

  await expect(page.getByRole("heading", { name: "deploy-checklist", level: 1 })).toBeVisible();
  await expect(page.getByText("2 versions")).toBeVisible();
  const frontmatter = page.getByRole("region", { name: "Frontmatter" });
  await expect(frontmatter.getByRole("rowheader")).toHaveText(["name", "description", "license", "metadata", "owner", "version"]);
  await expect(frontmatter.getByRole("row", { name: /^owner/ })).toContainText("platform");
  await expect(page.getByRole("img", { name: /^Level 1, catalog entry: \d+ tokens\. Level 2, SKILL\.md body/ })).toBeVisible();

  const article = page.getByRole("article");
  await expect(article.getByRole("heading", { name: "Deploy checklist", level: 1 })).toBeVisible();
  await expectImageLoaded(article.getByRole("img", { name: "Deploy pipeline" }));
  await expect(article.getByRole("checkbox")).toHaveCount(14);
  await page.screenshot({ path: `${shots}/skill-page-light.png`, fullPage: true });

  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: 'When the user asks "should we roll back?"' }).click();
  await expect(page).toHaveURL(/#md-when-the-user-asks-should-we-roll-back$/);

  await page.getByRole("button", { name: "Copy the mention $deploy-checklist" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("$deploy-checklist");

  // A relative link in SKILL.md opens the reference in the viewer, at a shareable URL, without
  // reloading the page (the document is sent as HTML; its links navigate like next/link's).
  await page.evaluate(() => Object.assign(window, { beforeTheLink: true }));
  await article.getByRole("link", { name: "rollback steps" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/skills/${id}\\?file=references/rollback\\.md$`));
  expect(await page.evaluate(() => "beforeTheLink" in window)).toBe(true);
  await expect(article.getByRole("heading", { name: "Rollback steps", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Files" }).getByRole("link", { name: /rollback\.md/ })).toHaveAttribute("aria-current", "page");
  await expect(article.getByRole("table").first()).toContainText("Redeploy the previous image tag");
  await page.screenshot({ path: `${shots}/skill-page-reference.png`, fullPage: true });
  // ... whose own relative links resolve against its folder
  await expect(article.getByRole("link", { name: "feature flags" }).first()).toHaveAttribute("href", `/skills/${id}?file=references/feature-flags.md`);

  await page.getByRole("link", { name: "Source", exact: true }).click();
  await expect(page).toHaveURL(/file=references\/rollback\.md&view=source$/);
  await expect(page.locator("#L1")).toHaveText("# Rollback steps");

  const files = page.getByRole("navigation", { name: "Files" });
  await files.getByRole("link", { name: /pipeline\.png/ }).click();
  await expect(page).toHaveURL(/file=assets\/pipeline\.png$/);
  await expectImageLoaded(article.getByRole("img", { name: "assets/pipeline.png" }));
  await files.getByRole("link", { name: /pipeline\.svg/ }).click();
  await expect(page).toHaveURL(/file=assets\/pipeline\.svg$/);
  await expectImageLoaded(article.getByRole("img", { name: "assets/pipeline.svg" }));
  await page.screenshot({ path: `${shots}/skill-page-image.png` });

  // The bytes come from the download route, pinned to the version and locked down.
  const svg = await page.request.get(`/api/skills/${id}/files/assets/pipeline.svg?v=2`);
  expect(svg.status()).toBe(200);
  expect(svg.headers()).toMatchObject({
    "content-type": "image/svg+xml; charset=utf-8",
    "content-disposition": `attachment; filename="pipeline.svg"; filename*=UTF-8''pipeline.svg`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "sandbox; default-src 'none'",
  });
  const png = await page.request.get(`/api/skills/${id}/files/assets/pipeline.png`);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect(consoleErrors).toEqual([]);
});

test("an earlier version is read-only at /v/1, with its findings pointing at their line", async ({ page, consoleErrors }) => {
  const id = skillIdByName("deploy-checklist", "TEAM");
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${id}/v/1`);
  await expect(page.getByRole("note")).toContainText("You are reading version 1 of 2, read-only.");
  const article = page.getByRole("article");
  await expect(article.getByText("Go through this list for every production deploy.")).toBeVisible();
  // Links stay on version 1.
  await expect(article.getByRole("link", { name: "rollback steps" })).toHaveAttribute("href", `/skills/${id}/v/1?file=references/rollback.md`);

  const findings = page.getByRole("region", { name: /^Findings/ });
  await expect(findings).toContainText("1 warning");
  await expect(findings).toContainText('name "deploy-checklist" differs from its folder "v1"');
  await page.screenshot({ path: `${shots}/skill-version-1.png`, fullPage: true });
  await findings.getByRole("link", { name: /^SKILL\.md:\d+$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/skills/${id}/v/1\\?view=source#L\\d+$`));
  const line = new URL(page.url()).hash.slice(1);
  await expect(page.locator(`[id="${line}"]`)).toContainText("name: deploy-checklist");

  // The version picker works from the keyboard.
  const picker = page.getByRole("button", { name: /^Version 1: choose a version/ });
  await picker.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem")).toHaveCount(2);
  await page.keyboard.press("ArrowDown");
  await page.getByRole("menuitem", { name: /^v2/ }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/skills/${id}$`));
  await expect(page.getByRole("note")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

// A ?file= the version lacks is not a 404: the page shows with a note in the file pane (ui-defects.spec.ts).
test("a missing version or invisible skill answers 404, pages and bytes alike; a missing file's bytes too", async ({ page, browser }) => {
  const id = skillIdByName("deploy-checklist", "TEAM");
  const adaPrivate = skillIdByName("meeting-notes", "PERSONAL", "ada@example.com");
  await signInAs(page, "grace@example.com", { home: false });
  for (const url of [`/skills/${id}/v/3`, `/skills/${id}/v/0`, `/skills/${id}/v/one`, `/skills/${adaPrivate}`, `/skills/${adaPrivate}/v/1`]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
  }
  await expect(page.getByRole("heading", { name: "Nothing on this shelf" })).toBeVisible();
  for (const url of [
    `/api/skills/${adaPrivate}/files/SKILL.md`,
    `/api/skills/${id}/files/nope.md`,
    `/api/skills/${id}/files/SKILL.md?v=9`,
    `/api/skills/${id}/files/SKILL.md?v=abc`,
  ]) {
    expect((await page.request.get(url)).status(), url).toBe(404);
  }
  expect((await page.request.get(`/api/skills/${id}/files/SKILL.md?v=1`)).status()).toBe(200);
  const signedOut = await browser.newContext();
  expect((await signedOut.request.get(`${BASE_URL}/api/skills/${id}/files/SKILL.md`)).status()).toBe(404);
  await signedOut.close();
});

test("a shadowed skill says which one agents see instead", async ({ page }) => {
  const teamCopy = skillIdByName("code-review-guidelines", "TEAM");
  const personal = skillIdByName("code-review-guidelines", "PERSONAL", "ada@example.com");
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${teamCopy}`);
  await expect(page.getByText("Shadowed:")).toBeVisible();
  await page.getByRole("link", { name: "Open the one agents see" }).click();
  await expect(page).toHaveURL(new RegExp(`/skills/${personal}$`));
  await expect(page.getByText("Shadowed:")).toHaveCount(0);
});

test("the skill page in the dark theme", async ({ page, consoleErrors }) => {
  const id = skillIdByName("deploy-checklist", "TEAM");
  await page.emulateMedia({ colorScheme: "dark" });
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${id}`);
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectImageLoaded(page.getByRole("article").getByRole("img", { name: "Deploy pipeline" }));
  await page.screenshot({ path: `${shots}/skill-page-dark.png`, fullPage: true });
  await page.goto(`/skills/${id}?view=source`);
  await expect(page.locator("#L2")).toHaveText("name: deploy-checklist");
  await page.screenshot({ path: `${shots}/skill-page-source-dark.png` });
  expect(consoleErrors).toEqual([]);
});

test("with the real-world corpus imported, mcp-builder is found from the list and its reference links open", async ({ page, context, consoleErrors }) => {
  test.skip(!existsSync(path.join(SHARED_DIR, "corpus")), `${SHARED_DIR}/corpus is not present`);
  test.setTimeout(180_000);
  const report = importSkills(path.join(SHARED_DIR, "corpus"));
  expect(report.created.length + report.newVersions.length + report.unchanged.length).toBeGreaterThan(30);

  await signInAs(page, "ada@example.com", { home: false });
  await page.goto("/skills?q=mcp-builder");
  await page.getByRole("link", { name: "mcp-builder", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "mcp-builder", level: 1 })).toBeVisible();
  const article = page.getByRole("article");
  await article
    .getByRole("link", { name: /TypeScript Guide/ })
    .first()
    .click();
  // a client navigation to a large rendered reference: slow on a loaded machine
  await expect(page).toHaveURL(/\?file=reference\/node_mcp_server\.md$/, { timeout: 20_000 });
  await expect(article.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // Code blocks come highlighted from the server.
  const code = article.locator(".md-code").first();
  await expect(code.locator(".line span[style*='--shiki-light']").first()).toBeVisible();
  // Its copy button copies the block's code and says so.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const copy = code.getByRole("button", { name: "Copy code" });
  await copy.click();
  await expect(copy.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.locator("code").textContent());
  await expect(copy.getByRole("status")).toHaveText("", { timeout: 5_000 });
  await code.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/skill-page-mcp-builder-reference.png`, fullPage: false });

  // obra's systematic-debugging names its references in code spans ("See `root-cause-tracing.md`"):
  // those are referenced on the page and in the editor alike; its test transcripts are not.
  const debugging = skillIdByName("systematic-debugging", "PERSONAL", "ada@example.com");
  const unreferencedTag = (row: Locator) => row.getByText("unreferenced", { exact: true });
  await page.goto(`/skills/${debugging}`);
  await expect(unreferencedTag(page.locator('a.tree-file[title="root-cause-tracing.md"]'))).toHaveCount(0);
  await expect(unreferencedTag(page.locator('a.tree-file[title="test-pressure-1.md"]'))).toHaveCount(1);
  await page.goto(`/skills/${debugging}/edit`);
  const files = page.getByRole("navigation", { name: "Files of the draft" });
  await expect(unreferencedTag(files.getByRole("button", { name: /test-pressure-1\.md/ }))).toHaveCount(1);
  await expect(unreferencedTag(files.getByRole("button", { name: /root-cause-tracing\.md/ }))).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
