// Routing benchmark (`npm run bench:route`), in process: the whole-skill ranking the router,
// search_skills, MCP list_skills share (lib/playground/skill-ranking.ts, skill-decision.ts).
//   1. Catalogs of 10,000 and 100,000 generated skills: a name, a description of ~25 words, a
//      body of ~120 words under three headings, three resource files. Words are drawn from a
//      Zipf-distributed vocabulary of 30,000 (real catalogs: a few words everywhere, most rare).
//   2. Lexical: p95 of one ranking plus its silence decision, over 200 requests paraphrasing a
//      skill's description with everyday words mixed in. Target: < 50 ms.
//   3. Hybrid: the same with 256-dimensional vectors precomputed for every skill and the query
//      (brute-force cosine over every candidate, fused by reciprocal rank). Target: < 100 ms.
// The catalog entry alone (name + description, the ranking before whole-skill) is timed beside
// at each size: the comparison the body must not make unaffordable.
//   4. The embedding job (versions.embed) over 1,000 stored skills against a local OpenAI-compatible
//      server returning 256-dimensional hashed vectors: versions embedded per second, with the
//      server alone (the same texts, batches of 32, no database) beside as its ceiling; and what
//      hybrid ranking adds to a request over a 500-skill catalog (the request embedded, the
//      versions' vectors read), first and warm.
import { figure, percentile, seededRandom, sized } from "./bench-kit";
import { readBundle, type BundleSkill } from "../lib/skills/archive/bundle";
import { routeRequest, type RouteOptions } from "../lib/playground/skill-decision";
import { SkillIndex, type SkillText } from "../lib/playground/skill-ranking";

const SIZES = sized([10_000, 100_000], [300]);
const QUERIES = sized(200, 5);
const DIMENSIONS = 256;
const VOCABULARY = sized(30_000, 2_000);

const { random, between } = seededRandom(0x7017e);

function makeVocabulary(): string[] {
  const syllables = ["ka", "lo", "mi", "ner", "ta", "vo", "shi", "ru", "pe", "dan", "gor", "li", "xe", "bu", "tor", "qua"];
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    let word = "";
    for (let i = between(2, 4); i > 0; i--) word += syllables[Math.floor(random() * syllables.length)];
    words.add(word);
  }
  return [...words];
}

const vocabulary = makeVocabulary();
/** Zipf with exponent 1: word i is drawn with probability ∝ 1 / (i + 1). */
const cumulative = (() => {
  const weights = vocabulary.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  return weights.map((w) => (sum += w / total));
})();

function word(): string {
  const r = random();
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < r) lo = mid + 1;
    else hi = mid;
  }
  return vocabulary[lo];
}

const words = (n: number) => Array.from({ length: n }, word).join(" ");

function makeSkill(i: number): SkillText {
  return {
    name: `${word()}-${word()}-${i}`,
    description: `${words(12)}. Use when ${words(12)}.`,
    body: `# ${words(3)}\n${words(40)}\n## ${words(3)}\n${words(40)}\n## ${words(3)}\n${words(30)}`,
    files: [`reference/${word()}.md`, `scripts/${word()}.py`, `assets/${word()}.json`],
  };
}

function vector(): Float32Array {
  const v = new Float32Array(DIMENSIONS);
  for (let i = 0; i < DIMENSIONS; i++) v[i] = random() - 0.5;
  return v;
}

function timed<T>(fn: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = fn();
  return { ms: performance.now() - start, value };
}

async function main() {
  for (const size of SIZES) {
    const skills = Array.from({ length: size }, (_, i) => makeSkill(i));
    const label = size.toLocaleString("en-US").replace(/,/g, "");
    const build = timed(() => new SkillIndex(skills));
    figure(`index build at ${label} skills`, build.ms, "ms", 0);
    const entries = new SkillIndex(skills.map(({ name, description }) => ({ name, description })));
    const queries = Array.from({ length: QUERIES }, () => {
      const target = skills[between(0, size - 1)];
      const own = target.description.split(" ").filter(() => random() < 0.5);
      return `please help me with ${own.join(" ")} and ${words(2)} today`;
    });
    const measure = (index: SkillIndex, withVectors?: RouteOptions["vectors"]) =>
      percentile(
        queries.map((q) => timed(() => routeRequest(index, q, { vectors: withVectors })).ms),
        95,
      );
    measure(build.value); // warm the stem cache and the JIT
    figure(`lexical ranking p95 at ${label} skills (whole skill)`, measure(build.value), "ms");
    figure(`lexical ranking p95 at ${label} skills (name + description only, before)`, measure(entries), "ms");
    const skillVectors = new Map(skills.map((s) => [s.name, vector()]));
    figure(`hybrid ranking p95 at ${label} skills (vectors precomputed)`, measure(build.value, { query: vector(), skills: skillVectors }), "ms");
  }
}

