import http from "node:http";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import pg from "pg";
import { createGitRepo } from "../lib/test/git-repos";
import { startInstances, type Instances } from "../lib/test/instances";
import { findPostgresBin, NO_POSTGRES_MESSAGE } from "../lib/test/postgres-cluster";
import { SERVED_BY } from "../lib/test/round-robin-proxy";
import { DEMO_PASSWORD, expect, test, uniqueEmail } from "./fixtures";

// Three production instances (server/serve.mjs, what `npm start` runs) on one PostgreSQL
// database behind a round-robin proxy (lib/test/instances.ts), as docs/guides/deployment.md
// sets them up. Each check writes through one instance and reads through the others, asking them
// directly or steering the proxy. Needs PostgreSQL's binaries (Debian's postgresql package) and
// the production build the browser tests run on; sets itself up in about 15 s.

test.describe.configure({ mode: "serial" });
test.skip(!findPostgresBin(), NO_POSTGRES_MESSAGE);

let app: Instances;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Local Git repositories (file://) as sources, for the job test.
  app = await startInstances({ count: 3, env: { SOURCES_ALLOW_LOCAL: "true" } });
});

test.afterAll(async () => {
  await app?.stop();
});

/** Signs in directly at one instance; the session cookie as a Cookie header. */
async function signInAt(base: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function sessionAt(base: string, cookie: string): Promise<{ user: { email: string; name: string } } | null> {
  const response = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.json();
}

const SKILL = "multi-instance-skill";
const skillZip = () =>
  zipSync({
    [`${SKILL}/SKILL.md`]: strToU8(
      `---\nname: ${SKILL}\ndescription: Written through one instance. Use when testing several instances.\n---\n\n# ${SKILL}\n\nRead anywhere.\n`,
    ),
    [`${SKILL}/references/notes.md`]: strToU8("# Notes\n\nStored once, served by every instance.\n"),
  });

test("a session made on one instance works on the others, and a skill written through one is read through every other", async () => {
  const [first, second, third] = app.instances;
  const cookie = await signInAt(first.url, "ada@example.com");
  for (const instance of app.instances) expect((await sessionAt(instance.url, cookie))?.user.email).toBe("ada@example.com");

  const token = await fetch(`${second.url}/api/v1/tokens`, {
    method: "POST",
    headers: { cookie, origin: app.url, "content-type": "application/json" },
    body: JSON.stringify({ name: "multi-instance publish", scope: "publish" }),
  });
  expect(token.status).toBe(201);
  const auth = { authorization: `Bearer ${(await token.json()).secret}` };

  const form = new FormData();
  form.append("file", new Blob([skillZip()], { type: "application/zip" }), `${SKILL}.zip`);
  const created = await fetch(`${third.url}/api/v1/skills`, { method: "POST", headers: auth, body: form });
  expect(created.status, await created.clone().text()).toBe(201);
  const skillId: string = (await created.json()).skills[0].skillId;

  for (const instance of [first, second]) {
    const detail = await fetch(`${instance.url}/api/v1/skills/${skillId}`, { headers: auth });
    expect(await detail.json()).toMatchObject({ name: SKILL, version: 1 });
    const download = await fetch(`${instance.url}/api/v1/skills/${skillId}/download`, { headers: auth });
    expect(download.status).toBe(200);
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(strFromU8(files[`${SKILL}/references/notes.md`] ?? new Uint8Array())).toContain("served by every instance");
  }
  // Through the proxy: three searches in turn land on the three instances, and each finds it.
  const servedBy = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const found = await fetch(`${app.url}/api/v1/skills?q=${SKILL}`, { headers: auth });
    servedBy.add(found.headers.get(SERVED_BY) ?? "");
    expect((await found.json()).total).toBe(1);
  }
  expect([...servedBy].sort()).toEqual(["0", "1", "2"]);
});

test("a server action posted from a page one instance served is accepted by another", async ({ browser }) => {
  const email = uniqueEmail("multi-instance");
  const password = "a passphrase for the multi-instance spec";
  const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify({ name: "Katherine Johnson", email, password }),
  });
  expect(signUp.status).toBe(200);

  const context = await browser.newContext({ baseURL: app.url });
  try {
    const page = await context.newPage();
    const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin: app.url } });
    expect(signIn.status()).toBe(200);
    // Every server action goes to the instance after the one that served the page last.
    let pageInstance = -1;
    app.proxy.choose = (req, roundRobin) => (req.headers["next-action"] ? (pageInstance + 1) % app.instances.length : roundRobin);
    const opened = await page.goto("/account");
    pageInstance = Number(opened?.headers()[SERVED_BY]);
    await page.getByLabel("Display name").fill("Katherine G. Johnson");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Name saved.")).toBeVisible();

    const actions = app.proxy.served.filter((served) => served.action);
    expect(actions).toEqual([{ method: "POST", path: "/account", instance: (pageInstance + 1) % 3, status: 200, action: true }]);
    // The third instance reads what the second one wrote.
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
    const other = app.instances[(pageInstance + 2) % 3];
    expect((await sessionAt(other.url, cookie))?.user.name).toBe("Katherine G. Johnson");
  } finally {
    app.proxy.choose = null;
    await context.close();
  }
});

