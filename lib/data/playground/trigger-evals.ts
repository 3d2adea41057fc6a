import "server-only";
import { randomUUID } from "node:crypto";
import type { LanguageModel } from "ai";
import { db } from "@/lib/db/server";
import { runArms, type ArmsInput, type OtherSkillTests } from "@/lib/playground/evals/compare";
import { estimateTriggerEval } from "@/lib/playground/evals/run";
import { withDescription, withSubject, untestableReason, type EvalSubject } from "@/lib/playground/evals/subject";
import type { CatalogMode, PlaygroundSkill, SkillSource } from "@/lib/playground/domain";
import { timeSlicer } from "@/lib/skills/archive/steps";
import { SPEC_LIMITS } from "@/lib/skills/format/limits";
import { MAX_TRIGGER_QUERY_CHARS, MAX_TRIGGER_TESTS, parseTriggerTests, TRIGGER_TESTS_PATH, type TriggerTest } from "@/lib/skills/format/trigger-tests";
import type { EvalCatalog, EvalEstimate, EvalRunProgress, EvalRunRequest, EvalRunView, TriggerTestsView } from "@/lib/types/evals";
import { loadActor, type ViewerRef } from "../core/actor";
import { DataError, notFound } from "../errors";
import { readEvalResults } from "../core/json-columns";
import { loadSkillSource, loadSkillVersionSource } from "./playground";
import { visibleTo } from "../core/skill-access";
import { LISTED_RUNS, runsVisibleTo } from "../core/eval-runs";
import { runRowSelect, runViews, type RunRow } from "./trigger-eval-rows";
import { noteEval } from "../usage/notes";

// Trigger tests over the store: a version's evals/triggers.json run against a catalog the runner
// may see (everything visible to them, what a team's agents see, or one of their agent profiles)
// with a model the route resolved, stored per version so the history shows what a change did.
//
// Who sees a run: its runner, and for a run against a team's catalog, that team's members. A run
// names the skills that won its requests, and a personal catalog's skills are nobody else's business.

/** Other skills' should-trigger requests run for the conflicts check, at most (each arm). */
const MAX_OTHER_TESTS = 100;

export interface EvalModel {
  id: string;
  model: LanguageModel;
  /** false for the offline router. */
  costsTokens: boolean;
}

/** A version's trigger tests as stored (the current version unless `version`), or null when the viewer cannot see it. */
export async function getTriggerTests(viewer: ViewerRef, skillId: string, version?: number): Promise<TriggerTestsView | null> {
  const loaded = await loadSkillVersionSource(viewer, skillId, version ?? null);
  if (!loaded) return null;
  return readTests(loaded.skill, loaded.source);
}

async function readTests(skill: PlaygroundSkill, source: SkillSource): Promise<TriggerTestsView> {
  const base = { version: skill.version };
  if (!skill.files.some((f) => f.path === TRIGGER_TESTS_PATH)) return { ...base, exists: false, tests: [], problems: [] };
  const file = await source.resource(skill, TRIGGER_TESTS_PATH);
  if (!file || file.kind !== "text") return { ...base, exists: true, tests: [], problems: [`${TRIGGER_TESTS_PATH} is not text`] };
  const parsed = parseTriggerTests(file.text);
  return { ...base, exists: true, tests: parsed.tests, problems: parsed.findings.map((f) => `${f.path}${f.line ? `:${f.line}` : ""}: ${f.message}`) };
}

interface PreparedEval {
  subject: EvalSubject;
  catalog: SkillSource;
  catalogLabel: string;
  tests: TriggerTest[];
  descriptions: { text: string; arm: "version" | "proposed"; of: number | null }[];
  others: OtherSkillTests[];
}