async function embeddingJob() {
  const { createServer } = await import("node:http");
  const { openTempDatabase } = await import("./temp-database");
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const { input } = JSON.parse(body) as { input: string[] };
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ data: input.map((text, index) => ({ index, embedding: hashed(text) })) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/v1`;
  const { db, remove } = await openTempDatabase("route");
  try {
    const { importSkills } = await import("../lib/data/skills");
    const { embeddingProvider } = await import("../lib/embeddings/provider");
    const { embedPendingVersions, embeddingText, rankingVectors } = await import("../lib/data/playground/embeddings");
    const provider = embeddingProvider({ EMBEDDINGS_BASE_URL: baseUrl, EMBEDDINGS_MODEL: "hashed-256" } as Parameters<typeof embeddingProvider>[0])!;
    await db.user.create({ data: { id: "bench", name: "Bench", email: "bench@example.com" } });
    const texts = Array.from({ length: JOB_SKILLS }, (_, i) => makeSkill(i));
    for (let i = 0; i < texts.length; i += 100) {
      const batch = texts.slice(i, i + 100).map((t) => ({
        skill: storedSkill(t),
        destination: { scope: "PERSONAL" as const },
      }));
      await importSkills({ id: "bench" }, batch);
    }
    const started = performance.now();
    for (let i = 0; i < texts.length; i += 32)
      await provider.embed(texts.slice(i, i + 32).map((t) => embeddingText({ name: t.name, description: t.description, body: t.body ?? "" })));
    const ceilingMs = performance.now() - started;
    const jobStart = performance.now();
    const done = await embedPendingVersions(provider);
    const jobMs = performance.now() - jobStart;
    if (done !== JOB_SKILLS) throw new Error(`the job embedded ${done} versions, expected ${JOB_SKILLS}`);
    figure("embedding job throughput", done / (jobMs / 1000), "versions/s");
    figure("provider alone (ceiling)", JOB_SKILLS / (ceilingMs / 1000), "versions/s");
    const catalog = (await db.skill.findMany({ select: { id: true, name: true, currentVersion: { select: { number: true } } }, take: 500 })).map((s) => ({
      skillId: s.id,
      name: s.name,
      version: s.currentVersion!.number,
    }));
    const first = performance.now();
    await rankingVectors(provider, "please help me with a report", catalog);
    figure("hybrid vectors for a request over 500 skills, first", performance.now() - first, "ms");
    const warm: number[] = [];
    for (let i = 0; i < sized(20, 2); i++) {
      const at = performance.now();
      await rankingVectors(provider, `please help me with report ${i}`, catalog);
      warm.push(performance.now() - at);
    }
    figure("hybrid vectors for a request over 500 skills, warm p95 (request embedded)", percentile(warm, 95), "ms");
  } finally {
    server.close();
    await remove();
  }
}

const JOB_SKILLS = sized(1_000, 40);

function hashed(text: string): number[] {
  const v = new Array<number>(DIMENSIONS).fill(0);
  for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let h = 2166136261;
    for (const c of w) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
    v[(h >>> 0) % DIMENSIONS] += 1;
  }
  return v;
}

function storedSkill(t: SkillText): BundleSkill {
  const text = `---\nname: ${t.name}\ndescription: ${t.description}\n---\n${t.body}\n`;
  const skill = readBundle({ kind: "files", files: [{ path: "SKILL.md", bytes: new TextEncoder().encode(text) }] }).skills[0];
  if (!skill?.ok) throw new Error(`generated skill ${t.name} does not read as a skill`);
  return skill;
}

await main();
await embeddingJob();
