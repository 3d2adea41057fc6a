import { expect, signInAs, test } from "./fixtures";

// Loading skeletons are drawn only in the browser (components/shell/placeholder.tsx): a full page
// load does not render them into the HTML only to swap them out when the data arrives, while a
// client navigation still shows one at once (issue 44).

test("a full page load carries no skeleton; a slow client navigation shows one, then the page", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  for (const path of ["/skills", "/skills?q=deploy", "/reviews", "/admin", "/playground"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, `${path}: a skeleton in the HTML`).not.toContain('data-slot="skeleton"');
    // The busy region is still there (labelled) until the page's content replaces it.
    if (path.startsWith("/skills")) expect(html).toContain('aria-label="Loading skills"');
  }

  await page.goto("/teams");
  await expect(page.getByRole("heading", { name: "Teams", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle"); // the nav links' prefetches (the loading states) are in
  // The navigation's own request (not a prefetch) is held for a moment, as a slow server would.
  let held = 0;
  await page.route(
    (url) => url.pathname === "/skills",
    async (route) => {
      const headers = route.request().headers();
      if (headers.rsc === "1" && !headers["next-router-prefetch"]) {
        held += 1;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    },
  );
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Skills" }).click();
  const busy = page.locator('[aria-busy="true"][aria-label="Loading skills"]');
  await expect(busy.locator('[data-slot="skeleton"]').first()).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/skills-loading.png" });
  await expect(page.getByRole("list", { name: "Skills" }).getByRole("link", { name: "deploy-checklist" }).first()).toBeVisible();
  await expect(busy).toHaveCount(0);
  expect(held).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});
