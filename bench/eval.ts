// Trigger-test benchmark (`npm run bench:eval`), in-process, through the data layer:
//   a temporary SQLite database with a 1,000-skill catalog (the 249 real skills of ../shared/corpus
//   and ../shared/corpus-external when present, generated skills for the rest), one skill with 100
//   trigger tests (evals/triggers.json, half should load it), run with the offline router exactly
//   as the skill page, the API and the CLI run them: the catalog read from the store, each test a
//   first playground turn stopped at the model's decision, the run stored.
//   Target: the whole run under 2 s, and no stall of the event loop of 100 ms or more while it goes
//   (measured on one more run, beside that run's length). Beside it, in the same run, the same 100 requests as whole
//   playground first turns (routed, loaded and answered, as `skills route` runs them): what an
//   eval would cost without stopping at the decision.
// Each figure prints on its own line as "<figure>: <number> <unit>".
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { readBundle, type BundleSkill } from "../lib/skills/archive/bundle";
import { serializeTriggerTests } from "../lib/skills/format/trigger-tests";
import { readTree } from "../lib/skills/test-helpers/shared";
import { measureStalls } from "../lib/test/event-loop";
import { corpusFolders, figure, percentile, seededRandom, sized } from "./bench-kit";
import { openTempDatabase } from "./temp-database";
import { DOMAINS, OBJECTS, TOPICS } from "./words";

const CATALOG = sized(1_000, 40);
const TESTS = sized(100, 6);
const RUNS = sized(5, 1);
const TARGET_S = 2;

const { pick, between } = seededRandom(0xe7a1);
const encoder = new TextEncoder();

function bundleOf(files: { path: string; bytes: Uint8Array }[]): BundleSkill | null {
  const skill = readBundle({ kind: "files", files }).skills[0];
  return skill?.ok ? skill : null;
}

/** The real skills of the shared corpora, when the checkout has them. */
function realSkills(): BundleSkill[] {
  const out: BundleSkill[] = [];
  const visit = (dir: string) => {
    if (existsSync(path.join(dir, "SKILL.md"))) {
      const skill = bundleOf(readTree(dir, path.basename(dir)));
      // one per name, as a catalog offers them (skill-creator appears in two publishers' folders)
      if (skill && !out.some((s) => s.name === skill.name)) out.push(skill);
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory() && !entry.name.startsWith(".")) visit(path.join(dir, entry.name));
  };
  for (const corpus of ["corpus", "corpus-external"] as const) for (const dir of corpusFolders(corpus)) if (existsSync(dir)) visit(dir);
  return out;
}

function generated(i: number): BundleSkill {
  const name = `team-skill-${String(i).padStart(4, "0")}`;
  const object = pick(OBJECTS);
  const domain = pick(DOMAINS);
  const description = `Review ${object} for ${domain} teams with a focus on ${pick(TOPICS)} and ${pick(TOPICS)}. Use when asked to check ${domain} ${object} before they ship.`;
  const body = `# ${name}\n\n${Array.from({ length: between(4, 10) }, () => `Check the ${pick(OBJECTS)} for ${pick(TOPICS)}.`).join("\n")}\n`;
  const files = [{ path: `${name}/SKILL.md`, bytes: encoder.encode(`---\nname: ${name}\ndescription: ${description}\n---\n\n${body}`) }];
  return bundleOf(files)!;
}

/** The skill under test: generated like the others, its tests written about its own subject and about others'. */
function subjectSkill(tests: { query: string; shouldTrigger: boolean }[]): BundleSkill {
  const description =
    "Gate a kubernetes release by checking rollout manifests, canary metrics and rollback plans before a production deploy. Use before shipping to production.";
  const md = `---\nname: release-gate\ndescription: ${description}\n---\n\n# Release gate\n\nCheck the rollout.\n`;
  return bundleOf([
    { path: "release-gate/SKILL.md", bytes: encoder.encode(md) },
    { path: "release-gate/evals/triggers.json", bytes: encoder.encode(serializeTriggerTests(tests)) },
  ])!;
}

