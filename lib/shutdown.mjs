// What the process does when it is told to stop (SIGTERM, SIGINT), shared by the production server
// (server/serve.mjs, which catches the signal and drains the HTTP server) and the app
// (instrumentation.ts registers what must end cleanly: background jobs, the database pool). Plain
// JavaScript for the same reason as health-check.mjs: serve.mjs runs it without a build step.
//
// The state lives on globalThis under a registered symbol because the app's bundle carries its own
// copy of this module (and Next may load it in more than one layer): every copy must see the one
// "draining" flag and the one list of hooks that serve.mjs runs.

const KEY = Symbol.for("skillshelf.shutdown");

/** @returns {{ draining: boolean, hooks: { name: string, phase: "stop" | "close", hook: () => unknown }[] }} */
function state() {
  const scope = /** @type {Record<symbol, any>} */ (globalThis);
  return (scope[KEY] ??= { draining: false, hooks: [] });
}

/**
 * Run `hook` when the process stops. Phase "stop" (the default) ends work in progress, such as
 * background jobs or a scheduler, while the database is still open; phase "close" closes
 * connections (the database pool, Redis) after every "stop" hook has ended.
 * @param {string} name
 * @param {() => unknown} hook
 * @param {"stop" | "close"} [phase]
 */
export function onShutdown(name, hook, phase = "stop") {
  state().hooks.push({ name, phase, hook });
}

/** True once the process has been told to stop: readiness answers 503 so a load balancer drains it. */
export function isShuttingDown() {
  return state().draining;
}

/** Marks the process as stopping (readiness turns 503); the HTTP server keeps finishing its requests. */
export function beginShutdown() {
  state().draining = true;
}

/**
 * Runs the "stop" hooks together, then the "close" hooks together, each bounded by `timeoutMs`
 * (a hook that hangs is reported and left behind, so the process can still exit). Each hook runs
 * once however often this is called.
 * @param {{ timeoutMs?: number, log?: (line: string) => void }} [options]
 */
export async function runShutdownHooks({ timeoutMs = 5_000, log = console.error } = {}) {
  beginShutdown();
  const hooks = state().hooks.splice(0);
  for (const phase of ["stop", "close"]) {
    await Promise.all(
      hooks
        .filter((entry) => entry.phase === phase)
        .map(async ({ name, hook }) => {
          /** @type {NodeJS.Timeout | undefined} */
          let timer;
          const timeout = new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`did not finish within ${timeoutMs} ms`)), timeoutMs);
          });
          try {
            await Promise.race([Promise.resolve().then(hook), timeout]);
          } catch (error) {
            log(`Shutdown: ${name} ${error instanceof Error ? error.message : String(error)}`);
          } finally {
            clearTimeout(timer);
          }
        }),
    );
  }
}