async function prepare(viewer: ViewerRef, skillId: string, request: EvalRunRequest): Promise<PreparedEval> {
  const loaded = await loadSkillVersionSource(viewer, skillId, request.version ?? null);
  if (!loaded) throw request.version ? notFound("Version") : notFound();
  const untestable = untestableReason(loaded.skill);
  if (untestable) throw new DataError("INVALID", untestable);

  let tests: TriggerTest[];
  if (request.tests) tests = checkTests(request.tests);
  else {
    const stored = await readTests(loaded.skill, loaded.source);
    if (stored.problems.length)
      throw new DataError("INVALID", `Version ${stored.version}'s trigger tests cannot run: ${stored.problems[0]}`, { field: "tests" });
    tests = stored.tests;
  }
  if (tests.length === 0)
    throw new DataError(
      "INVALID",
      `Version ${loaded.skill.version} has no trigger tests; add some to ${TRIGGER_TESTS_PATH} (a request that should load the skill and one that should not).`,
      {
        field: "tests",
      },
    );

  const descriptions: PreparedEval["descriptions"] = [{ text: loaded.skill.description, arm: "version", of: null }];
  if (request.compare && "description" in request.compare) {
    const text = request.compare.description.trim();
    if (!text) throw new DataError("INVALID", "The proposed description is empty.", { field: "description" });
    if (text.length > SPEC_LIMITS.descriptionMaxChars)
      throw new DataError("INVALID", `The proposed description has ${text.length} characters; the limit is ${SPEC_LIMITS.descriptionMaxChars}.`, {
        field: "description",
      });
    descriptions.push({ text, arm: "proposed", of: null });
  } else if (request.compare) {
    const other = await loadSkillVersionSource(viewer, skillId, request.compare.version);
    if (!other) throw notFound("Version");
    descriptions.push({ text: other.skill.description, arm: "version", of: other.skill.version });
  }

  const { source: catalog, label } = await loadCatalog(viewer, request.catalog);
  const subject = { skill: loaded.skill, source: loaded.source };
  return { subject, catalog, catalogLabel: label, tests, descriptions, others: await otherTests(catalog, loaded.skill.name) };
}

function checkTests(tests: readonly TriggerTest[]): TriggerTest[] {
  if (tests.length > MAX_TRIGGER_TESTS)
    throw new DataError("INVALID", `${tests.length} tests; a skill may have at most ${MAX_TRIGGER_TESTS}.`, { field: "tests" });
  return tests.map((test, i) => {
    const query = test.query.trim();
    if (!query) throw new DataError("INVALID", `Test ${i + 1} has no request.`, { field: "tests" });
    if (query.length > MAX_TRIGGER_QUERY_CHARS)
      throw new DataError("INVALID", `Test ${i + 1}'s request has ${query.length} characters; at most ${MAX_TRIGGER_QUERY_CHARS}.`, { field: "tests" });
    return { query, shouldTrigger: test.shouldTrigger };
  });
}

/** The catalog's skills and a label for it; a team or profile the viewer has no part in is not found. */
async function loadCatalog(viewer: ViewerRef, catalog: EvalCatalog): Promise<{ source: SkillSource; label: string }> {
  if (catalog.kind === "all") return { source: (await loadSkillSource(viewer, { kind: "all" })).source, label: "Everything you can see" };
  if (catalog.kind === "profile") {
    const loaded = await loadSkillSource(viewer, { kind: "profile", profileId: catalog.profileId });
    return { source: loaded.source, label: `Agent profile "${loaded.profileName}"` };
  }
  const actor = await loadActor(db, viewer);
  const team = actor.teamRoles[catalog.teamId] ? await db.team.findUnique({ where: { id: catalog.teamId }, select: { name: true } }) : null;
  if (!team) throw notFound("Team");
  // What the team's agents see: the team's skills, public and built-in ones; nobody's personal skills.
  const ids = await db.skill.findMany({
    where: { AND: [visibleTo(actor), { archived: false }, { OR: [{ teamId: catalog.teamId, scope: "TEAM" }, { scope: { in: ["PUBLIC", "BUILTIN"] } }] }] },
    select: { id: true },
  });
  const loaded = await loadSkillSource(viewer, { kind: "picked", skillIds: ids.map((s) => s.id) });
  return { source: loaded.source, label: `Team ${team.name}` };
}

/** Other catalog skills' stored should-trigger tests, name order, up to MAX_OTHER_TESTS; unreadable files are passed over. */
async function otherTests(catalog: SkillSource, subjectName: string): Promise<OtherSkillTests[]> {
  const out: OtherSkillTests[] = [];
  let count = 0;
  for (const skill of catalog.skills) {
    if (skill.name === subjectName || count >= MAX_OTHER_TESTS || !skill.files.some((f) => f.path === TRIGGER_TESTS_PATH)) continue;
    const { tests, problems } = await readTests(skill, catalog);
    const positives = problems.length ? [] : tests.filter((t) => t.shouldTrigger).slice(0, MAX_OTHER_TESTS - count);
    if (positives.length === 0) continue;
    out.push({ skill: skill.name, tests: positives });
    count += positives.length;
  }
  return out;
}

/** What a run (one arm, or both of an A/B) will cost, before it starts. */
export async function estimateSkillTriggerEval(
  viewer: ViewerRef,
  skillId: string,
  request: EvalRunRequest,
  model: Omit<EvalModel, "model">,
): Promise<EvalEstimate> {
  return estimateOf(await prepare(viewer, skillId, request), request, model);
}

