import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { withCompression } from "./compress.mjs";
import { withPageCache } from "./page-cache.mjs";

// The sign-in page's copy, in front of a stand-in for Next.js that counts its renders and writes
// as Next does (headers set one by one, the page in several writes), behind the production
// server's compression, over real HTTP.
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve())));

const page = (n: number) => `<!DOCTYPE html><html><body>${"<p>Sign in to Skillshelf</p>".repeat(100)}<p id="render">${n}</p></body></html>`;

async function start(options: { status?: number; setCookie?: boolean; ttlMs?: number; now?: () => number } = {}) {
  const renders: string[] = [];
  const next = async (req: IncomingMessage, res: ServerResponse) => {
    renders.push(req.url ?? "");
    const body = page(renders.length);
    res.statusCode = options.status ?? 200;
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("vary", "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch");
    res.setHeader("cache-control", "private, no-cache, no-store, max-age=0, must-revalidate");
    if (options.setCookie) res.setHeader("set-cookie", "a=b");
    await new Promise((resolve) => setTimeout(resolve, 1));
    res.write(body.slice(0, 1000));
    res.end(Buffer.from(body.slice(1000)));
  };
  const handle = withCompression(withPageCache(next, { ttlMs: options.ttlMs, now: options.now }));
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { renders, get: (path: string, headers: Record<string, string> = {}, method = "GET") => get(port, path, headers, method) };
}

function get(port: number, path: string, headers: Record<string, string>, method: string) {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; text: string }>((resolve, reject) => {
    const req = request({ port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const text = (encoding === "gzip" ? zlib.gunzipSync(raw) : encoding === "br" ? zlib.brotliDecompressSync(raw) : raw).toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the signed-out sign-in page's copy", () => {
  it("renders the page once and gives the same bytes and headers again, compressed for each client as it asks", async () => {
    const app = await start();
    const first = await app.get("/sign-in", { "accept-encoding": "gzip" });
    const again = await app.get("/sign-in", { "accept-encoding": "br" });
    const plain = await app.get("/sign-in");
    expect(app.renders).toEqual(["/sign-in"]);
    expect(first.text).toBe(page(1));
    expect(again.text).toBe(page(1));
    expect(plain.text).toBe(page(1));
    expect([first.headers["content-encoding"], again.headers["content-encoding"], plain.headers["content-encoding"]]).toEqual(["gzip", "br", undefined]);
    for (const answer of [first, again, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.headers["cache-control"]).toBe("private, no-cache, no-store, max-age=0, must-revalidate");
    }
    expect(again.headers.vary).toBe("rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding");
  });

  it("renders afresh for anything that may be someone's own or another answer: cookies, credentials, a query, an RSC request, other methods and paths", async () => {
    const app = await start();
    await app.get("/sign-in");
    const personal: [string, Record<string, string>, string?][] = [
      ["/sign-in", { cookie: "better-auth.session_token=x.y" }],
      ["/sign-in", { cookie: "theme=dark" }],
      ["/sign-in", { authorization: "Bearer sk_x" }],
      ["/sign-in?next=%2Fteams", {}],
      ["/sign-in?error=access_denied", {}],
      ["/sign-in", { rsc: "1" }],
      ["/sign-in", { "next-router-prefetch": "1" }],
      ["/sign-in", { "next-action": "abc" }],
      ["/sign-in", {}, "HEAD"],
      ["/sign-in", {}, "POST"],
      ["/sign-in/", {}],
      ["/sign-up", {}],
    ];
    for (const [path, headers, method] of personal) await app.get(path, headers, method);
    expect(app.renders).toHaveLength(1 + personal.length);
    // None of those replaced the copy: the next anonymous request still gets the first render.
    expect((await app.get("/sign-in")).text).toBe(page(1));
    expect(app.renders).toHaveLength(1 + personal.length);
  });

  it("keeps nothing but a whole 200 answer without a cookie", async () => {
    for (const options of [{ status: 500 }, { status: 404 }, { setCookie: true }]) {
      const app = await start(options);
      await app.get("/sign-in");
      await app.get("/sign-in");
      expect(app.renders).toHaveLength(2);
      await new Promise<void>((resolve) => (server!.closeAllConnections(), server!.close(() => resolve())));
      server = undefined;
    }
  });

  it("renders again once the copy is older than its time to live", async () => {
    let clock = 0;
    const app = await start({ ttlMs: 60_000, now: () => clock });
    await app.get("/sign-in");
    clock = 59_999;
    expect((await app.get("/sign-in")).text).toBe(page(1));
    clock = 60_000;
    expect((await app.get("/sign-in")).text).toBe(page(2));
    expect((await app.get("/sign-in")).text).toBe(page(2));
    expect(app.renders).toHaveLength(2);
  });
});
