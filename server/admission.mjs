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
// round the clients waiting (clientKey), so one user's burst does not push everyone else back; the
// queue is bounded in all, per client and per address (one address's many clients). A slot is a
// lease, not a lock: a request still running when its lease ends (a streamed chat, a slow client's upload or
// download) keeps running but gives its slot to the next in line, so no single client can hold a
// lane. Plain JavaScript on purpose: server/serve.mjs runs without a build step.

import { clientAddress } from "../lib/auth/client-address.mjs";
import { verifiedCredential } from "../lib/auth/verified-credentials.mjs";

/** @typedef {"read" | "write"} Lane */
/** @typedef {{ turn: () => void, address: string }} Waiting */

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
 * Who a request waits as, and from which address. Turns go round the clients, so one user's
 * hundred requests wait behind each other, not in front of everyone else's. A credential (a
 * bearer token or the session cookie) is a client of its own only once the app has seen it work
 * (lib/auth/verified-credentials.mjs): anything else, made-up credentials included, waits as its
 * address, so a flood of invented tokens is one client, not one each. The address follows
 * TRUSTED_PROXIES (lib/auth/client-address.mjs): behind a reverse proxy not listed there, every
 * signed-out visitor shares the proxy's address.
 * @param {{ headers: Record<string, string | string[] | undefined>, socket?: { remoteAddress?: string } }} req
 * @param {readonly string[]} [proxies] TRUSTED_PROXIES
 * @returns {{ client: string, address: string }}
 */
export function clientKey(req, proxies = []) {
  /** @param {string} name */
  const header = (name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(", ") : (value ?? null);
  };
  const address = clientAddress({ peer: req.socket?.remoteAddress, forwardedFor: header("x-forwarded-for"), realIp: header("x-real-ip") }, proxies);
  const credential = verifiedCredential({ authorization: header("authorization"), cookie: header("cookie") });
  return { client: credential ? `credential:${credential}` : `address:${address}`, address };
}

/**
 * @param {{ slots: Record<Lane, number>, maxQueued: number, maxQueuedPerClient: number, maxQueuedPerAddress?: number, leaseMs: number, timers?: { set: (fn: () => void, ms: number) => unknown, clear: (handle: unknown) => void } }} options
 */
export function createAdmission({
  slots,
  maxQueued,
  maxQueuedPerClient,
  maxQueuedPerAddress = maxQueued,
  leaseMs,
  timers = { set: (fn, ms) => setTimeout(fn, ms).unref(), clear: (handle) => clearTimeout(/** @type {NodeJS.Timeout} */ (handle)) },
}) {
  // Per lane: the waiting requests of each client, clients in turn order (a Map keeps insertion
  // order: a client served goes to the back if it still has requests waiting), and how many wait
  // from each address.
  /** @typedef {{ active: number, queued: number, clients: Map<string, Waiting[]>, addresses: Map<string, number> }} LaneState */
  /** @type {Record<Lane, LaneState>} */
  const lanes = {
    read: { active: 0, queued: 0, clients: new Map(), addresses: new Map() },
    write: { active: 0, queued: 0, clients: new Map(), addresses: new Map() },
  };

  /** @param {LaneState} lane @param {string} address @param {1 | -1} change */
  function count(lane, address, change) {
    const n = (lane.addresses.get(address) ?? 0) + change;
    if (n > 0) lane.addresses.set(address, n);
    else lane.addresses.delete(address);
    lane.queued += change;
  }

  /** @param {LaneState} lane */
  function takeNext(lane) {
    const first = lane.clients.entries().next();
    if (first.done) return undefined;
    const [client, waiting] = first.value;
    const next = /** @type {Waiting} */ (waiting.shift());
    lane.clients.delete(client);
    if (waiting.length) lane.clients.set(client, waiting);
    count(lane, next.address, -1);
    return next.turn;
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
     * Returns null when the lane's queue, this client's share of it or its address's share is
     * full (answer 503), else a ticket whose `cancel` drops a request still waiting (its client
     * went away). A client given as a plain string is its own address.
     * @param {Lane} name
     * @param {string | { client: string, address: string }} who
     * @param {(release: () => void) => void} start
     * @returns {{ cancel: () => void } | null}
     */
    enter(name, who, start) {
      const { client, address } = typeof who === "string" ? { client: who, address: who } : who;
      const lane = lanes[name];
      if (lane.active < slots[name]) {
        grant(name, start);
        return { cancel: () => {} };
      }
      const waiting = lane.clients.get(client) ?? [];
      if (lane.queued >= maxQueued || waiting.length >= maxQueuedPerClient || (lane.addresses.get(address) ?? 0) >= maxQueuedPerAddress) return null;
      /** @type {Waiting} */
      const entry = { turn: () => grant(name, start), address };
      waiting.push(entry);
      if (waiting.length === 1) lane.clients.set(client, waiting);
      count(lane, address, 1);
      return {
        cancel: () => {
          const at = waiting.indexOf(entry);
          if (at < 0) return;
          waiting.splice(at, 1);
          count(lane, address, -1);
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
