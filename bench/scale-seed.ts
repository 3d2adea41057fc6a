// bench:scale's catalog: N skills with three versions each (every scope, 200 users, 60 teams), written
// straight into a migrated database in batches, on SQLite (better-sqlite3 prepared statements in
// one transaction) or PostgreSQL (multi-row INSERTs in one transaction). The search index fills
// itself through each database's own triggers, as it does for every write of the app.
import { createHash, randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";
import { spaceOf } from "../lib/skills/permissions/space";
import type { Scope } from "../lib/skills/permissions/permissions";
import { RULESET_VERSION } from "../lib/skills/scan";
import { seededRandom } from "./bench-kit";
import { DOMAINS, NOUNS, OBJECTS, QUALIFIERS, TOPICS } from "./words";

export const PASSWORD = "bench-password-not-secret";
const USERS = 200;
const TEAMS = 60;
const VERSIONS = 3;
const BATCH = 500;

type Row = unknown[];
type Table = { name: string; columns: string[] };

const TABLES = {
  user: { name: "user", columns: ["id", "name", "email", "emailVerified", "role", "createdAt", "updatedAt"] },
  account: { name: "account", columns: ["id", "accountId", "providerId", "userId", "password", "createdAt", "updatedAt"] },
  team: { name: "Team", columns: ["id", "name", "createdAt", "updatedAt"] },
  member: { name: "Membership", columns: ["teamId", "userId", "role", "createdAt"] },
  blob: { name: "Blob", columns: ["sha256", "size", "storage", "data", "createdAt"] },
  skill: { name: "Skill", columns: ["id", "name", "scope", "ownerId", "teamId", "space", "versionCount", "archived", "createdAt", "updatedAt"] },
  version: {
    name: "SkillVersion",
    columns: [
      "id",
      "skillId",
      "number",
      "name",
      "description",
      "frontmatter",
      "body",
      "catalogTokens",
      "bodyTokens",
      "resourceTokens",
      "totalBytes",
      "fileCount",
      "digest",
      "findings",
      "warningCount",
      "authorId",
      "message",
      "createdAt",
      "publishedAt",
      "scanRuleset",
      "scanComplete",
    ],
  },
  file: { name: "SkillFile", columns: ["id", "versionId", "path", "size", "mediaType", "sha256", "tokens"] },
} satisfies Record<string, Table>;

/** Where rows go: batches of one table at a time, all inside one transaction. */
interface Sink {
  insert(table: Table, rows: Row[]): Promise<void>;
  setCurrent(pairs: [versionId: string, skillId: string][]): Promise<void>;
  bool(value: boolean): unknown;
  date(ms: number): unknown;
  finish(): Promise<void>;
}

function sqliteSink(databasePath: string): Sink {
  const raw = new Database(databasePath);
  raw.pragma("journal_mode = WAL");
  raw.pragma("foreign_keys = ON");
  const statements = new Map<string, Database.Statement>();
  const statement = (table: Table) => {
    let found = statements.get(table.name);
    if (!found) {
      const verb = table.name === "Blob" || table.name === "Membership" ? "INSERT OR IGNORE" : "INSERT";
      found = raw.prepare(
        `${verb} INTO "${table.name}" (${table.columns.map((c) => `"${c}"`).join(", ")}) VALUES (${table.columns.map(() => "?").join(", ")})`,
      );
      statements.set(table.name, found);
    }
    return found;
  };
  const current = raw.prepare(`UPDATE "Skill" SET "currentVersionId" = ? WHERE "id" = ?`);
  raw.exec("BEGIN");
  return {
    async insert(table, rows) {
      const insert = statement(table);
      for (const row of rows) insert.run(...row);
    },
    async setCurrent(pairs) {
      for (const [versionId, skillId] of pairs) current.run(versionId, skillId);
    },
    bool: (value) => (value ? 1 : 0),
    // Prisma's SQLite DateTime: ISO text.
    date: (ms) => new Date(ms).toISOString().replace("Z", "+00:00"),
    async finish() {
      raw.exec("COMMIT");
      raw.exec("ANALYZE");
      raw.pragma("wal_checkpoint(TRUNCATE)");
      raw.close();
    },
  };
}

async function postgresSink(url: string): Promise<Sink> {
  const client = new pg.Client(url);
  await client.connect();
  await client.query("BEGIN");
  return {
    async insert(table, rows) {
      if (!rows.length) return;
      const width = table.columns.length;
      const values = rows.map((_, r) => `(${table.columns.map((_, c) => `$${r * width + c + 1}`).join(", ")})`).join(", ");
      const conflict = table.name === "Blob" || table.name === "Membership" ? " ON CONFLICT DO NOTHING" : "";
      await client.query(`INSERT INTO "${table.name}" (${table.columns.map((c) => `"${c}"`).join(", ")}) VALUES ${values}${conflict}`, rows.flat());
    },
    async setCurrent(pairs) {
      if (!pairs.length) return;
      await client.query(`UPDATE "Skill" s SET "currentVersionId" = p.v FROM unnest($1::text[], $2::text[]) AS p(v, s) WHERE s."id" = p.s`, [
        pairs.map((pair) => pair[0]),
        pairs.map((pair) => pair[1]),
      ]);
    },
    bool: (value) => value,
    // timestamp(3) without time zone, in UTC as Prisma writes it.
    date: (ms) => new Date(ms).toISOString().replace("Z", ""),
    async finish() {
      await client.query("COMMIT");
      await client.query("ANALYZE");
      await client.end();
    },
  };
}

const cuid = () => `c${randomBytes(12).toString("hex")}`;
const tokensOf = (text: string) => Math.ceil(text.length / 4);
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export type SeededCatalog = {
  /** A member of two teams, with a few personal skills: the viewer every figure is measured as. */
  viewerId: string;
  viewerEmail: string;
  /** Skills the viewer can see, to open one by one. */
  sampleIds: string[];
  /** Words that occur in names and descriptions, to search for. */
  queries: string[];
};

/** Seeds `skills` skills (three versions each) into an empty migrated database. */
export async function seedCatalog(
  target: { provider: "sqlite"; path: string } | { provider: "postgres"; url: string },
  skills: number,
): Promise<SeededCatalog> {
  const sink = target.provider === "sqlite" ? sqliteSink(target.path) : await postgresSink(target.url);
  const { random, pick, between } = seededRandom(0x5ca1e);
  const YEAR = 365 * 24 * 3600 * 1000;
  const now = Date.now();
  const at = sink.date(now - YEAR);
  const passwordHash = await hashPassword(PASSWORD);
  const userIds = ["admin", "viewer", ...Array.from({ length: USERS - 2 }, (_, i) => `user-${String(i).padStart(3, "0")}`)];
  await sink.insert(
    TABLES.user,
    userIds.map((id) => [id, id === "viewer" ? "Vera Viewer" : id, `${id}@example.com`, sink.bool(true), id === "admin" ? "ADMIN" : "USER", at, at]),
  );
  await sink.insert(
    TABLES.account,
    userIds.map((id) => [`${id}-credential`, id, "credential", id, passwordHash, at, at]),
  );
  const teamIds = Array.from({ length: TEAMS }, () => cuid());
  await sink.insert(
    TABLES.team,
    teamIds.map((id, t) => [id, `Team ${String(t).padStart(2, "0")}`, at, at]),
  );
  const members: Row[] = [];
  teamIds.forEach((teamId, t) => {
    members.push([teamId, userIds[2 + (t % (USERS - 2))], "OWNER", at]);
    for (let m = 0; m < between(4, 12); m++) members.push([teamId, pick(userIds.slice(2)), "MEMBER", at]);
  });
  members.push([teamIds[0], "viewer", "MEMBER", at], [teamIds[1], "viewer", "ADMIN", at]);
  await sink.insert(TABLES.member, members);

  const encoder = new TextEncoder();
  const describe = () => `${pick(OBJECTS)} for ${pick(DOMAINS)} teams. Use when the user asks about ${pick(TOPICS)} or mentions ${pick(OBJECTS)}.`;
  const sentence = () => `Check the ${pick(OBJECTS)} with attention to ${pick(TOPICS)} for ${pick(DOMAINS)}.`;
  const taken = new Set<string>();
  const sampleIds: string[] = [];
  for (let start = 0; start < skills; start += BATCH) {
    const rows = { skill: [] as Row[], version: [] as Row[], file: [] as Row[], blob: [] as Row[], current: [] as [string, string][] };
    for (let i = start; i < Math.min(skills, start + BATCH); i++) {
      const scope: Scope = i % 10 < 2 ? "PUBLIC" : i % 10 < 6 ? "TEAM" : "PERSONAL";
      const ownerId = scope === "PERSONAL" ? (i % 500 === 7 ? "viewer" : pick(userIds)) : scope === "PUBLIC" ? pick(userIds) : null;
      const teamId = scope === "TEAM" ? pick(teamIds) : null;
      const space = spaceOf(scope, { ownerId, teamId });
      // One in ten takes a popular name (200 of them, so each is held in ~50 spaces: shadowing has
      // work to do); the rest are as distinct as a large registry's names are.
      let name = i % 10 === 0 ? `${pick(NOUNS)}-${pick(QUALIFIERS)}` : `${pick(NOUNS)}-${pick(QUALIFIERS)}-${(i * 7919).toString(36)}`;
      if (taken.has(`${space}/${name}`)) name = `${name}-${i.toString(36)}`;
      taken.add(`${space}/${name}`);
      const skillId = cuid();
      const created = now - random() * YEAR;
      const updated = created + random() * (now - created);
      rows.skill.push([skillId, name, scope, ownerId, teamId, space, VERSIONS, sink.bool(i % 50 === 3), sink.date(created), sink.date(updated)]);
      let versionId = "";
      for (let number = 1; number <= VERSIONS; number++) {
        const stamp = sink.date(created + ((updated - created) * (number - 1)) / (VERSIONS - 1));
        const description = describe();
        const body = `# ${name}\n\n${Array.from({ length: number === VERSIONS ? between(3, 10) : 2 }, sentence).join(" ")}\n`;
        const skillMd = encoder.encode(`---\nname: ${name}\ndescription: ${description}\n---\n\n${body}`);
        const digest = sha(skillMd);
        rows.blob.push([digest, skillMd.length, "database", Buffer.from(skillMd), stamp]);
        versionId = cuid();
        const bundleDigest = createHash("sha256").update(`SKILL.md\0${digest}\n`).digest("hex");
        const authorId = ownerId ?? pick(userIds);
        rows.version.push([
          versionId,
          skillId,
          number,
          name,
          description,
          JSON.stringify({ name, description }),
          body,
          tokensOf(`${name} ${description}`) + 12,
          tokensOf(body),
          0,
          skillMd.length,
          1,
          bundleDigest,
          "[]",
          0,
          authorId,
          number === 1 ? "Initial version" : "New version",
          stamp,
          stamp,
          // Scanned with today's rules (the content is plain prose), so no start-up rescan of 300,000 versions.
          RULESET_VERSION,
          sink.bool(true),
        ]);
        rows.file.push([cuid(), versionId, "SKILL.md", skillMd.length, "text/markdown", digest, tokensOf(body)]);
      }
      rows.current.push([versionId, skillId]);
      const visible = scope === "PUBLIC" || ownerId === "viewer" || teamId === teamIds[0] || teamId === teamIds[1];
      if (visible && sampleIds.length < 500 && random() < 0.1) sampleIds.push(skillId);
    }
    await sink.insert(TABLES.blob, rows.blob);
    await sink.insert(TABLES.skill, rows.skill);
    await sink.insert(TABLES.version, rows.version);
    await sink.insert(TABLES.file, rows.file);
    await sink.setCurrent(rows.current);
  }
  await sink.finish();
  return {
    viewerId: "viewer",
    viewerEmail: "viewer@example.com",
    sampleIds,
    queries: ["review", "kubernetes", "incident reports", "deplo", "sql", "quarterly", "dashboards", "no-such-word-anywhere"],
  };
}
