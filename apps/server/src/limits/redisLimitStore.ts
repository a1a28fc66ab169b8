import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LimitRule, LimitStore, LimitTaken } from './limiter.js';

/**
 * A sorted set of hit times per key, read and written in one script (so instances never race), on
 * Redis's own clock (so instances with skewed clocks agree). Answers {1, 0} when counted, or
 * {0, ms until the oldest hit leaves the window}.
 */
const TAKE = `
local k = KEYS[1]
local win = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', k, '-inf', now - win)
if redis.call('ZCARD', k) >= max then
  local first = redis.call('ZRANGE', k, 0, 0, 'WITHSCORES')
  return {0, tonumber(first[2]) + win - now}
end
redis.call('ZADD', k, now, ARGV[3])
redis.call('PEXPIRE', k, win)
return {1, 0}
`;

/** The store shared by every instance (REDIS_URL); keys under the deployment's prefix. */
export class RedisLimitStore implements LimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async take(key: string, rule: LimitRule): Promise<LimitTaken> {
    const id = randomBytes(8).toString('hex');
    const [ok, wait] = (await this.redis.eval(TAKE, 1, this.key(key), rule.windowMs, rule.max, id)) as [number, number];
    return ok === 1 ? { ok: true, id } : { ok: false, retryAfterMs: Math.max(1, wait) };
  }

  async refund(key: string, id: string): Promise<void> {
    await this.redis.zrem(this.key(key), id);
  }

  private key(key: string): string {
    return `${this.prefix}lim:${key}`;
  }
}
