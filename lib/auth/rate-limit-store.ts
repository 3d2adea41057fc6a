import "server-only";
import { Redis } from "ioredis";
import { db } from "@/lib/db/server";
import { getEnv, type DatabaseTarget } from "@/lib/env";
import { createMemoryRateLimitStore, type RateLimitStore } from "./rate-limit";
import { createDatabaseRateLimitStore } from "./rate-limit-database";
import { createRedisRateLimitStore } from "./rate-limit-redis";

export type RateLimitBackend = "redis" | "database" | "memory";

/**
 * Where this process keeps its rate-limit counters: Redis when REDIS_URL is set; the database on
 * PostgreSQL, so that every instance on it counts together; memory on SQLite. SQLite means one
 * file and so one instance, where memory counts exactly as well, and a database store there would
 * turn every API read into a write queued behind the single writer.
 */
export function rateLimitBackend(env: { REDIS_URL?: string; database: DatabaseTarget }): RateLimitBackend {
  if (env.REDIS_URL) return "redis";
  return env.database.provider === "postgres" ? "database" : "memory";
}

function createSharedStore(): RateLimitStore {
  const env = getEnv();
  switch (rateLimitBackend(env)) {
    case "redis":
      // A slow or absent Redis must fail a take quickly, not hold requests while it retries.
      return createRedisRateLimitStore(new Redis(env.REDIS_URL!, { commandTimeout: 2_000, maxRetriesPerRequest: 1 }));
    case "database":
      return createDatabaseRateLimitStore(db);
    case "memory":
      return createMemoryRateLimitStore();
  }
}

// One per process, on globalThis: Next may load this module once per route bundle, and separate
// stores would give the sign-in form and the API route separate allowances.
const holder = globalThis as typeof globalThis & { __skillshelfRateLimitStore?: RateLimitStore };

/** The counters every rate limit of this process (sign-in guesses, the HTTP API) keeps. */
export function sharedRateLimitStore(): RateLimitStore {
  holder.__skillshelfRateLimitStore ??= createSharedStore();
  return holder.__skillshelfRateLimitStore;
}

/** Test hook: use `store` from now on (null: the one the environment chooses, made afresh). */
export function replaceSharedRateLimitStore(store: RateLimitStore | null): void {
  holder.__skillshelfRateLimitStore = store ?? undefined;
}
