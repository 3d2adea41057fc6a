// What every benchmark shares: the figure format the team reads, seeded content, percentiles,
// the smoke run's sizes and corpus, and for those that drive a started server, a free port and a
// signed-in session.
import { createServer } from "node:net";
import path from "node:path";
import type { FileInput } from "../lib/skills/archive/bundle";
import { readTree, SHARED_DIR } from "../lib/skills/test-helpers/shared";

/**
 * BENCH_SMOKE=1, set by bench/smoke.ts (a stage of `npm test`): each benchmark runs at a size that
 * ends in seconds, only to prove it still runs to completion. Its figures mean nothing and its
 * targets fail no one.
 */
export const SMOKE = process.env.BENCH_SMOKE === "1";

/** The full run's value, or the smoke run's. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/** A count given as --name=<n> (or the default): a whole number from `min` up, else an error that names the flag. */
export function countFlag(flags: Map<string, string | undefined>, name: string, fallback: number, min = 0): number {
  const raw = flags.get(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

// A smoke run reads the repository's own skills (the built-ins and the demo) where a full run
// reads the team's corpora in ../shared, which a clean clone (CI) does not have.
const SMOKE_CORPUS = path.resolve(import.meta.dirname, "../prisma/skills");
const SMOKE_PUBLISHERS = ["builtin", "demo"];

/** The folders a corpus's skill folders lie under (at any depth): ../shared/<name>, or the repository's in a smoke run. */
export const corpusFolders = (name: "corpus" | "corpus-external"): string[] =>
  SMOKE ? SMOKE_PUBLISHERS.map((publisher) => path.join(SMOKE_CORPUS, publisher)) : [path.join(SHARED_DIR, name)];

/** Every file of a corpus as one folder upload named after it holds them (`<name>/<publisher>/<skill>/...`). */
export const corpusFiles = (name: "corpus" | "corpus-external"): FileInput[] =>
  SMOKE
    ? SMOKE_PUBLISHERS.flatMap((publisher) => readTree(path.join(SMOKE_CORPUS, publisher), `${name}/${publisher}`))
    : readTree(path.join(SHARED_DIR, name), name);

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
