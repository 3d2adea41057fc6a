// bench:scale, part 2: load through a round-robin proxy in front of 1, then 3 production servers
// (server/serve.mjs, what `npm start` runs) on one PostgreSQL database, started by
// lib/test/instances.ts from the current build. A catalog of SCALE_LOAD_SKILLS skills (default
// 10,000, three versions each) is seeded before the servers start. For SCALE_LOAD_SECONDS (default
// 60) autocannon keeps 20 connections busy with a fixed mix, per connection in turn: API lists and
// searches, one skill's JSON, the skill list page as a signed-in user, and an upload of a new
// skill through the publishing API (1 request in 10). The API's rate limit is raised for the run
// (API_RATE_LIMIT_PER_MINUTE), since one token sends every request; everything else is as deployed.
import autocannon from "autocannon";
import { startInstances } from "../lib/test/instances";
import { figure, percentile, signIn, sized } from "./bench-kit";
import { PASSWORD, seedCatalog } from "./scale-seed";

const SKILLS = Number(process.env.SCALE_LOAD_SKILLS ?? sized(10_000, 300));
const SECONDS = Number(process.env.SCALE_LOAD_SECONDS ?? sized(60, 2));
const CONNECTIONS = sized(20, 2);

type Outcome = { requests: number; perSecond: number; p50: number; p95: number; errors: number; uploads: number; breakdown: string[] };

async function tokenFor(baseUrl: string, email: string): Promise<string> {
  const cookie = await signIn(baseUrl, email, PASSWORD);
  const response = await fetch(`${baseUrl}/api/v1/tokens`, {
    method: "POST",
    headers: { cookie, origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ name: "load", scope: "publish" }),
  });
  if (response.status !== 201) throw new Error(`creating a token failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { secret: string }).secret;
}

function uploadBody(name: string): { body: string; contentType: string } {
  const boundary = `----skillshelf${name}`;
  const skillMd = `---\nname: ${name}\ndescription: Checks load-test reports for ${name}. Use when asked about load tests.\n---\n\n# ${name}\n\nRead the report, then summarize it.\n`;
  const body = [
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="SKILL.md"\r\nContent-Type: text/markdown\r\n\r\n${skillMd}\r\n`,
    `--${boundary}--\r\n`,
  ].join("");
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function run(count: number): Promise<Outcome> {
  const cluster = await startInstances({
    count,
    env: { API_RATE_LIMIT_PER_MINUTE: "10000000" },
    afterPrepare: async (databaseUrl) => void (await seedCatalog({ provider: "postgres", url: databaseUrl }, SKILLS)),
  });
  try {
    const base = cluster.url;
    const token = await tokenFor(base, "viewer@example.com");
    const cookie = await signIn(base, "viewer@example.com", PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const list = (await (await fetch(`${base}/api/v1/skills?pageSize=100`, { headers: auth })).json()) as { items: { id: string }[] };
    const ids = list.items.map((item) => item.id);
    if (ids.length < 50) throw new Error(`the viewer sees only ${ids.length} skills`);
    // The upload works before it is timed (a 4xx here would make every upload an error).
    const probe = uploadBody(`load-probe-${count}`);
    const probed = await fetch(`${base}/api/v1/skills`, { method: "POST", headers: { ...auth, "content-type": probe.contentType }, body: probe.body });
    if (!probed.ok) throw new Error(`a test upload failed: ${probed.status} ${await probed.text()}`);

    let uploads = 0;
    let n = 0;
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const requests: autocannon.Request[] = [
      { method: "GET", path: "/api/v1/skills", headers: auth },
      { method: "GET", path: "/api/v1/skills?q=review", headers: auth },
      { method: "GET", setupRequest: (request) => ({ ...request, path: `/api/v1/skills/${ids[n++ % ids.length]}` }), headers: auth },
      { method: "GET", path: "/api/v1/skills?scope=public&page=7", headers: auth },
      { method: "GET", path: "/skills", headers: { cookie } },
      { method: "GET", setupRequest: (request) => ({ ...request, path: `/api/v1/skills/${ids[n++ % ids.length]}` }), headers: auth },
      { method: "GET", path: "/api/v1/skills?q=incident%20reports", headers: auth },
      { method: "GET", path: "/api/v1/skills?scope=personal", headers: auth },
      { method: "GET", setupRequest: (request) => ({ ...request, path: `/api/v1/skills/${ids[n++ % ids.length]}` }), headers: auth },
      {
        method: "POST",
        path: "/api/v1/skills",
        setupRequest: (request) => {
          const { body, contentType } = uploadBody(`load-${count}-${++uploads}`);
          return { ...request, body, headers: { ...auth, "content-type": contentType } };
        },
      },
    ];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests, timeout: 30 }, (error, done) =>
        error ? reject(error) : resolve(done),
      );
      instance.on("response", (_client, status, _bytes, responseTime) => {
        latencies.push(responseTime);
        if (status >= 300) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      });
    });
    return {
      requests: result.requests.total,
      perSecond: result.requests.total / SECONDS,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      errors: result.errors + result.timeouts + result.non2xx,
      uploads,
      breakdown: [...statuses]
        .map(([status, times]) => `${times} × ${status}`)
        .concat(result.errors ? [`${result.errors} connection errors`] : [], result.timeouts ? [`${result.timeouts} timeouts`] : []),
    };
  } finally {
    await cluster.stop();
  }
}

/** Both runs, with their figures. */
export async function loadPhase(): Promise<{ errors: number }> {
  console.log(
    `${SKILLS.toLocaleString("en")} skills on PostgreSQL, ${CONNECTIONS} connections for ${SECONDS} s through a round-robin proxy; 1 request in 10 an upload`,
  );
  let errors = 0;
  // A smoke run starts one instance: the proxy and the mix are the same in front of three.
  for (const count of sized([1, 3], [1])) {
    const outcome = await run(count);
    const label = `${count} instance${count > 1 ? "s" : ""}`;
    figure(`${label} requests/s`, outcome.perSecond, "req/s");
    figure(`${label} p50`, outcome.p50, "ms");
    figure(`${label} p95`, outcome.p95, "ms");
    figure(`${label} errors`, outcome.errors, "responses", 0);
    figure(`${label} uploads`, outcome.uploads, "skills", 0);
    if (outcome.breakdown.length) console.log(`${label}: ${outcome.breakdown.join(", ")}`);
    errors += outcome.errors;
  }
  return { errors };
}
