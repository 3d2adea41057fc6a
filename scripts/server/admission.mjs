// Admission for the one Node process that renders every page: a request waits in its lane's
// queue until one of the lane's few slots is free, instead of all of them interleaving at once.
//
// Why: a render is CPU work on one thread. With 90 requests in flight, each one's steps wait
// behind the steps of all the others, so every request (the health check too) takes as long as
// the slowest, and the heap holds 90 half-done renders. With a few in flight at a time, each
// finishes quickly, the rest wait their turn in arrival order, and what bypasses the lanes (the
// health check, static files) gets the event loop within a few milliseconds.
//
// Reads and writes have separate lanes so neither starves the other, and within a lane turns go
// round the clients waiting (clientKey), so one user's burst does not push everyone else back. A slot is a lease, not a
// lock: a request still running when its lease ends (a streamed chat, a slow client's upload or
// download) keeps running but gives its slot to the next in line, so no single client can hold a
// lane. Plain JavaScript on purpose: scripts/server/serve.mjs runs without a build step.

/** @typedef {"read" | "write"} Lane */

/**
 * Which lane a request waits in, or null for the requests that skip admission: Next's static
 * files (cheap, and a page's own assets must not queue behind other pages).
 * @param {string | undefined} method
 * @param {string | undefined} url
 * @returns {Lane | null}
 */
export function laneFor(method, url = "/") {
  if (url.startsWith("/_next/static/") || url === "/favicon.ico") return null;
  return method === "GET" || method === "HEAD" ? "read" : "write";
}

/**
 * Who a request waits as: its session (a bearer token or the session cookie), else its address.
 * Turns go round these keys, so one user's hundred requests wait behind each other, not in front
 * of everyone else's. Behind a reverse proxy every signed-out visitor shares the proxy's address.
 * @param {{ headers: Record<string, string | string[] | undefined>, socket?: { remoteAddress?: string } }} req
 */
export function clientKey(req) {
  const authorization = req.headers.authorization;
  if (typeof authorization === "string" && authorization) return `auth:${authorization}`;
  const cookie = req.headers.cookie;
  const session = typeof cookie === "string" ? /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie)?.[1] : undefined;
  if (session) return `session:${session}`;
  return `address:${req.socket?.remoteAddress ?? "unknown"}`;
}

/**
 * @param {{ slots: Record<Lane, number>, maxQueued: number, maxQueuedPerClient: number, leaseMs: number, timers?: { set: (fn: () => void, ms: number) => unknown, clear: (handle: unknown) => void } }} options
 */
export function createAdmission({
  slots,
  maxQueued,
  maxQueuedPerClient,
  leaseMs,
  timers = { set: (fn, ms) => setTimeout(fn, ms).unref(), clear: (handle) => clearTimeout(/** @type {NodeJS.Timeout} */ (handle)) },
}) {
  // Per lane: the waiting requests of each client, clients in turn order (a Map keeps insertion
  // order: a client served goes to the back if it still has requests waiting).
  /** @type {Record<Lane, { active: number, queued: number, clients: Map<string, Array<() => void>> }>} */
  const lanes = { read: { active: 0, queued: 0, clients: new Map() }, write: { active: 0, queued: 0, clients: new Map() } };

  /** @param {{ queued: number, clients: Map<string, Array<() => void>> }} lane */
  function takeNext(lane) {
    const first = lane.clients.entries().next();
    if (first.done) return undefined;
    const [client, waiting] = first.value;
    const next = waiting.shift();
    lane.clients.delete(client);
    if (waiting.length) lane.clients.set(client, waiting);
    lane.queued--;
    return next;
  }

  /** @param {Lane} name @param {(release: () => void) => void} start */
  function grant(name, start) {
    const lane = lanes[name];
    lane.active++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      timers.clear(lease);
      const next = takeNext(lane);
      lane.active--;
      if (next) next();
    };
    const lease = timers.set(release, leaseMs);
    start(release);
  }

  return {
    /**
     * Runs `start(release)` now if the lane has a free slot, else when one frees up and it is this
     * client's turn. The caller calls `release` when the request ends (any number of times).
     * Returns null when the lane's queue, or this client's share of it, is full (answer 503), else
     * a ticket whose `cancel` drops a request still waiting (its client went away).
     * @param {Lane} name
     * @param {string} client
     * @param {(release: () => void) => void} start
     * @returns {{ cancel: () => void } | null}
     */
    enter(name, client, start) {
      const lane = lanes[name];
      if (lane.active < slots[name]) {
        grant(name, start);
        return { cancel: () => {} };
      }
      const waiting = lane.clients.get(client) ?? [];
      if (lane.queued >= maxQueued || waiting.length >= maxQueuedPerClient) return null;
      const turn = () => grant(name, start);
      waiting.push(turn);
      if (waiting.length === 1) lane.clients.set(client, waiting);
      lane.queued++;
      return {
        cancel: () => {
          const at = waiting.indexOf(turn);
          if (at < 0) return;
          waiting.splice(at, 1);
          lane.queued--;
          if (!waiting.length && lane.clients.get(client) === waiting) lane.clients.delete(client);
        },
      };
    },
    /** @returns {Record<Lane, { active: number, queued: number }>} */
    stats() {
      return { read: { active: lanes.read.active, queued: lanes.read.queued }, write: { active: lanes.write.active, queued: lanes.write.queued } };
    },
  };
}
