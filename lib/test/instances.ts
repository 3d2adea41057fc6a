/**
 * Several production instances of the app on one PostgreSQL database behind a round-robin proxy,
 * as a deployment runs them (docs/guides/deployment.md): a throwaway cluster, the database prepared once,
 * an S3-compatible server (s3rver) for file bytes,
 * N `server/serve.mjs` processes (what `npm start` becomes) sharing the session secret and
 * the server actions' key, and lib/test/round-robin-proxy.ts in front, whose URL is the app's
 * public one. Needs a production build (`next build`; `npm test` makes one before its browser
 * tests). Used by e2e/multi-instance.spec.ts and the load benchmark.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createDatabase, freePort, startPostgresCluster, type PostgresCluster } from "./postgres-cluster";
import { startS3Server } from "./s3-server";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";

const root = path.resolve(import.meta.dirname, "..", "..");

/** Fixed test values: every instance must hold the same ones, as in a real deployment. */
export const SHARED_AUTH_SECRET = "multi-instance-test-secret-not-for-production-0123";
// 32 bytes in base64, the form `openssl rand -base64 32` gives.
export const SHARED_ACTIONS_KEY = Buffer.alloc(32, 7).toString("base64");

export type Instance = {
  url: string;
  /** What the process printed so far (stdout and stderr). */
  log(): string;
  /** SIGTERM, then its end (SIGKILL past 30 s). */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type Instances = {
  /** The proxy's URL: the app's public address (BETTER_AUTH_URL). */
  url: string;
  databaseUrl: string;
  instances: Instance[];
  proxy: RoundRobinProxy;
  stop(): Promise<void>;
};

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  // Bounded: a chatty server must not grow the test's memory.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-500_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

async function waitUntilReady(url: string, exited: Promise<unknown>, log: () => string, timeoutMs = 90_000): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the instance at ${url} exited while starting:\n${log()}`);
    const status = await fetch(`${url}/api/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the instance at ${url} was not ready within ${timeoutMs / 1000} s:\n${log()}`);
}

/** Starts `count` instances (3 by default); `env` adds or overrides keys of every instance (and of the preparation). */
/** `afterPrepare` runs on the prepared database before any instance starts (the load benchmark seeds its catalog there). */
export async function startInstances({
  count = 3,
  env = {},
  afterPrepare,
}: { count?: number; env?: Record<string, string>; afterPrepare?: (databaseUrl: string) => Promise<void> } = {}): Promise<Instances> {
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");
  if (!existsSync(path.join(distDir, "BUILD_ID")))
    throw new Error(`No production build in ${distDir}: run \`NODE_ENV=production npx next build\` first (npm test's browser stage builds).`);
  // Instances stop together, then the cluster and the proxy.
  const instanceStops: (() => Promise<unknown>)[] = [];
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    await Promise.all(instanceStops.splice(0).map((stop) => stop().catch(() => undefined)));
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
  };
  try {
    const proxy = await startRoundRobinProxy();
    stops.push(proxy.stop);
    const cluster: PostgresCluster = await startPostgresCluster();
    stops.push(cluster.stop);
    await createDatabase(cluster.url(), "skillshelf");
    const databaseUrl = cluster.url("skillshelf");
    // One S3-compatible server (s3rver) for every instance: file bytes live in one bucket.
    const s3 = await startS3Server();
    stops.push(s3.stop);
    const s3Env: Record<string, string> = s3.env;

    const shared: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: SHARED_AUTH_SECRET,
      BETTER_AUTH_URL: proxy.url,
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: SHARED_ACTIONS_KEY,
      // The proxy's X-Forwarded-For is believed (the client's address, for per-address limits).
      TRUSTED_PROXIES: "127.0.0.1",
      ...s3Env,
      ...env,
    };
    const prepare = run(path.join(root, "node_modules", ".bin", "tsx"), ["--conditions", "react-server", path.join(root, "scripts", "prepare-db.ts")], shared);
    const prepared = await prepare.exited;
    if (prepared.code !== 0) throw new Error(`preparing the database failed (${JSON.stringify(prepared)}):\n${prepare.output()}`);
    await afterPrepare?.(databaseUrl);

    const instances = await Promise.all(
      Array.from({ length: count }, async () => {
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const server = run(process.execPath, [path.join(root, "server", "serve.mjs"), "--port", String(port), "--hostname", "127.0.0.1"], shared);
        let stopped: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
        const instance: Instance = {
          url,
          log: server.output,
          stop() {
            stopped ??= (async () => {
              if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
              const killer = setTimeout(() => server.child.kill("SIGKILL"), 30_000);
              try {
                return await server.exited;
              } finally {
                clearTimeout(killer);
              }
            })();
            return stopped;
          },
        };
        instanceStops.push(instance.stop);
        await waitUntilReady(url, server.exited, server.output);
        return instance;
      }),
    );
    proxy.setTargets(instances.map((instance) => instance.url));
    return { url: proxy.url, databaseUrl, instances, proxy, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
