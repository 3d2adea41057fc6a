import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { clientKey, createAdmission, laneFor } from "./admission.mjs";
import { createListener } from "./listener.mjs";

// A real HTTP server around the listener, with a stand-in for Next.js that holds every request
// open until the test finishes it: what is admitted, when, and what waits can be read off exactly.
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve())));

async function start(slots = { read: 2, write: 1 }, maxQueued = 10) {
  const handled: string[] = [];
  const open = new Map<string, ServerResponse>();
  const admission = createAdmission({ slots, maxQueued, maxQueuedPerClient: maxQueued, leaseMs: 60_000 });
  const handle = async (req: { method?: string; url?: string }, res: ServerResponse) => {
    const key = `${req.method} ${req.url}`;
    handled.push(key);
    open.set(key, res);
  };
  const health = async (_req: unknown, res: ServerResponse) => void res.end('{"ok":true}');
  const ready = async (_req: unknown, res: ServerResponse) => void res.end('{"ready":true}');
  server = createServer(createListener({ handle, health, ready, admission, laneFor, clientKey }));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const send = (method: string, path: string) => {
    const controller = new AbortController();
    const response = fetch(`http://127.0.0.1:${port}${path}`, { method, signal: controller.signal }).then(
      async (r) => ({ status: r.status, retryAfter: r.headers.get("retry-after"), body: await r.text() }),
      () => null,
    );
    return { response, abort: () => controller.abort() };
  };
  const finish = (key: string) => open.get(key)!.end(`done ${key}`);
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(check()).toBe(true);
  };
  return { handled, admission, send, finish, until, port };
}

describe("the production server's listener", () => {
  it("hands Next.js as many pages at once as the read lane has slots; the rest follow in order", async () => {
    const { handled, admission, send, finish, until } = await start();
    const pages = ["/a", "/b", "/c", "/d"].map((path) => send("GET", path));
    await until(() => admission.stats().read.queued === 2);
    expect(handled).toEqual(["GET /a", "GET /b"]);
    finish("GET /a");
    expect(await pages[0].response).toMatchObject({ status: 200, body: "done GET /a" });
    await until(() => handled.length === 3);
    expect(handled[2]).toBe("GET /c");
    for (const key of ["GET /b", "GET /c"]) finish(key);
    await until(() => handled.length === 4);
    finish("GET /d");
    expect((await Promise.all(pages.map((page) => page.response))).map((r) => r?.status)).toEqual([200, 200, 200, 200]);
    expect(admission.stats().read).toEqual({ active: 0, queued: 0 });
  });

  it("answers the health check while every slot is taken, and lets writes through their own lane", async () => {
    const { handled, admission, send, until } = await start();
    for (const path of ["/a", "/b", "/c"]) send("GET", path);
    await until(() => admission.stats().read.queued === 1);
    expect(await send("GET", "/api/health").response).toMatchObject({ status: 200, body: '{"ok":true}' });
    expect(await send("HEAD", "/api/health?probe=1").response).toMatchObject({ status: 200 });
    send("POST", "/api/v1/skills");
    await until(() => handled.includes("POST /api/v1/skills"));
    send("GET", "/_next/static/chunks/app.js");
    await until(() => handled.includes("GET /_next/static/chunks/app.js"));
    expect(handled).not.toContain("GET /api/health");
  });

  it("answers readiness outside the lanes too, and only for GET and HEAD", async () => {
    const { handled, admission, send, until } = await start({ read: 1, write: 1 });
    send("GET", "/a");
    send("GET", "/b");
    await until(() => admission.stats().read.queued === 1);
    expect(await send("GET", "/api/ready").response).toMatchObject({ status: 200, body: '{"ready":true}' });
    expect(await send("HEAD", "/api/ready?probe=1").response).toMatchObject({ status: 200 });
    send("POST", "/api/ready");
    await until(() => handled.includes("POST /api/ready"));
    expect(handled.filter((key) => key.includes("/api/ready"))).toEqual(["POST /api/ready"]);
  });

  it("never hands on a request whose client left while it waited", async () => {
    const { handled, admission, send, finish, until } = await start({ read: 1, write: 1 });
    send("GET", "/first");
    await until(() => handled.length === 1);
    const gone = send("GET", "/gone");
    await until(() => admission.stats().read.queued === 1);
    gone.abort();
    await until(() => admission.stats().read.queued === 0);
    send("GET", "/third");
    await until(() => admission.stats().read.queued === 1);
    finish("GET /first");
    await until(() => handled.length === 2);
    expect(handled).toEqual(["GET /first", "GET /third"]);
  });

  it("answers 503 with Retry-After when a lane's queue is full", async () => {
    const { admission, send, until } = await start({ read: 1, write: 1 }, 1);
    send("GET", "/running");
    send("GET", "/waiting");
    await until(() => admission.stats().read.queued === 1);
    const refused = await send("GET", "/refused").response;
    expect(refused).toMatchObject({ status: 503, retryAfter: "1" });
    expect(refused!.body).toMatch(/busy/);
  });
});
