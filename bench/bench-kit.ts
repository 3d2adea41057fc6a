// What every benchmark shares: the figure format the team reads, seeded content, percentiles,
// and for those that drive a started server, a free port and a signed-in session.
import { createServer } from "node:net";

/** One figure per line, as `<figure>: <number> <unit>`. */
export const figure = (name: string, value: number, unit: string, digits = 1): void => console.log(`${name}: ${value.toFixed(digits)} ${unit}`);

/** mulberry32 from a fixed seed: the same generated catalog on every run. */
export function seededRandom(initial: number) {
  let seed = initial;
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    random,
    pick: <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)],
    between: (min: number, max: number) => min + Math.floor(random() * (max - min + 1)),
  };
}

/** Nearest-rank percentile. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A port nothing listens on right now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Signs in over HTTP as better-auth's form does (with an Origin); returns the session cookies. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0]);
  if (!cookies.length) throw new Error("sign-in set no cookie");
  return cookies.join("; ");
}
