import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { expect, signInAs, test } from "./fixtures";
import { E2E_DATABASE, skillIdByName } from "./skill-helpers";
import { SHOTS, shootBoth } from "./upload-helpers";

// The Usage tab and team insights. Sixty days of history cannot come from real requests, so the
// test writes it as the recorder would (events and their rollup, lib/data/usage/usage.ts), then makes
// one real download and waits for it to show: the browser sees the recorder's own write.

test.describe.configure({ mode: "serial", timeout: 120_000 });

const CHANNELS = ["catalog", "load", "mcp-load", "mcp-read", "sync", "download", "feed", "eval"] as const;
const day = (offset: number) => new Date(Date.now() - offset * 86_400_000);

function seedHistory() {
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    const terraform = skillIdByName("terraform-module-review", "TEAM");
    const oncall = skillIdByName("oncall-handoff", "TEAM");
    const team = (db.prepare(`SELECT teamId FROM Skill WHERE id = ?`).get(terraform) as { teamId: string }).teamId;
    const version = (
      db.prepare(`SELECT v.number FROM Skill s JOIN SkillVersion v ON v.id = s.currentVersionId WHERE s.id = ?`).get(terraform) as { number: number }
    ).number;
    const insert = db.prepare(
      `INSERT INTO UsageEvent (id, createdAt, day, skillId, version, channel, actorId, tokenId, teamId, path, dedupeKey) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, NULL)`,
    );
    // Stored as Prisma's SQLite adapter stores DateTime, whatever that is here: copy the Skill table's form.
    const sample = (db.prepare(`SELECT createdAt FROM Skill WHERE id = ?`).get(terraform) as { createdAt: string | number }).createdAt;
    const stamp = (d: Date) => (typeof sample === "number" ? d.getTime() : d.toISOString());
    db.transaction(() => {
      db.prepare(`DELETE FROM UsageEvent WHERE skillId = ?`).run(terraform);
      for (let offset = 0; offset < 60; offset++) {
        const at = day(offset);
        const weight = 1 + Math.round(4 * Math.abs(Math.sin(offset / 5)));
        CHANNELS.forEach((channel, i) => {
          const n = Math.max(0, weight - (i % 4) + (channel === "catalog" ? 4 : 0));
          for (let k = 0; k < n; k++) {
            const v = channel === "sync" && offset % 3 === 0 ? version - 1 || version : version;
            const path = channel === "mcp-read" ? (k % 2 ? "references/checklist.md" : "references/examples.md") : null;
            insert.run(randomUUID(), stamp(at), at.toISOString().slice(0, 10), terraform, v, channel, k % 3 ? "demo-ada" : "demo-grace", team, path);
          }
        });
      }
      db.exec(`DELETE FROM UsageDaily WHERE skillId = '${terraform}'`);
      db.exec(
        `INSERT INTO UsageDaily (day, skillId, version, channel, teamId, count) SELECT day, skillId, version, channel, teamId, COUNT(*) FROM UsageEvent WHERE skillId = '${terraform}' GROUP BY day, skillId, version, channel`,
      );
      // oncall-handoff: made two months ago and never loaded, so insights call it stale. Specs that
      // ran before this one may have loaded it (the playground, MCP): their events go too.
      db.prepare(`UPDATE Skill SET createdAt = ? WHERE id = ?`).run(stamp(day(60)), oncall);
      db.prepare(`DELETE FROM UsageEvent WHERE skillId = ?`).run(oncall);
      db.prepare(`DELETE FROM UsageDaily WHERE skillId = ?`).run(oncall);
    })();
    return { terraform, team };
  } finally {
    db.close();
  }
}

test("the Usage tab charts a skill's use by channel, versions and files, and counts a real download", async ({ page, consoleErrors }) => {
  const { terraform } = seedHistory();
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${terraform}?tab=usage`);
  const usage = page.getByRole("region", { name: /Usage, last 30 days/ });
  await expect(usage.getByRole("img", { name: /Events per day over the last 30 days/ })).toBeVisible();
  await expect(usage.getByRole("heading", { name: "Versions in use" })).toBeVisible();
  await expect(usage.getByText("references/checklist.md")).toBeVisible();
  await expect(usage.getByRole("heading", { name: "People" })).toBeVisible();
  await shootBoth(page, "usage-tab");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/usage-tab-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The table view holds the same numbers for screen readers.
  await usage.getByText("Show as a table").click();
  await expect(usage.getByRole("table").first()).toBeVisible();

  // One real download: recorded off the request, written within the flush window.
  const before = await downloads(page);
  expect((await page.request.get(`/api/skills/${terraform}/download`)).status()).toBe(200);
  await expect.poll(() => downloads(page), { timeout: 10_000 }).toBe(before + 1);
  expect(consoleErrors).toEqual([]);
});

async function downloads(page: import("@playwright/test").Page): Promise<number> {
  const { terraform } = { terraform: skillIdByName("terraform-module-review", "TEAM") };
  const today = new Date().toISOString().slice(0, 10);
  const response = await page.request.get(`/api/v1/analytics/skills?skill=${terraform}&groupBy=channel&from=${today}&to=${today}`);
  const body = (await response.json()) as { rows: { channel: string; count: number }[] };
  return body.rows.find((r) => r.channel === "download")?.count ?? 0;
}

test("team insights rank loads, list stale skills with one-click archive, installs behind, pass rates", async ({ page, consoleErrors }) => {
  const { team } = seedHistory();
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/teams/${team}`);
  await page.getByRole("link", { name: "Insights" }).click();
  await expect(page.getByRole("heading", { name: "Insights" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Most loaded/ })).toContainText("terraform-module-review");
  const stale = page.getByRole("region", { name: "Stale skills" });
  await expect(stale).toContainText("oncall-handoff");
  await shootBoth(page, "team-insights");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/team-insights-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await stale.getByRole("button", { name: "Archive oncall-handoff" }).click();
  await expect(stale).not.toContainText("oncall-handoff");
  // Restore it for the other specs that use the demo catalog.
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  db.prepare(`UPDATE Skill SET archived = 0 WHERE id = ?`).run(skillIdByName("oncall-handoff", "TEAM"));
  db.close();
  expect(consoleErrors).toEqual([]);
});
