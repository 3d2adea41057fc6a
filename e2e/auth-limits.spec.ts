import http from "node:http";
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
 */
function postHuge(path: string, size: number, declareLength: boolean): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let answered = false;
    const req = http.request({ host: url.hostname, port: url.port, path, method: "POST", headers: { "content-type": "application/json", origin: url.origin, ...(declareLength ? { "content-length": String(size) } : {}) } }, (res) => {
      answered = true;
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, sent }));
    });
    // The server answers 413 and closes while we are still writing: the write then fails (EPIPE)
    // though the answer is on its way, so an error only counts if no answer follows soon.
    req.on("error", (error) => setTimeout(() => (answered ? undefined : reject(error)), 2_000));
    const pump = () => {
      while (!answered && sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

test("a 300 MB body to /api/auth is refused with 413 without the server's memory growing", async () => {
  const pid = listeningPid(Number(url.port));
  // Warm the route first, so compiling and caching it is not counted as growth.
  expect((await postHuge("/api/auth/get-session", 128 * 1024, true)).status).toBe(413);
  const before = rssBytes(pid);
  for (const [path, declared] of [["/api/auth/sign-in/email", false], ["/api/auth/get-session", false], ["/api/auth/sign-up/email", true]] as const) {
    const { status, sent } = await postHuge(path, 300 * MB, declared);
    expect(status, path).toBe(413);
    expect(sent, path).toBeLessThan(300 * MB);
  }
  const grown = rssBytes(pid) - before;
  console.log(`auth 413 rss growth: ${(grown / MB).toFixed(1)} MB (pid ${pid}, before ${(before / MB).toFixed(0)} MB)`);
  expect(grown).toBeLessThan(8 * MB);
});

test("guessing one account is limited across the API (forged X-Forwarded-For) and the sign-in form", async ({ page, request }) => {
  const email = uniqueEmail("guessed");
  for (let i = 0; i < 6; i += 1) {
    const response = await request.post("/api/auth/sign-in/email", { data: { email, password: `guess number ${i}` }, headers: { "x-forwarded-for": `198.51.100.${i + 1}` } });
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