async function estimateOf(prepared: PreparedEval, request: EvalRunRequest, model: Omit<EvalModel, "model">): Promise<EvalEstimate> {
  const source = withSubject(prepared.catalog, prepared.subject);
  const otherCount = prepared.others.reduce((n, o) => n + o.tests.length, 0);
  const every = [...prepared.tests, ...prepared.others.flatMap((o) => o.tests)];
  const estimate = await estimateTriggerEval({ source, subject: prepared.subject.skill.name, tests: every, modelId: model.id, mode: request.mode });
  return {
    modelId: model.id,
    costsTokens: model.costsTokens,
    tests: prepared.tests.length,
    otherTests: otherCount,
    arms: prepared.descriptions.length,
    inputTokens: estimate.inputTokens * prepared.descriptions.length,
    catalogSize: source.skills.length,
    catalogLabel: prepared.catalogLabel,
  };
}

/**
 * Runs a viewer may have going at once in this process. A run holds a request open for as long as
 * its model takes (minutes for 200 tests against a provider): one person starting run after run
 * would otherwise queue unbounded work and provider spend.
 */
const MAX_RUNS_PER_VIEWER = 2;

/** The runs going in this process, by id: what the per-person limit counts and the progress shows. */
const inProgress = new Map<string, EvalRunProgress & { viewerId: string }>();

/**
 * The viewer's runs of this skill going in this process, oldest first, with how many of their
 * model requests are done; null when the skill is not visible.
 */
export async function listTriggerEvalRunsInProgress(viewer: ViewerRef, skillId: string): Promise<EvalRunProgress[] | null> {
  if (!(await isVisible(viewer, skillId))) return null;
  return [...inProgress.values()].filter((run) => run.viewerId === viewer.id && run.skillId === skillId).map(({ viewerId: _viewerId, ...run }) => run);
}

/** Runs the tests (one arm, or two for an A/B) and stores each arm as a run of the version. */
export async function runSkillTriggerEval(
  viewer: ViewerRef,
  skillId: string,
  request: EvalRunRequest,
  model: EvalModel,
  signal?: AbortSignal,
): Promise<EvalRunView[]> {
  return (await estimateAndRunSkillTriggerEval(viewer, skillId, request, model, signal)).runs;
}

/**
 * The estimate and the run from one reading of the catalog: what the HTTP API answers. The run
 * gives the event loop a turn every few milliseconds (see runArms), so the server keeps answering
 * others while it goes; listTriggerEvalRunsInProgress shows how far it got.
 */
export async function estimateAndRunSkillTriggerEval(
  viewer: ViewerRef,
  skillId: string,
  request: EvalRunRequest,
  model: EvalModel,
  signal?: AbortSignal,
): Promise<{ estimate: EvalEstimate; runs: EvalRunView[] }> {
  const active = [...inProgress.values()].filter((run) => run.viewerId === viewer.id).length;
  if (active >= MAX_RUNS_PER_VIEWER)
    throw new DataError("CONFLICT", `You already have ${active} trigger-test runs going; wait for one to finish, then run again.`, {
      reason: "runs-in-progress",
    });
  const id = randomUUID();
  const progress = {
    id,
    viewerId: viewer.id,
    skillId,
    version: request.version ?? null,
    modelId: model.id,
    catalogLabel: null as string | null,
    arms: request.compare ? 2 : 1,
    done: 0,
    total: null as number | null,
    startedAt: new Date().toISOString(),
  };
  inProgress.set(id, progress);
  try {
    const slice = timeSlicer();
    const prepared = await prepare(viewer, skillId, request);
    Object.assign(progress, { version: prepared.subject.skill.version, catalogLabel: prepared.catalogLabel });
    await slice();
    const estimate = await estimateOf(prepared, request, model);
    await slice();
    const onProgress = ({ done, total }: { done: number; total: number }) => Object.assign(progress, { done, total });
    return { estimate, runs: await runPrepared(viewer, skillId, request, model, prepared, { signal, onProgress }) };
  } finally {
    inProgress.delete(id);
  }
}

