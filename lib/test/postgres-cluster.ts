/**
 * A throwaway PostgreSQL cluster for tests and benchmarks, made with the machine's own PostgreSQL
 * binaries (Debian's /usr/lib/postgresql/<version>/bin, or PG_BIN): initdb into a temp folder,
 * pg_ctl start on a free port with its socket in that folder, trust authentication on loopback
 * only, fsync off. About a second to start; stop() removes everything.
 */
import { execFile as execFileCallback, execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const execFile = promisify(execFileCallback);

export type PostgresCluster = {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  port: number;
  stop(): Promise<void>;
};

/** The folder with initdb and pg_ctl, or null when PostgreSQL is not installed. */
export function findPostgresBin(): string | null {
  const candidates = [process.env.PG_BIN ?? ""];
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, version, "bin"));
  }
  try {
    candidates.push(path.dirname(execFileSync("which", ["initdb"], { encoding: "utf8" }).trim()));
  } catch {
    // not on PATH
  }
  return candidates.find((dir) => dir && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"))) ?? null;
}

export const NO_POSTGRES_MESSAGE =
  "PostgreSQL is not installed (no initdb/pg_ctl in /usr/lib/postgresql/*/bin, PG_BIN or PATH): install Debian's `postgresql` package to run the PostgreSQL tests.";

/** A port nothing listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** One statement through a short-lived connection to the server at `serverUrl` (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function runOnServer(serverUrl: string, sql: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client(serverUrl);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE on the server at `serverUrl`, optionally copying `template`. */
export function createDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  return runOnServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
}

export async function startPostgresCluster(options: { port?: number } = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(NO_POSTGRES_MESSAGE);
  const dir = await mkdtemp(path.join(os.tmpdir(), "skillshelf-pg-"));
  const data = path.join(dir, "data");
  // initdb refuses to run as root: then the cluster belongs to the `postgres` user.
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    asRoot ? execFile("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : execFile(path.join(bin, tool), args);
  if (asRoot) {
    await chmod(dir, 0o777);
  }
  const port = options.port ?? (await freePort());
  await run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale", "C.UTF-8"]);
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  await run("pg_ctl", ["-D", data, "-o", settings, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]);
  let stopped = false;
  return {
    port,
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
