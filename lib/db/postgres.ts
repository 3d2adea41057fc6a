import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

// PostgreSQL's internal one-byte "char" type (OID 18) appears in the catalogs the schema engine
// reads when it introspects a database; the adapter has no mapping for it and fails the whole
// query ("Column type 'char' could not be deserialized"). Its values are single characters, so
// reporting the column as text (OID 25) is exact.
const CHAR_OID = 18;
const TEXT_OID = 25;

type Fields = { fields?: { dataTypeID: number }[] };

function reportCharAsText<T>(result: T): T {
  for (const part of Array.isArray(result) ? (result as Fields[]) : [result as Fields]) {
    for (const field of part?.fields ?? []) if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
  }
  return result;
}

export type PoolOptions = { max?: number; idleTimeoutMillis?: number };

/** A pg pool whose clients report "char" columns as text (see above). */
export function createPgPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: options.idleTimeoutMillis ?? 30_000 });
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      // pool.query calls its client with a callback; the adapter's own clients use the promise.
      const last = args.at(-1);
      if (typeof last === "function") args[args.length - 1] = (error: unknown, res: unknown) => last(error, res && reportCharAsText(res));
      const result = query(...args);
      return result instanceof Promise ? result.then(reportCharAsText) : result;
    };
  });
  // An idle client's error (the server restarted, a network blip) must not crash the process:
  // the pool drops that client and the next query opens a new one.
  pool.on("error", () => {});
  return pool;
}

type ScriptAdapter = Awaited<ReturnType<PrismaPg["connect"]>> & { onError(error: unknown): never };

/**
 * The adapter runs a migration script by splitting it at every ";" and sending the pieces one by
 * one, which breaks a plpgsql function body (and a ";" inside a comment or a string) and leaves a
 * failed script half-applied. Sent whole instead, as one simple-protocol query, PostgreSQL parses
 * it itself and runs it as one implicit transaction, as the native schema engine does.
 */
class WholeScriptPrismaPg extends PrismaPg {
  async connect() {
    const adapter = (await super.connect()) as ScriptAdapter;
    const pool = adapter.underlyingDriver() as pg.Pool;
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (error) {
        adapter.onError(error);
      }
    };
    return adapter;
  }
}

/** Prisma's driver adapter over such a pool (the app's client and the migrator both use it). */
export function createPgAdapterFactory(url: string, options: PoolOptions = {}): PrismaPg {
  return new WholeScriptPrismaPg(createPgPool(url, options), { disposeExternalPool: true });
}
