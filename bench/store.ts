// Skill store benchmark (`npm run bench:store`), in-process, through the real data layer:
//   1. seed a temporary database with 10,000 skills and 30,000 versions: every scope, 60 users,
//      24 teams, files and content-addressed blobs per version. A sample goes through the data
//      layer (built-in sync, imports, new versions); the bulk is raw SQL in one transaction,
//      shaped like the rows the data layer writes (and checked to read back through it).
//   2. as a viewer who is a member of two teams, time the first page of the list per scope filter,
//      searches by name/description, and get-by-id of random visible skills.
// Each figure prints on its own line as "<figure>: <number> <unit>". Target: p95 under 50 ms each.
import { createHash, randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { detectMediaType } from "../lib/skills/format/media-type";
import { readBundle, type BundleSkill } from "../lib/skills/archive/bundle";
import { bundleDigest } from "../lib/skills/archive/digest";
import { spaceOf } from "../lib/skills/permissions/space";
import type { Scope } from "../lib/skills/permissions/permissions";
import { loadBuiltinSkills } from "../prisma/seed";
import { applyMigrations } from "../server/db/migrator";
import { figure, percentile, seededRandom, sized } from "./bench-kit";
import { DOMAINS, NOUNS, OBJECTS, QUALIFIERS, TOPICS } from "./words";

const SKILLS = sized(10_000, 300);
const VERSIONS = sized(30_000, 900);
const USERS = 60;
const TEAMS = 24;
const WARMUP = sized(20, 1);
const RUNS = sized(200, 3);
/** Skills of each scope that go through the data layer, three versions each. */
const SAMPLED = sized(15, 2);
const TARGET_P95_MS = 50;

// ---------- Deterministic content ----------

const { random, pick, between } = seededRandom(0x5eed);

const VERBS = [
  "Review",
  "Draft",
  "Summarize",
  "Audit",
  "Generate",
  "Refactor",
  "Explain",
  "Plan",
  "Triage",
  "Convert",
  "Validate",
  "Migrate",
  "Document",
  "Profile",
  "Test",
];
const COMMON_NAMES = NOUNS.slice(0, 10).flatMap((noun) => QUALIFIERS.slice(0, 3).map((q) => `${noun}-${q}`));

const description = () =>
  `${pick(VERBS)} ${pick(OBJECTS)} for ${pick(DOMAINS)} teams. Use when the user asks about ${pick(TOPICS)} or ${pick(TOPICS)}, or mentions ${pick(OBJECTS)}.`;
const paragraph = () => Array.from({ length: between(2, 5) }, () => `${pick(VERBS)} the ${pick(OBJECTS)} with attention to ${pick(TOPICS)}.`).join(" ");
const body = (name: string) =>
  `# ${name}\n\n${Array.from({ length: between(2, 6) }, paragraph).join("\n\n")}\n\n## Steps\n\n${Array.from({ length: between(3, 6) }, (_, i) => `${i + 1}. ${paragraph()}`).join("\n")}\n`;
const cuid = () => `c${Date.now().toString(36)}${randomBytes(9).toString("hex")}`.slice(0, 25);
const tokensOf = (text: string) => Math.ceil(text.length / 4);

function distribute(count: number, total: number, min: number, max: number): number[] {
  const counts = Array.from({ length: count }, () => between(min, max));
  let sum = counts.reduce((a, b) => a + b, 0);
  while (sum !== total) {
    const i = Math.floor(random() * count);
    const step = sum < total ? (counts[i] < max ? 1 : 0) : counts[i] > min ? -1 : 0;
    counts[i] += step;
    sum += step;
  }
  return counts;
}

function bundleSkill(name: string, version: number): BundleSkill {
  const text = `---\nname: ${name}\ndescription: ${description()}\n---\n\n${body(name)}`;
  const encoder = new TextEncoder();
  const files = [
    { path: `${name}/SKILL.md`, bytes: encoder.encode(text) },
    { path: `${name}/references/guide.md`, bytes: encoder.encode(`# Guide v${version}\n\n${paragraph()}\n`) },
  ];
  const skill = readBundle({ kind: "files", files }).skills[0];
  if (!skill?.ok) throw new Error(`bench skill ${name} is invalid`);
  return skill;
}

// ---------- Timing ----------

const results: { name: string; p95: number }[] = [];

async function measure(name: string, run: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < WARMUP; i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  figure(`${name} p50`, percentile(samples, 50), "ms", 2);
  figure(`${name} p95`, percentile(samples, 95), "ms", 2);
  results.push({ name, p95: percentile(samples, 95) });
}

// ---------- Main ----------

// `--keep` leaves the database behind (its path is printed) for EXPLAIN QUERY PLAN and friends.
const keep = process.argv.includes("--keep");
const dir = await mkdtemp(path.join(os.tmpdir(), "skillshelf-bench-"));
const databasePath = path.join(dir, "store.db");
let disconnect: (() => Promise<void>) | undefined;

try {
  await applyMigrations(databasePath);
  // The data layer reads DATABASE_URL on first use: point it here before loading it.
  process.env.DATABASE_URL = `file:${databasePath}`;
  const { db } = await import("../lib/db/server");
  const data = await import("../lib/data/skills");
  const { syncBuiltinSkills } = await import("../lib/data/skills/builtin");
  disconnect = () => db.$disconnect();
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");

  console.log(`skill store benchmark: node ${process.version}, ${SKILLS} skills, ${VERSIONS} versions, ${RUNS} timed runs after ${WARMUP} warm-up runs each`);
  const seedStart = performance.now();

  // People and teams. "viewer" is a plain user: MEMBER of one team, ADMIN of another.
  const userIds = ["admin", "viewer", ...Array.from({ length: USERS - 2 }, (_, i) => `user-${String(i).padStart(2, "0")}`)];
  await db.user.createMany({
    data: userIds.map((id) => ({ id, name: id, email: `${id}@example.com`, role: id === "admin" ? "ADMIN" : "USER" })),
  });
  const teamIds = Array.from({ length: TEAMS }, () => cuid());
  await db.team.createMany({ data: teamIds.map((id, i) => ({ id, name: `Team ${String(i).padStart(2, "0")}` })) });
  const memberships = new Map<string, { teamId: string; userId: string; role: "OWNER" | "ADMIN" | "MEMBER" }>();
  teamIds.forEach((teamId, t) => {
    memberships.set(`${teamId}:${userIds[2 + (t % (USERS - 2))]}`, { teamId, userId: userIds[2 + (t % (USERS - 2))], role: "OWNER" });
    for (let m = 0; m < between(4, 10); m++) {
      const userId = pick(userIds.slice(2));
      if (!memberships.has(`${teamId}:${userId}`)) memberships.set(`${teamId}:${userId}`, { teamId, userId, role: random() < 0.2 ? "ADMIN" : "MEMBER" });
    }
  });
  memberships.set(`${teamIds[0]}:viewer`, { teamId: teamIds[0], userId: "viewer", role: "MEMBER" });
  memberships.set(`${teamIds[1]}:viewer`, { teamId: teamIds[1], userId: "viewer", role: "ADMIN" });
  await db.membership.createMany({ data: [...memberships.values()] });

  // A sample through the data layer: the shipped built-ins, then personal, team and public skills
  // with three versions each.
  const builtins = await loadBuiltinSkills();
  await syncBuiltinSkills(builtins);
  const sampled: { as: string; destination: Parameters<typeof data.createSkill>[1]["destination"] }[] = [
    ...Array.from({ length: SAMPLED }, () => ({ as: "viewer", destination: { scope: "PERSONAL" as const } })),
    ...Array.from({ length: SAMPLED }, (_, i) => ({ as: "viewer", destination: { scope: "TEAM" as const, teamId: teamIds[i % 2] } })),
    ...Array.from({ length: SAMPLED }, () => ({ as: "admin", destination: { scope: "PUBLIC" as const } })),
  ];
  for (const [i, item] of sampled.entries()) {
    const name = `sampled-${pick(NOUNS)}-${i}`;
    const [created] = await data.importSkills({ id: item.as }, [{ skill: bundleSkill(name, 1), destination: item.destination }]);
    for (const v of [2, 3]) await data.addSkillVersion({ id: item.as }, created.skillId, { skill: bundleSkill(name, v), message: `v${v}` });
  }
  const viaDataLayer = { skills: builtins.length + sampled.length, versions: builtins.length + sampled.length * 3 };

  // The bulk: raw SQL in one transaction on a second connection, rows shaped and encoded as the
  // data layer writes them (ISO timestamps with "+00:00", booleans as 0/1, one blob per content).
  const bulkSkills = SKILLS - viaDataLayer.skills;
  const versionCounts = distribute(bulkSkills, VERSIONS - viaDataLayer.versions, 1, 5);
  const scopeOf = (i: number): Scope => (i < 37 ? "BUILTIN" : i < 37 + 1_560 ? "PUBLIC" : i < 37 + 1_560 + 3_600 ? "TEAM" : "PERSONAL");
  const taken = new Set((await db.skill.findMany({ select: { space: true, name: true } })).map((s) => `${s.space}/${s.name}`));
  const encoder = new TextEncoder();
  const sharedLicense = encoder.encode("Licensed under the Apache License, Version 2.0.\n");
  const now = Date.now();
  const YEAR = 365 * 24 * 3600 * 1000;
  const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

  const raw = new Database(databasePath);
  raw.pragma("foreign_keys = ON");
  const insert = {
    blob: raw.prepare(`INSERT OR IGNORE INTO "Blob" ("sha256", "size", "storage", "data", "key", "createdAt") VALUES (?, ?, 'database', ?, NULL, ?)`),
    skill: raw.prepare(
      `INSERT INTO "Skill" ("id", "name", "scope", "ownerId", "teamId", "space", "currentVersionId", "versionCount", "archived", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
    ),
    version: raw.prepare(
      `INSERT INTO "SkillVersion" ("id", "skillId", "number", "name", "description", "frontmatter", "body", "catalogTokens", "bodyTokens", "resourceTokens", "totalBytes", "fileCount", "digest", "findings", "errorCount", "warningCount", "authorId", "message", "createdAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    ),
    file: raw.prepare(`INSERT INTO "SkillFile" ("id", "versionId", "path", "size", "mediaType", "sha256", "tokens") VALUES (?, ?, ?, ?, ?, ?, ?)`),
    current: raw.prepare(`UPDATE "Skill" SET "currentVersionId" = ? WHERE "id" = ?`),
    audit: raw.prepare(
      `INSERT INTO "AuditEvent" ("id", "createdAt", "actorId", "action", "skillId", "skillName", "version", "teamId", "detail") VALUES (?, ?, ?, ?, ?, ?, ?, ?, '{}')`,
    ),
  };

  const writeSkill = (i: number) => {
    const scope = scopeOf(i);
    const ownerId = scope === "PERSONAL" ? (random() < 0.02 ? "viewer" : pick(userIds)) : scope === "PUBLIC" ? pick(["admin", ...userIds.slice(2, 12)]) : null;
    const teamId = scope === "TEAM" ? pick(teamIds) : null;
    const space = spaceOf(scope, { ownerId, teamId });
    // Some names recur across spaces, as they do in real catalogs (and shadow each other).
    let name = random() < 0.1 ? pick(COMMON_NAMES) : `${pick(NOUNS)}-${pick(QUALIFIERS)}-${i.toString(36)}`;
    if (taken.has(`${space}/${name}`)) name = `${name}-${i.toString(36)}`;
    taken.add(`${space}/${name}`);
    const skillId = cuid();
    const count = versionCounts[i];
    const created = now - random() * YEAR;
    const updated = created + random() * (now - created);
    insert.skill.run(skillId, name, scope, ownerId, teamId, space, count, random() < 0.02 ? 1 : 0, iso(created), iso(updated));

    // Resources change now and then between versions; unchanged ones share their blob.
    const resources = Array.from({ length: between(0, 3) }, (_, r) => ({
      path: `${pick(["references", "examples", "scripts"])}/${pick(NOUNS)}-${r}.md`,
      bytes: encoder.encode(`# ${pick(OBJECTS)}\n\n${paragraph()}\n\n${paragraph()}\n`),
    }));
    if (random() < 0.1) resources.push({ path: "LICENSE.txt", bytes: sharedLicense });
    for (let number = 1; number <= count; number++) {
      if (number > 1 && random() < 0.3 && resources.length) resources[0] = { path: resources[0].path, bytes: encoder.encode(`# Revised\n\n${paragraph()}\n`) };
      const at = iso(created + ((updated - created) * (number - 1)) / Math.max(1, count - 1));
      const desc = description();
      const text = body(name);
      const files = [{ path: "SKILL.md", bytes: encoder.encode(`---\nname: ${name}\ndescription: ${desc}\n---\n\n${text}`) }, ...resources].map((file) => {
        const sha256 = createHash("sha256").update(file.bytes).digest("hex");
        insert.blob.run(sha256, file.bytes.length, Buffer.from(file.bytes), at);
        const content = new TextDecoder().decode(file.bytes);
        return { path: file.path, size: file.bytes.length, sha256, mediaType: detectMediaType(file.bytes, file.path, content), tokens: tokensOf(content) };
      });
      const versionId = cuid();
      const warnings = random() < 0.1 ? 1 : 0;
      const findings = warnings
        ? [{ code: "description-vague", severity: "warning", message: "The description could say more about when to use the skill." }]
        : [];
      const authorId = scope === "BUILTIN" ? null : scope === "TEAM" ? pick(userIds) : ownerId;
      insert.version.run(
        versionId,
        skillId,
        number,
        name,
        desc,
        JSON.stringify({ name, description: desc }),
        text,
        tokensOf(name + desc) + 10,
        tokensOf(text),
        files.slice(1).reduce((sum, f) => sum + f.tokens, 0),
        files.reduce((sum, f) => sum + f.size, 0),
        files.length,
        bundleDigest(files),
        JSON.stringify(findings),
        warnings,
        authorId,
        number === 1 ? "Initial version" : `Edit ${number}`,
        at,
      );
      for (const file of files) insert.file.run(cuid(), versionId, file.path, file.size, file.mediaType, file.sha256, file.tokens);
      insert.audit.run(cuid(), at, authorId, number === 1 ? "skill.create" : "skill.version", skillId, name, number, teamId);
      if (number === count) insert.current.run(versionId, skillId);
    }
    return skillId;
  };
  const bulkIds = raw.transaction(() => Array.from({ length: bulkSkills }, (_, i) => writeSkill(i)))();
  raw.close();
  await db.$executeRawUnsafe("ANALYZE");
  await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  const seedMs = performance.now() - seedStart;

  const [skillCount, versionCount, fileCount, blobCount] = await Promise.all([
    db.skill.count(),
    db.skillVersion.count(),
    db.skillFile.count(),
    db.blob.count(),
  ]);
  if (skillCount !== SKILLS || versionCount !== VERSIONS)
    throw new Error(`seeded ${skillCount} skills and ${versionCount} versions, expected ${SKILLS} and ${VERSIONS}`);
  const viewer = { id: "viewer" };
  // The bulk rows must read back through the data layer like any others.
  const probe = await db.skill.findUniqueOrThrow({
    where: { id: bulkIds[100] },
    select: { id: true, scope: true, currentVersion: { select: { files: { select: { path: true, sha256: true } } } } },
  });
  if (probe.scope !== "PUBLIC") throw new Error("the probe should be a public skill");
  for (const file of probe.currentVersion?.files ?? []) {
    const read = await data.readSkillFile(viewer, probe.id, file.path);
    if (!read || createHash("sha256").update(read.bytes).digest("hex") !== file.sha256)
      throw new Error(`bulk skill ${probe.id} does not read back: ${file.path}`);
  }
  const visible = await data.listSkills(viewer, { pageSize: 1 });
  const sizeBytes = (await stat(databasePath)).size;

  console.log(`\n(1) seed: ${viaDataLayer.skills} skills / ${viaDataLayer.versions} versions through the data layer, the rest in one transaction`);
  figure("seed time", seedMs / 1000, "s", 2);
  figure("skills", skillCount, "rows", 0);
  figure("versions", versionCount, "rows", 0);
  figure("files", fileCount, "rows", 0);
  figure("blobs", blobCount, "rows", 0);
  figure("database size", sizeBytes / 1e6, "MB");
  figure("skills visible to the viewer (unarchived)", visible.total, "skills", 0);

  console.log(`\n(2) list, first page of 24, newest first, as a member of two teams`);
  for (const [label, options] of [
    ["list (scope=all)", { scope: "all" }],
    ["list (scope=personal)", { scope: "personal" }],
    ["list (scope=team)", { scope: "team" }],
    ["list (scope=team, one team)", { scope: "team", teamId: teamIds[0] }],
    ["list (scope=public)", { scope: "public" }],
    ["list (scope=builtin)", { scope: "builtin" }],
    ["list (scope=public, sort=name)", { scope: "public", sort: "name" }],
  ] as const) {
    await measure(label, () => data.listSkills(viewer, options));
  }

  console.log(`\n(3) search by name or description, first page`);
  for (const q of ["review", "kubernetes", "pdf-tools", "quarterly forecast", "no-such-skill-anywhere"]) {
    await measure(`search (q=${q})`, () => data.listSkills(viewer, { q }));
  }
  await measure("search (q=postgres, scope=public)", () => data.listSkills(viewer, { q: "postgres", scope: "public" }));

  console.log(`\n(4) get by id: a random skill the viewer can see, with its current version and history`);
  const visibleIds = (
    await db.skill.findMany({
      where: {
        OR: [{ scope: "PERSONAL", ownerId: "viewer" }, { scope: "TEAM", teamId: { in: teamIds.slice(0, 2) } }, { scope: { in: ["PUBLIC", "BUILTIN"] } }],
      },
      select: { id: true },
    })
  ).map((s) => s.id);
  const allIds = [...visibleIds, ...bulkIds];
  await measure("get (random visible id)", async () => {
    if (!(await data.getSkill(viewer, pick(visibleIds)))) throw new Error("a visible skill came back null");
  });
  await measure("get (random id, any scope)", () => data.getSkill(viewer, pick(allIds)));

  const slowest = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  console.log("");
  figure(`slowest p95 (${slowest.name})`, slowest.p95, "ms", 2);
  console.log(
    `target: p95 under ${TARGET_P95_MS} ms for each: ${
      results.every((r) => r.p95 < TARGET_P95_MS)
        ? "met"
        : `NOT met (${results
            .filter((r) => r.p95 >= TARGET_P95_MS)
            .map((r) => r.name)
            .join(", ")})`
    }`,
  );
  figure("peak memory (max RSS)", process.resourceUsage().maxRSS / 1024, "MB");
} finally {
  await disconnect?.();
  if (keep) console.log(`database kept at ${databasePath}`);
  else await rm(dir, { recursive: true, force: true });
}
