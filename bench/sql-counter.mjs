// Preloaded into a server by bench:render (NODE_OPTIONS=--import): counts the SQL statements the
// process executes through better-sqlite3, from outside the app, so that the same count works on
// an older build that knows nothing of it. On SIGUSR2 it writes {"total", "distinct", "texts": {sql: times}} since the
// previous signal to SKILLSHELF_SQL_COUNT_FILE and starts counting afresh.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const out = process.env.SKILLSHELF_SQL_COUNT_FILE;
if (out) {
  let Database;
  try {
    Database = createRequire(path.join(process.cwd(), "package.json"))("better-sqlite3");
  } catch {
    Database = null;
  }
  if (Database) {
    const probe = new Database(":memory:");
    const proto = Object.getPrototypeOf(probe.prepare("SELECT 1"));
    probe.close();
    let total = 0;
    let texts = new Map();
    for (const method of ["run", "get", "all", "iterate"]) {
      const original = proto[method];
      proto[method] = function (...args) {
        total++;
        texts.set(this.source, (texts.get(this.source) ?? 0) + 1);
        return original.apply(this, args);
      };
    }
    process.on("SIGUSR2", () => {
      writeFileSync(out, JSON.stringify({ total, distinct: texts.size, texts: Object.fromEntries(texts) }));
      total = 0;
      texts = new Map();
    });
  }
}
