import { afterAll, describe, expect, it } from "vitest";
import { indexFor, sourceTexts } from "@/lib/playground/skill-ranking";
import { modelCatalog, searchCatalog, SEARCH_LIMIT } from "@/lib/playground/tools";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

// One ranking: the skill list's search orders a request's skills as MCP list_skills does
// (searchCatalog over the viewer's playground source), and so as the router and search_skills do
// (lib/playground/ranking-parity.test.ts).
//
// The limit of that equality: the list ranks its candidates (the database's best RERANK_DEPTH
// matches of the query), list_skills ranks the viewer's whole catalog. The ranking's IDF and its
// fields' average lengths come from the skills it ranks over, so the orders are equal when the
// query's matches are the whole catalog (as here: every skill holds every word of each query) and
// may differ otherwise, most among skills of near-equal scores. Apart from that, list_skills
// ranks skills shadowed by a namesake out, and the list shows them.

const { db, cleanup } = await createTestDatabase();
const data = await import("../skills");
const { loadSkillSource } = await import("../playground/playground");
afterAll(cleanup);
const { ada, linus } = await createCast(db);

const skills = [
  makeSkill("deploy-logs", { description: "Reads deploy logs. Use when a deploy fails.", body: "# Deploy logs\n\nFind the first error.\n" }),
  makeSkill("release-checklist", {
    description: "Runs the release checklist. Use before a deploy.",
    body: "# Release\n\n## Logs\n\nAttach the logs of the last run and note the version.\n",
  }),
  makeSkill("incident-review", {
    description: "Reviews an outage. Use after an incident.",
    body: "# Review\n\nRead the deploy history, the logs, the alerts; a deploy that preceded the alert is the first suspect, its logs the first read.\n",
    files: { "deploy-notes.md": "Notes.\n" },
  }),
  makeSkill("log-shipper", {
    description: "Ships logs to storage. Use when setting up logging.",
    body: "# Shipper\n\nDeploy the agent on each host.\n",
  }),
  makeSkill("canary-rollout", {
    description: "Rolls out a canary deploy. Use when deploying gradually.",
    body: "# Canary\n\nWatch the logs and the error rate before widening.\n",
  }),
  makeSkill("dashboard-builder", {
    description: "Builds dashboards. Use when charting metrics.",
    body: "# Dashboards\n\n## Deploy markers\n\nMark each deploy on the charts; link the logs.\n",
    files: { "logs.md": "Panels.\n" },
  }),
  makeSkill("on-call-handbook", {
    description: "What to do on call. Use when paged.",
    body: "# On call\n\nAcknowledge the page. Check whether a deploy just went out and read its logs; roll the deploy back if the logs show it failing.\n",
  }),
];
for (const skill of skills) await data.createSkill(ada, { skill, destination: { scope: "PUBLIC" } });

describe("the list's search and MCP list_skills", () => {
  for (const query of ["deploy logs", "logs deploy", "deploy log", "Deploy LOGS"]) {
    it(`order "${query}" the same way`, async () => {
      const { source } = await loadSkillSource(linus, { kind: "all" });
      const catalog = modelCatalog(source.skills);
      const list = await data.listSkills(linus, { q: query });
      // Candidates == catalog: the premise of exact equality.
      expect(list.total).toBe(catalog.length);
      const listed = list.items.map((item) => item.name);
      const served = (await searchCatalog(source, catalog, query)).ranked.map((r) => r.name);
      expect(served).toHaveLength(SEARCH_LIMIT);
      expect(listed.slice(0, SEARCH_LIMIT)).toEqual(served);
      // Past list_skills' limit, the same ranking's whole order.
      const ranked = indexFor(await sourceTexts(source, catalog))
        .rank(query)
        .map((r) => r.name);
      expect(listed.slice(0, ranked.length)).toEqual(ranked);
    });
  }
});
