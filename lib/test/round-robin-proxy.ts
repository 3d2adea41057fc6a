/**
 * A load balancer for tests and benchmarks: each request goes to the next instance in turn, as
 * nginx's or haproxy's default round robin would, with the Host header kept (the app checks a
 * server action's Origin against it) and X-Forwarded-For added. It records which instance served
 * what, and a test may steer a request itself (`choose`), e.g. a form's action to another
 * instance than the one that served its page.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Served = { method: string; path: string; instance: number; status: number; action: boolean };

export type Choose = (req: http.IncomingMessage, roundRobin: number) => number;

export type RoundRobinProxy = {
  url: string;
  /** Every request answered so far, in the order their answers started. */
  served: Served[];
  /** The instances' URLs (the proxy may start before them: it must know its own URL first). */
  setTargets(urls: string[]): void;
  /** Overrides the turn for some requests; return `roundRobin` to keep it. */
  choose: Choose | null;
  stop(): Promise<void>;
};

// Hop-by-hop headers describe one connection, not the message: each side sets its own.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);
const endToEnd = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/** The response header naming the instance (0-based) that answered. */
export const SERVED_BY = "x-served-by-instance";

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let targets: URL[] = [];
  let turn = 0;
  const served: Served[] = [];
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    if (!targets.length) {
      res.writeHead(503, { "content-type": "text/plain" }).end("no instances yet");
      return;
    }
    const next = turn++ % targets.length;
    const instance = proxy.choose ? proxy.choose(req, next) % targets.length : next;
    const target = targets[instance];
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...endToEnd(req.headers), "x-forwarded-for": forwardedFor, "x-forwarded-proto": "http" },
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        served.push({ method: req.method ?? "GET", path: req.url ?? "/", instance, status, action: !!req.headers["next-action"] });
        res.writeHead(status, { ...endToEnd(answer.headers), [SERVED_BY]: String(instance) });
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      served.push({ method: req.method ?? "GET", path: req.url ?? "/", instance, status: 502, action: !!req.headers["next-action"] });
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { "content-type": "text/plain", [SERVED_BY]: String(instance) }).end(`instance ${instance} did not answer: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxy: RoundRobinProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    choose: null,
    setTargets(urls) {
      targets = urls.map((url) => new URL(url));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
