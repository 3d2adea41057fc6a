import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { acceptsGzip, withCompression } from "./compress.mjs";

// The production server's compression around a stand-in for Next.js that writes as Next does: a
// page's shell in many small writes, each followed by `res.flush()`, then (after its data
// arrives) the rest. A real HTTP server and client, the compressed bytes decompressed as they come.
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve())));

const piece = (i: number) => `<div class="card" data-i="${i}"><h3>skill-${i}</h3><p>Checks a deploy before it ships, step ${i % 7}.</p></div>\n`;
const SHELL = Array.from({ length: 300 }, (_, i) => piece(i));
const LATE = `<section id="late">${"the results, streamed when their data came ".repeat(40)}</section></html>`;

async function start() {
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const handle = async (req: IncomingMessage, res: ServerResponse & { flush?: () => void }) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (req.url === "/small") return void res.end("<p>short</p>");
    for (const part of SHELL) {
      res.write(part);
      res.flush?.();
    }
    await gate;
    res.end(LATE);
  };
  server = createServer((req, res) => void withCompression(handle)(req, res));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, openGate };
}

/** The answer as it arrives: its headers, the compressed bytes so far, and the text they decompress to. */
function get(port: number, path: string, acceptEncoding?: string) {
  const received = { headers: {} as IncomingMessage["headers"], bytes: 0, text: "" };
  const done = new Promise<typeof received>((resolve, reject) => {
    const req = request({ port, path, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
      received.headers = res.headers;
      const encoding = res.headers["content-encoding"];
      const decoder = encoding === "gzip" ? zlib.createGunzip() : encoding === "br" ? zlib.createBrotliDecompress() : null;
      res.on("data", (chunk: Buffer) => {
        received.bytes += chunk.length;
        if (decoder) decoder.write(chunk);
        else received.text += chunk.toString();
      });
      decoder?.on("data", (chunk: Buffer) => (received.text += chunk.toString()));
      res.on("end", () => (decoder ? decoder.end(() => resolve(received)) : resolve(received)));
      decoder?.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
  return { received, done };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe("the production server's compression", () => {
  it("sends what is written together as one compressed piece, and streams what comes later", async () => {
    const { port, openGate } = await start();
    const { received, done } = get(port, "/skills", "gzip");
    // The shell arrives whole while the page still waits for its data.
    await until(() => received.text.length === SHELL.join("").length);
    expect(received.headers["content-encoding"]).toBe("gzip");
    const shellBytes = received.bytes;
    openGate();
    const answer = await done;
    expect(answer.text).toBe(SHELL.join("") + LATE);
    // Flushed one by one, the 300 writes came to 13 times the shell compressed in one piece;
    // written in one turn, they are compressed together.
    const together = zlib.gzipSync(SHELL.join("")).length;
    expect(shellBytes).toBeLessThan(together * 1.3);
  });

  it("answers gzip to a browser, Brotli to a client that takes only that, and plain text to one that offers nothing", async () => {
    const { port, openGate } = await start();
    openGate();
    const browser = await get(port, "/skills", "gzip, deflate, br, zstd").done;
    expect(browser.headers["content-encoding"]).toBe("gzip");
    expect(browser.headers.vary).toBe("Accept-Encoding");
    expect(browser.text).toBe(SHELL.join("") + LATE);
    const brotliOnly = await get(port, "/skills", "br").done;
    expect(brotliOnly.headers["content-encoding"]).toBe("br");
    expect(brotliOnly.text).toBe(SHELL.join("") + LATE);
    const plain = await get(port, "/skills").done;
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toBe(SHELL.join("") + LATE);
    // Below 1 KB the bytes saved do not pay for compressing them.
    const small = await get(port, "/small", "gzip").done;
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.text).toBe("<p>short</p>");
  });

  it("keeps answering after a client leaves in the middle of a page", async () => {
    const { port, openGate } = await start();
    const leaving = request({ port, path: "/skills", headers: { "accept-encoding": "gzip" } }, (res) => res.once("data", () => leaving.destroy()));
    leaving.on("error", () => {});
    leaving.end();
    await new Promise((resolve) => leaving.on("close", resolve));
    openGate();
    const next = await get(port, "/skills", "gzip").done;
    expect(next.text).toBe(SHELL.join("") + LATE);
  });

  it("continues one gzip stream over pieces written in many turns, large ones deflated a part per turn", async () => {
    // 3 MB in writes of every size, some in the same turn, some turns apart, ended with a chunk:
    // the decoder checks the stream's CRC and length.
    const parts = Array.from({ length: 120 }, (_, i) => `${"line " + i + " " + randomBytes(i * 37).toString("hex")}\n`.repeat(1 + (i % 9)));
    server = createServer(
      (req, res) =>
        void withCompression(async (_req, out) => {
          out.setHeader("content-type", "application/json");
          for (const [i, part] of parts.entries()) {
            if (!out.write(part)) await new Promise((resolve) => out.once("drain", resolve));
            if (i % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
          }
          out.end("[end]".repeat(60_000));
        })(req, res),
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await get(port, "/export", "gzip").done;
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.text).toBe(parts.join("") + "[end]".repeat(60_000));
  });

  it("cuts pieces inside a run of small writes made without waiting, and loses none of them", async () => {
    // 50,000 writes of 1-60 bytes in one turn (write()'s "wait" ignored): the pieces are cut across
    // and inside them.
    const writes = Array.from({ length: 50_000 }, (_, i) => `${i},`.padEnd(1 + (i % 60), "x"));
    server = createServer(
      (req, res) =>
        void withCompression(async (_req, out) => {
          out.setHeader("content-type", "text/plain");
          for (const piece of writes) out.write(piece);
          out.end();
        })(req, res),
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await get(port, "/many", "gzip").done;
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.text).toBe(writes.join(""));
  });

  it("holds a large body back when the client does not read, instead of taking all of it", async () => {
    // 64 MB that gzip cannot shrink much, written as Next's pipe writes: on until write() says wait.
    const chunk = randomBytes(48 * 1024).toString("base64");
    let written = 0;
    let waiting = false;
    server = createServer(
      (req, res) =>
        void withCompression(async (_req, out) => {
          out.setHeader("content-type", "text/plain; charset=utf-8");
          while (written < 64 * 1024 * 1024) {
            written += chunk.length;
            if (!out.write(chunk)) {
              waiting = true;
              await new Promise((resolve) => out.once("drain", resolve));
              waiting = false;
            }
          }
          out.end();
        })(req, res),
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const client = request({ port, path: "/big", headers: { "accept-encoding": "gzip" } }, (res) => res.pause());
    client.on("error", () => {});
    client.end();
    await until(() => waiting);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // What the socket's buffers and one piece hold, not the 64 MB.
    expect(waiting).toBe(true);
    expect(written).toBeLessThan(16 * 1024 * 1024);
    client.destroy();
  });

  it("leaves alone other types, no-transform, answers without a body and byte ranges", async () => {
    const body = "x".repeat(5000);
    server = createServer(
      (req, res) =>
        void withCompression(async (_req, out) => {
          if (req.url === "/png") out.setHeader("content-type", "image/png");
          else out.setHeader("content-type", "text/plain");
          if (req.url === "/no-transform") out.setHeader("cache-control", "no-transform");
          if (req.url === "/not-modified") out.statusCode = 304;
          if (req.url === "/range") {
            out.statusCode = 206;
            out.setHeader("content-range", "bytes 0-4999/20000");
          }
          out.end(req.url === "/not-modified" ? undefined : body);
        })(req, res),
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    for (const path of ["/png", "/no-transform", "/not-modified", "/range"]) {
      const answer = await get(port, path, "gzip").done;
      expect(answer.headers["content-encoding"], path).toBeUndefined();
      expect(answer.text, path).toBe(path === "/not-modified" ? "" : body);
    }
    expect((await get(port, "/text", "gzip").done).headers["content-encoding"]).toBe("gzip");
  });

  it("deflates a page at level 2 and an immutable file at level 6", async () => {
    const body = SHELL.join("");
    server = createServer(
      (req, res) =>
        void withCompression(async (_req, out) => {
          out.setHeader("content-type", req.url === "/chunk.js" ? "application/javascript" : "text/html");
          if (req.url === "/chunk.js") out.setHeader("cache-control", "public, max-age=31536000, immutable");
          out.end(body);
        })(req, res),
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    // One end() is one piece: the gzip header, the piece deflated with a sync flush, the last block and the trailer.
    const deflated = (level: number) => zlib.deflateRawSync(body, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }).length + 10 + 2 + 8;
    expect(deflated(2)).not.toBe(deflated(6));
    for (const [path, level] of [
      ["/page", 2],
      ["/chunk.js", 6],
    ] as const) {
      const answer = await get(port, path, "gzip").done;
      expect(answer.text, path).toBe(body);
      expect(answer.bytes, path).toBe(deflated(level));
    }
  });
});

describe("acceptsGzip", () => {
  it("reads the header as the HTTP rules say: names, weights and the wildcard", () => {
    const cases: [string | undefined, boolean][] = [
      ["gzip, deflate, br, zstd", true],
      ["GZIP;q=0.5", true],
      ["x-gzip", true],
      ["br", false],
      ["gzip;q=0, br", false],
      ["gzip; q=0.000", false],
      ["identity", false],
      ["*", true],
      ["*;q=0", false],
      ["br, *;q=0.1", true],
      ["gzip;q=0, *", false],
      ["", false],
      [undefined, false],
    ];
    for (const [header, expected] of cases) expect(acceptsGzip(header), String(header)).toBe(expected);
  });
});