async function runPrepared(
  viewer: ViewerRef,
  skillId: string,
  request: EvalRunRequest,
  model: EvalModel,
  prepared: PreparedEval,
  options: Pick<ArmsInput, "signal" | "onProgress">,
) {
  const mode: CatalogMode = request.mode ?? "full";
  const arms = await runArms({
    catalog: prepared.catalog,
    subject: prepared.subject,
    tests: prepared.tests,
    descriptions: prepared.descriptions.map((d) => d.text),
    others: prepared.others,
    model: model.model,
    modelId: model.id,
    mode,
    ...options,
  });
  const version = await db.skillVersion.findUnique({ where: { skillId_number: { skillId, number: prepared.subject.skill.version } }, select: { id: true } });
  if (!version) throw notFound("Version");
  const comparisonId = arms.length > 1 ? randomUUID() : null;
  const catalogSize = withSubject(prepared.catalog, { ...prepared.subject, skill: withDescription(prepared.subject.skill, arms[0].description) }).skills.length;
  const rows = await db.$transaction(
    arms.map((arm, i) =>
      db.triggerEvalRun.create({
        data: {
          skillId,
          versionId: version.id,
          arm: prepared.descriptions[i].arm,
          description: arm.description,
          descriptionOf: prepared.descriptions[i].of,
          comparisonId,
          catalogKind: request.catalog.kind,
          catalogRef: request.catalog.kind === "team" ? request.catalog.teamId : request.catalog.kind === "profile" ? request.catalog.profileId : null,
          catalogLabel: prepared.catalogLabel,
          catalogSize,
          modelId: model.id,
          mode,
          tests: arm.summary.tests,
          passed: arm.summary.passed,
          positives: arm.summary.positives,
          truePositives: arm.summary.truePositives,
          falsePositives: arm.summary.falsePositives,
          inputTokens: arm.summary.inputTokens,
          outputTokens: arm.summary.outputTokens,
          results: JSON.stringify(arm.results),
          takes: JSON.stringify(arm.takes),
          createdById: viewer.id,
        },
        select: runRowSelect,
      }),
    ),
  );
  noteEval(viewer, skillId, prepared.subject.skill.version);
  return runViews(rows);
}

/** Which runs a viewer may see: their own, and runs against the catalog of a team they are in. */
async function runsVisibleToViewer(viewer: ViewerRef) {
  return runsVisibleTo(await loadActor(db, viewer));
}

/** The skill's runs the viewer may see, newest first; null when the skill is not visible. */
async function isVisible(viewer: ViewerRef, skillId: string): Promise<boolean> {
  const actor = await loadActor(db, viewer);
  return (await db.skill.findFirst({ where: { AND: [{ id: skillId }, visibleTo(actor)] }, select: { id: true } })) !== null;
}

export async function listTriggerEvalRuns(viewer: ViewerRef, skillId: string, options: { limit?: number } = {}): Promise<EvalRunView[] | null> {
  if (!(await isVisible(viewer, skillId))) return null;
  const rows = await db.triggerEvalRun.findMany({
    where: { AND: [{ skillId }, await runsVisibleToViewer(viewer)] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(options.limit ?? LISTED_RUNS, 200),
    select: runRowSelect,
  });
  return runViews(rows);
}

export async function getTriggerEvalRun(viewer: ViewerRef, skillId: string, runId: string): Promise<EvalRunView | null> {
  const actor = await loadActor(db, viewer);
  const row = await db.triggerEvalRun.findFirst({
    where: { AND: [{ id: runId, skillId, skill: visibleTo(actor) }, await runsVisibleToViewer(viewer)] },
    select: runRowSelect,
  });
  return row ? (await runViews([row]))[0] : null;
}

/**
 * Files a proposed run under the version that was saved with its description (the editor's A/B,
 * then save): the run measured exactly that description and those tests against that catalog, so
 * the history shows the new version's result without running it again. Refused when the saved
 * version's description or tests differ from what the run measured.
 */
export async function fileProposedRun(viewer: ViewerRef, skillId: string, runId: string, version: number): Promise<EvalRunView> {
  const run: RunRow | null = await db.triggerEvalRun.findFirst({ where: { id: runId, skillId, createdById: viewer.id }, select: runRowSelect });
  if (!run) throw notFound("Run");
  if (run.arm !== "proposed") throw new DataError("INVALID", "Only a run of a proposed description can be filed under a new version.");
  const saved = await loadSkillVersionSource(viewer, skillId, version);
  if (!saved) throw notFound("Version");
  if (saved.skill.description !== run.description)
    throw new DataError("INVALID", `Version ${version}'s description is not the one this run measured; run the tests on version ${version} instead.`);
  const stored = await readTests(saved.skill, saved.source);
  const measured = readEvalResults(run.results).map((r) => ({ query: r.query, shouldTrigger: r.shouldTrigger }));
  if (JSON.stringify(stored.tests) !== JSON.stringify(measured))
    throw new DataError("INVALID", `Version ${version}'s trigger tests are not the ones this run measured; run the tests on version ${version} instead.`);
  const target = await db.skillVersion.findUnique({ where: { skillId_number: { skillId, number: version } }, select: { id: true } });
  if (!target) throw notFound("Version");
  const updated = await db.triggerEvalRun.update({
    where: { id: run.id },
    data: { versionId: target.id, arm: "version", measuredOn: run.version.number },
    select: runRowSelect,
  });
  return (await runViews([updated]))[0];
}
