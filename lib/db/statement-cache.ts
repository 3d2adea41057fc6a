/**
 * Prepared statements kept across queries for Prisma's better-sqlite3 adapter.
 *
 * The adapter prepares every statement afresh on every query (`client.prepare(sql).bind(args)`)
 * and drops it. better-sqlite3 13 wraps statements through Node-API, whose finalizers run after a
 * GC on a later turn of the event loop, and V8 is never told what a statement holds in native
 * memory: a busy process piled up hundreds of MB of dead statements between collections (100,000
 * queries held 420 MB against 71 MB with better-sqlite3 12). Reusing one statement per SQL text
 * also saves SQLite's parse and plan on every query.
 *
 * The adapter binds arguments permanently (`bind`), which a shared statement cannot take, so the
 * cache hands out a small wrapper that keeps the arguments and passes them on each call. Only
 * what the adapter calls is offered: `bind(args)`, then `reader`, `run()`, `columns()` and
 * `raw().all()`; and `run()` unbound (BEGIN, COMMIT).
 */

/** The part of a better-sqlite3 Statement the wrapper uses. */
export interface NativeStatement {
  readonly reader: boolean;
  run(...args: unknown[]): unknown;
  all(...args: unknown[]): unknown[];
  columns(): unknown[];
  raw(on?: boolean): NativeStatement;
}

export interface StatementSource {
  prepare(sql: string): unknown;
}

class BoundStatement {
  constructor(
    private readonly native: NativeStatement,
    private readonly args: unknown[],
  ) {}

  get reader(): boolean {
    return this.native.reader;
  }

  run(): unknown {
    return this.native.run(...this.args);
  }

  columns(): unknown[] {
    return this.native.columns();
  }

  /** Rows as arrays: the mode is set on every call, since the statement is shared. */
  raw(): { all(): unknown[] } {
    return { all: () => this.native.raw(true).all(...this.args) };
  }
}

class SharedStatement {
  constructor(private readonly native: NativeStatement) {}

  get reader(): boolean {
    return this.native.reader;
  }

  bind(args: unknown[] = []): BoundStatement {
    return new BoundStatement(this.native, args);
  }

  run(): unknown {
    return this.native.run();
  }
}

/**
 * Replaces `client.prepare` with one that keeps the `size` most recently used statements by their
 * SQL text (least recently used dropped first). `rewrite` maps the SQL first (BEGIN IMMEDIATE).
 */
export function cacheStatements(client: StatementSource, size: number, rewrite: (sql: string) => string = (sql) => sql): void {
  const prepare = client.prepare.bind(client) as (sql: string) => NativeStatement;
  const statements = new Map<string, SharedStatement>();
  client.prepare = (text: string) => {
    const sql = rewrite(text);
    let statement = statements.get(sql);
    if (statement) statements.delete(sql);
    else {
      statement = new SharedStatement(prepare(sql));
      if (statements.size >= size) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, statement);
    return statement;
  };
}
