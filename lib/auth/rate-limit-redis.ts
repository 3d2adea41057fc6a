import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { decide, type RateLimitStore, type StoreOptions } from "./rate-limit";

// A key's counted attempts are a sorted set scored by time. Redis runs a script atomically, so
// drop-expired, count, add and read-oldest cannot interleave with another instance's take.
// KEYS[1] the set; ARGV: now, window, limit, a member unique to this attempt.
const TAKE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local taken = 0
if count < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  taken = 1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {taken, count, oldest[2] or false}
`;

type TakeCommand = (key: string, now: number, windowMs: number, limit: number, member: string) => Promise<[number, number, string | null]>;

/**
 * Counters in Redis (REDIS_URL), shared by every instance that talks to it. Each key expires with
 * its newest attempt, so Redis prunes itself. The clock is the app's, as in the database store.
 */
export function createRedisRateLimitStore(redis: Redis, options: StoreOptions & { prefix?: string } = {}): RateLimitStore {
  const now = options.now ?? Date.now;
  const prefix = options.prefix ?? "skillshelf:rate-limit:";
  // EVALSHA with a fallback to EVAL: the script is sent once per connection, not with every take.
  redis.defineCommand("skillshelfRateLimitTake", { numberOfKeys: 1, lua: TAKE });
  const takeCommand = (redis as unknown as { skillshelfRateLimitTake: TakeCommand }).skillshelfRateLimitTake.bind(redis);

  return {
    async take(key, rule) {
      const at = now();
      const [taken, count, oldest] = await takeCommand(prefix + key, at, rule.windowMs, rule.limit, `${at}:${randomUUID()}`);
      return decide(rule, at, taken === 1, count, oldest === null ? null : Number(oldest));
    },
    async release(key) {
      await redis.zpopmax(prefix + key);
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}
