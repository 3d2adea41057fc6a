import net from "node:net";
import { BASE_URL, expect, signIn, test, uniqueEmail } from "./fixtures";
import { listeningPid, rssBytes } from "./server-process";

// Against the running production server: sign-in guessing is limited on the form and the API
// alike (a rotating X-Forwarded-For does not help), and /api/auth refuses a huge body without
// reading it into memory.

test.describe.configure({ mode: "serial" });

const MB = 1024 * 1024;
const url = new URL(BASE_URL);

/**
 * POSTs a body of `size` bytes generated on the fly (never held), chunked or with a declared
 * Content-Length, until the server answers. Resolves with the status and the bytes actually sent.
 * A raw socket, because the server answers 413 and closes while we are still writing: an HTTP
 * client then reports the broken pipe and drops the answer that already arrived.
 */
function postHuge(path: string, size: number, declareLength: boolean): Promise<{ status: number; sent: number }> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let received = "";
    let status = 0;
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    // Closed without an answer: the server stopped reading (its 413 may be lost to the reset a
    // close with unread bytes causes); status 0 tells the caller so.
    const finish = () => resolve({ status, sent });
    socket.on("data", (data) => {
      received += data.toString("latin1");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (match && !status) {
        status = Number(match[1]);
        socket.destroy();
        finish();
      }
    });
    socket.on("error", () => undefined);
    socket.on("close", () => (status ? undefined : finish()));
    const frame = (data: Buffer) => (declareLength ? data : Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nOrigin: ${url.origin}\r\n` +
        (declareLength ? `Content-Length: ${size}\r\n` : "Transfer-Encoding: chunked\r\n") +
        "\r\n",
    );
    const pump = () => {
      while (!status && !socket.destroyed && sent < size) {
        sent += chunk.length;
        if (!socket.write(frame(chunk))) return void socket.once("drain", pump);
      }
      if (!status && !socket.destroyed && !declareLength) socket.write("0\r\n\r\n");
    };
    // A declared length is judged before the body is read: give the answer a moment to arrive
    // first, as a client sending "Expect: 100-continue" would.
    setTimeout(pump, declareLength ? 500 : 0);
  });
}

test("a 300 MB body to /api/auth is refused with 413 without the server's memory growing", async () => {
  const pid = listeningPid(Number(url.port));
  // Warm the route first, so compiling and caching it is not counted as growth.
  expect((await postHuge("/api/auth/get-session", 128 * 1024, true)).status).toBe(413);
  const before = rssBytes(pid);
  for (const [path, declared] of [
    ["/api/auth/sign-in/email", false],
    ["/api/auth/get-session", false],
    ["/api/auth/sign-up/email", true],
  ] as const) {
    const { status, sent } = await postHuge(path, 300 * MB, declared);
    // A declared length gets its 413 before a byte is sent; a chunked body is cut off early.
    if (declared) expect(status, path).toBe(413);
    else expect([413, 0], path).toContain(status);
    expect(sent, path).toBeLessThan(300 * MB);
  }
  const grown = rssBytes(pid) - before;
  console.log(`auth 413 rss growth: ${(grown / MB).toFixed(1)} MB (pid ${pid}, before ${(before / MB).toFixed(0)} MB)`);
  expect(grown).toBeLessThan(8 * MB);
});

test("guessing one account is limited across the API (forged X-Forwarded-For) and the sign-in form", async ({ page, request }) => {
  const email = uniqueEmail("guessed");
  for (let i = 0; i < 6; i += 1) {
    const response = await request.post("/api/auth/sign-in/email", {
      data: { email, password: `guess number ${i}` },
      headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
    });
    expect(response.status()).toBe(401);
  }
  for (let i = 0; i < 4; i += 1) {
    await signIn(page, email, `form guess ${i}`);
    await expect(page.locator("form").getByRole("alert")).toHaveText("That email and password don't match an account.");
  }
  await signIn(page, email, "form guess 11");
  await expect(page.locator("form").getByRole("alert")).toHaveText(/^Too many attempts, try again in \d+ s\.$/);
  const refused = await request.post("/api/auth/sign-in/email", { data: { email, password: "one more" }, headers: { "x-forwarded-for": "203.0.113.200" } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  // Another account from the same browser still signs in.
  await signIn(page, "grace@example.com");
  await expect(page).toHaveURL(/\/skills$/);
});
