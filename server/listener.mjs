// The production server's request listener, apart from Next.js so that it can be tested with any
// handler: the health and readiness checks first and outside the lanes (a load balancer's probe
// must not wait behind the pages it is deciding about), static files straight through, every
// other request admitted by its lane (admission.mjs), a 503 when its lane's queue (or the
// client's or its address's share of it) is full.

/** @param {import("node:http").ServerResponse} res */
function answerBusy(res) {
  res.writeHead(503, { "content-type": "application/json", "retry-after": "1", "cache-control": "no-store" });
  res.end(JSON.stringify({ error: "The server is busy: too many requests are waiting. Try again in a moment." }));
}

/**
 * @param {import("node:http").IncomingMessage} req
 * @param {string} path
 */
const isProbe = (req, path) => (req.method === "GET" || req.method === "HEAD") && (req.url === path || !!req.url?.startsWith(`${path}?`));

/**
 * @param {{
 *   handle: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => Promise<unknown>,
 *   health: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => Promise<void>,
 *   ready?: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => Promise<unknown>,
 *   admission: import("./admission.d.mts").Admission,
 *   laneFor: typeof import("./admission.d.mts").laneFor,
 *   clientKey: typeof import("./admission.d.mts").clientKey,
 * }} options
 */
export function createListener({ handle, health, ready, admission, laneFor, clientKey }) {
  /** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
  async function run(req, res) {
    try {
      await handle(req, res);
    } catch (error) {
      console.error(`Failed to handle ${req.method} ${req.url}:`, error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("Internal Server Error");
    }
  }

  /** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
  return (req, res) => {
    const probe = isProbe(req, "/api/health") ? health : ready && isProbe(req, "/api/ready") ? ready : null;
    if (probe) {
      probe(req, res).catch((error) => {
        console.error(`The ${probe === health ? "health" : "readiness"} check failed:`, error);
        if (res.headersSent) return void res.end();
        res.writeHead(503, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify({ ok: false, error: `the ${probe === health ? "health" : "readiness"} check itself failed` }));
      });
      return;
    }
    const lane = laneFor(req.method, req.url);
    if (!lane) return void run(req, res);
    const ticket = admission.enter(lane, clientKey(req), (release) => {
      res.once("close", release);
      // Its client went away while it waited: nothing to answer.
      if (res.destroyed) return release();
      run(req, res);
    });
    if (!ticket) return answerBusy(res);
    res.once("close", ticket.cancel);
  };
}