// The sign-in limiter counts in the database on PostgreSQL (lib/auth/rate-limit-store.ts): with a
// count per process, the 11th guess would be refused by none of them.
test("ten wrong passwords for one account spread over the instances: the 11th is refused on every one", async () => {
  const email = uniqueEmail("guessed-everywhere");
  const guess = (base: string, i: number) =>
    fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ email, password: `guess number ${i}` }),
    });
  for (let i = 0; i < 10; i++) expect((await guess(app.instances[i % 3].url, i)).status).toBe(401);
  for (const instance of app.instances) {
    const refused = await guess(instance.url, 11);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  }
});

test("the API's rate limit counts one token's calls on every instance together", async () => {
  const cookie = await signInAt(app.instances[0].url, "grace@example.com");
  const token = await fetch(`${app.instances[1].url}/api/v1/tokens`, {
    method: "POST",
    headers: { cookie, origin: app.url, "content-type": "application/json" },
    body: JSON.stringify({ name: "counted everywhere", scope: "read" }),
  });
  expect(token.status).toBe(201);
  const auth = { authorization: `Bearer ${(await token.json()).secret}` };
  const remaining: number[] = [];
  for (let i = 0; i < 6; i++) {
    const answer = await fetch(`${app.instances[i % 3].url}/api/v1/skills?pageSize=1`, { headers: auth });
    expect(answer.status).toBe(200);
    // RateLimit: "api";r=<remaining>;t=<seconds> (draft-ietf-httpapi-ratelimit-headers-10)
    remaining.push(Number(/;r=(\d+)/.exec(answer.headers.get("ratelimit") ?? "")?.[1]));
  }
  // One count across the three: each call, whichever instance answers it, leaves one fewer.
  expect(remaining.map((r) => remaining[0] - r)).toEqual([0, 1, 2, 3, 4, 5]);
});

// Background work is a pg-boss job on PostgreSQL (lib/data/background/index.ts): "Sync now" asked of all
// three instances at the same moment claims the source once, queues one source.sync job, and
// whichever instance takes it runs it; the others answer with that same running sync.
test("a job runs once across the instances: Sync now on all three at once makes one sync run", async () => {
  const repo = await createGitRepo();
  const client = new pg.Client(app.databaseUrl);
  await client.connect();
  try {
    await repo.commit(
      { "synced-once/SKILL.md": "---\nname: synced-once\ndescription: Checks that a job runs once. Use in tests.\n---\n\n# Once\n" },
      "one skill",
    );
    const ada: string = (await client.query(`SELECT "id" FROM "user" WHERE "email" = 'ada@example.com'`)).rows[0].id;
    // The source as the Sources page would save it, without its first sync (the secret is never read here).
    await client.query(
      `INSERT INTO "SkillSource" ("id", "kind", "url", "scope", "ownerId", "space", "createdById", "webhookSecret", "updatedAt")
       VALUES ('source-once', 'git', $1, 'PERSONAL', $2, $3, $2, 'unused', now())`,
      [repo.fileUrl, ada, `user:${ada}`],
    );
    const cookie = await signInAt(app.instances[0].url, "ada@example.com");
    const answers = await Promise.all(
      app.instances.map((instance) => fetch(`${instance.url}/api/v1/sources/source-once/sync`, { method: "POST", headers: { cookie, origin: app.url } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    expect(new Set(await Promise.all(answers.map(async (answer) => (await answer.json()).id))).size).toBe(1);
    await expect
      .poll(async () => (await client.query(`SELECT "status" FROM "SourceSync" WHERE "sourceId" = 'source-once'`)).rows.map((row) => row.status), {
        timeout: 30_000,
      })
      .toEqual(["ok"]);
    expect(Number((await client.query(`SELECT count(*) AS n FROM "Skill" WHERE "sourceId" = 'source-once'`)).rows[0].n)).toBe(1);
    expect(Number((await client.query(`SELECT count(*) AS n FROM pgboss.job WHERE "name" = 'source.sync'`)).rows[0].n)).toBe(1);
  } finally {
    await client.end();
    await repo.remove();
  }
});

test("an instance told to stop finishes the request in flight, takes no new one, and exits 0", async () => {
  const leaving = app.instances[2];
  app.proxy.setTargets(app.instances.slice(0, 2).map((instance) => instance.url));
  const cookie = await signInAt(leaving.url, "grace@example.com");
  // A name change sent slowly: the first half before the signal, the rest after it.
  const body = JSON.stringify({ name: "a token sent in two halves", scope: "read" });
  const { port } = new URL(leaving.url);
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/v1/tokens",
        headers: { cookie, origin: app.url, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, 10));
    setTimeout(() => request.end(body.slice(10)), 1_500);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exited = leaving.stop();
  await expect.poll(() => leaving.log()).toContain("SIGTERM: finishing the requests in flight");
  await expect(fetch(`${leaving.url}/api/health`)).rejects.toThrow();

  const answer = await answered;
  expect(answer.status, answer.body).toBe(201);
  expect(await exited).toEqual({ code: 0, signal: null });
  // The others go on, and know the token the stopped one made.
  const tokens = await fetch(`${app.instances[0].url}/api/v1/tokens`, { headers: { cookie } });
  expect((await tokens.json()).tokens.map((token: { name: string }) => token.name)).toContain("a token sent in two halves");
});