function triggerTests() {
  const wants = ["rollout manifests", "canary metrics", "rollback plan", "production deploy of the kubernetes release"];
  return Array.from({ length: TESTS }, (_, i) =>
    i % 2 === 0
      ? { query: `before we ship, can you gate the ${pick(wants)} for service ${i}`, shouldTrigger: true }
      : { query: `can you check our ${pick(OBJECTS)} for the ${pick(DOMAINS)} team, request ${i}`, shouldTrigger: false },
  );
}

async function main() {
  const { db, remove } = await openTempDatabase("eval");
  try {
    const { importSkills } = await import("../lib/data/skills");
    const { runSkillTriggerEval } = await import("../lib/data/playground/trigger-evals");
    const { loadSkillSource } = await import("../lib/data/playground/playground");
    const { createOfflineRouterModel } = await import("../lib/playground/router");
    const { routeQuery } = await import("../cli/admin/route");

    await db.user.create({ data: { id: "bench", name: "Bench", email: "bench@example.com" } });
    const viewer = { id: "bench" };
    const tests = triggerTests();
    const real = realSkills();
    if (real.length === 0) console.log("note: ../shared is absent; the catalog is generated skills only");
    const skills = [subjectSkill(tests), ...real];
    for (let i = 1; skills.length < CATALOG; i++) skills.push(generated(i));
    const seedStart = performance.now();
    for (let i = 0; i < skills.length; i += 100)
      await importSkills(
        viewer,
        skills.slice(i, i + 100).map((s) => ({ skill: s, destination: { scope: "PERSONAL" as const } })),
      );
    figure(`eval seed ${skills.length} skills (${real.length} real)`, (performance.now() - seedStart) / 1000, "s");
    const subject = (await db.skill.findFirst({ where: { name: skills[0].name! }, select: { id: true } }))!;

    const offline = { id: "offline-router", model: createOfflineRouterModel(), costsTokens: false };
    const evalTimes: number[] = [];
    let summary = "";
    for (let r = 0; r < RUNS; r++) {
      const start = performance.now();
      const [run] = await runSkillTriggerEval(viewer, subject.id, { catalog: { kind: "all" }, modelId: "offline-router" }, offline);
      evalTimes.push(performance.now() - start);
      if (run.summary.tests !== TESTS || run.catalog.size !== CATALOG)
        throw new Error(`run covered ${run.summary.tests} tests over ${run.catalog.size} skills`);
      summary = `${run.summary.passed}/${run.summary.tests} passed`;
    }
    // one more run, while a ticker measures the longest gap between event-loop turns (what a server's other requests wait)
    const stalls = await measureStalls(() => runSkillTriggerEval(viewer, subject.id, { catalog: { kind: "all" }, modelId: "offline-router" }, offline));
    const loopTimes: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const start = performance.now();
      const { source } = await loadSkillSource(viewer, { kind: "all" });
      for (const test of tests) await routeQuery(source, test.query, "full", offline.model);
      loopTimes.push(performance.now() - start);
    }
    const evalMedian = percentile(evalTimes, 50) / 1000;
    figure(`eval ${TESTS} tests x ${CATALOG} skills, offline router, median of ${RUNS}`, evalMedian, "s", 2);
    figure(`eval ${TESTS} tests x ${CATALOG} skills, offline router, slowest of ${RUNS}`, Math.max(...evalTimes) / 1000, "s", 2);
    figure(`same requests as whole playground turns (skills route loop), median of ${RUNS}`, percentile(loopTimes, 50) / 1000, "s", 2);
    figure(`longest event-loop stall during one eval run, wall`, stalls.longestMs, "ms");
    figure(`longest event-loop stall during one eval run, CPU time`, stalls.longestCpuMs, "ms");
    figure(`that run's length (the stall when a run never yielded)`, stalls.totalMs, "ms");
    console.log(`result of the benchmark's tests: ${summary}`);
    console.log(`target: under ${TARGET_S} s: ${evalMedian < TARGET_S ? "met" : "MISSED"}`);
    console.log(`target: longest stall under 100 ms: ${stalls.longestMs.toFixed(1)} ms ${stalls.longestMs < 100 ? "met" : "MISSED"}`);
  } finally {
    await remove();
  }
}

await main();
