import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { withCompression } from "./compress.mjs";

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

  it("answers brotli to a browser that offers it, and plain text to a client that offers nothing", async () => {
    const { port, openGate } = await start();
    openGate();
    const browser = await get(port, "/skills", "gzip, deflate, br, zstd").done;
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(browser.text).toBe(SHELL.join("") + LATE);
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
});
