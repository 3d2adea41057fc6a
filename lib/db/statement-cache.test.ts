import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { cacheStatements } from "./statement-cache";

/** A real connection whose native prepare calls are counted; `prepare` is what the adapter calls. */
function connection(size: number, rewrite?: (sql: string) => string) {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
  const prepared: string[] = [];
  const native = db.prepare.bind(db);
  const client = {
    prepare: (sql: string) => {
      prepared.push(sql);
      return native(sql);
    },
  };
  cacheStatements(client, size, rewrite);
  type Bound = { reader: boolean; run(): { changes: number }; columns(): { name: string }[]; raw(): { all(): unknown[][] } };
  const prepare = (sql: string) => client.prepare(sql) as { bind(args: unknown[]): Bound; run(): unknown };
  return { db, prepared, prepare };
}

describe("cacheStatements", () => {
  it("prepares a SQL text once and binds each call's arguments to that call only", () => {
    const { prepared, prepare } = connection(10);
    for (const [id, name] of [
      [1, "ada"],
      [2, "grace"],
      [3, "linus"],
    ])
      expect(prepare("INSERT INTO t (id, name) VALUES (?, ?)").bind([id, name]).run().changes).toBe(1);
    const select = (id: number) => prepare("SELECT id, name FROM t WHERE id >= ? ORDER BY id").bind([id]);
    expect(select(2).reader).toBe(true);
    expect(
      select(2)
        .columns()
        .map((column) => column.name),
    ).toEqual(["id", "name"]);
    expect(select(2).raw().all()).toEqual([
      [2, "grace"],
      [3, "linus"],
    ]);
    expect(select(3).raw().all()).toEqual([[3, "linus"]]);
    expect(prepared).toEqual(["INSERT INTO t (id, name) VALUES (?, ?)", "SELECT id, name FROM t WHERE id >= ? ORDER BY id"]);
  });

  it("keeps the most recently used statements and prepares a dropped one again", () => {
    const { prepared, prepare } = connection(2);
    const sql = ["SELECT 1", "SELECT 2", "SELECT 3"];
    prepare(sql[0]);
    prepare(sql[1]);
    prepare(sql[0]); // used again: now the most recent
    prepare(sql[2]); // drops sql[1], the least recently used
    prepare(sql[0]);
    prepare(sql[1]);
    expect(prepared).toEqual([sql[0], sql[1], sql[2], sql[1]]);
  });

  it("runs unbound statements and applies the rewrite before caching (BEGIN IMMEDIATE)", () => {
    const { db, prepared, prepare } = connection(10, (sql) => (sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql));
    prepare("BEGIN").run();
    expect(db.inTransaction).toBe(true);
    prepare("COMMIT").run();
    prepare("BEGIN").run();
    prepare("ROLLBACK").run();
    expect(prepared).toEqual(["BEGIN IMMEDIATE", "COMMIT", "ROLLBACK"]);
  });

  it("writes through a shared statement that an earlier read switched to raw rows", () => {
    const { db, prepare } = connection(10);
    const upsert = "INSERT INTO t (id, name) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name RETURNING id, name";
    expect(prepare(upsert).bind([1, "ada"]).raw().all()).toEqual([[1, "ada"]]);
    expect(prepare(upsert).bind([1, "lovelace"]).run().changes).toBe(1);
    expect(db.prepare("SELECT name FROM t").pluck().get()).toBe("lovelace");
  });
});
