// Admission for the one Node process that renders every page: a request waits in its lane's
// queue until one of the lane's few slots is free, instead of all of them interleaving at once.
//
// Why: a render is CPU work on one thread. With 90 requests in flight, each one's steps wait
// behind the steps of all the others, so every request (the health check too) takes as long as
// the slowest, and the heap holds 90 half-done renders. With a few in flight at a time, each
// finishes quickly, the rest wait their turn in arrival order, and what bypasses the lanes (the
// health check, static files) gets the event loop within a few milliseconds.
//
// Reads and writes have separate lanes so neither starves the other. A slot is a lease, not a
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
 * @param {{ slots: Record<Lane, number>, maxQueued: number, leaseMs: number, timers?: { set: (fn: () => void, ms: number) => unknown, clear: (handle: unknown) => void } }} options
 */
export function createAdmission({ slots, maxQueued, leaseMs, timers = { set: (fn, ms) => setTimeout(fn, ms).unref(), clear: (handle) => clearTimeout(/** @type {NodeJS.Timeout} */ (handle)) } }) {
  /** @type {Record<Lane, { active: number, queue: Array<() => void> }>} */
  const lanes = { read: { active: 0, queue: [] }, write: { active: 0, queue: [] } };

  /** @param {Lane} name @param {(release: () => void) => void} start */
  function grant(name, start) {
    const lane = lanes[name];
    lane.active++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      timers.clear(lease);
      const next = lane.queue.shift();
      lane.active--;
      if (next) next();
    };
    const lease = timers.set(release, leaseMs);
    start(release);
  }

  return {
    /**
     * Runs `start(release)` now if the lane has a free slot, else when one frees up. The caller
     * calls `release` when the request ends (any number of times). Returns null when the queue is
     * full (answer 503), else a ticket whose `cancel` drops a request still waiting (its client
     * went away) so it never takes a slot.
     * @param {Lane} name
     * @param {(release: () => void) => void} start
     * @returns {{ cancel: () => void } | null}
     */
    enter(name, start) {
      const lane = lanes[name];
      if (lane.active < slots[name]) {
        grant(name, start);
        return { cancel: () => {} };
      }
      if (lane.queue.length >= maxQueued) return null;
      const waiting = () => grant(name, start);
      lane.queue.push(waiting);
      return {
        cancel: () => {
          const at = lane.queue.indexOf(waiting);
          if (at >= 0) lane.queue.splice(at, 1);
        },
      };
    },
    /** @returns {Record<Lane, { active: number, queued: number }>} */
    stats() {
      return { read: { active: lanes.read.active, queued: lanes.read.queue.length }, write: { active: lanes.write.active, queued: lanes.write.queue.length } };
    },
  };
}
