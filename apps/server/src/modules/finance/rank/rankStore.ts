import type { Redis } from 'ioredis';

/**
 * Adds a gift to a set that has been built (its watermark is set and the gift's transfer is newer),
 * or parks it in the set's pending list while the set has not been built yet.
 * KEYS: the sorted sets. ARGV: transfer id, amount, member of each key (in KEYS order), TTL of each key (0: none).
 */
const ADD = `
local n = #KEYS
for i = 1, n do
  local k = KEYS[i]
  local wm = redis.call('GET', k .. ':wm')
  local member = ARGV[2 + i]
  local ttl = tonumber(ARGV[2 + n + i])
  if wm == false then
    redis.call('RPUSH', k .. ':pending', ARGV[1], member, ARGV[2])
    if ttl > 0 then redis.call('EXPIRE', k .. ':pending', ttl) end
  elseif tonumber(ARGV[1]) > tonumber(wm) then
    redis.call('ZINCRBY', k, ARGV[2], member)
    if ttl > 0 then redis.call('EXPIRE', k, ttl); redis.call('EXPIRE', k .. ':wm', ttl) end
  end
end
return 1`;

/**
 * Installs a set built from the ledger up to transfer `wm` (unless another instance did first),
 * then applies the parked gifts newer than the watermark. KEYS: the set. ARGV: wm, ttl, score/member pairs…
 */
const BUILD = `
local k = KEYS[1]
if redis.call('EXISTS', k .. ':wm') == 1 then return 0 end
local wm = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
redis.call('DEL', k)
for i = 3, #ARGV, 2 do redis.call('ZADD', k, ARGV[i], ARGV[i + 1]) end
local pending = redis.call('LRANGE', k .. ':pending', 0, -1)
for i = 1, #pending, 3 do
  if tonumber(pending[i]) > wm then redis.call('ZINCRBY', k, pending[i + 2], pending[i + 1]) end
end
redis.call('DEL', k .. ':pending')
redis.call('SET', k .. ':wm', ARGV[1])
if ttl > 0 then redis.call('EXPIRE', k, ttl); redis.call('EXPIRE', k .. ':wm', ttl) end
return 1`;

/** One gift's contribution to one sorted set. */
export interface RankIncrement {
  key: string;
  member: string;
  ttl: number;
}

/**
 * The Redis side of rankings. Every set carries a watermark (the last ledger transfer it includes):
 * gifts newer than it are added, older ones are already in; before a set is built, gifts wait in a
 * pending list that the build replays. So a set equals the ledger's sums whatever the order in
 * which gifts, builds and instances interleave.
 */
export class RankStore {
  constructor(private readonly redis: Redis) {}

  async add(transferId: number, amount: number, incs: RankIncrement[]): Promise<void> {
    await this.redis.eval(ADD, incs.length, ...incs.map((i) => i.key), transferId, amount, ...incs.map((i) => i.member), ...incs.map((i) => i.ttl));
  }

  async isBuilt(key: string): Promise<boolean> {
    return (await this.redis.exists(`${key}:wm`)) === 1;
  }

  async build(key: string, wm: number, ttl: number, rows: { member: string; score: number }[]): Promise<void> {
    await this.redis.eval(BUILD, 1, key, wm, ttl, ...rows.flatMap((r) => [r.score, r.member]));
  }

  async top(key: string, n: number): Promise<{ member: string; score: number }[]> {
    const flat = await this.redis.zrevrange(key, 0, n - 1, 'WITHSCORES');
    const out: { member: string; score: number }[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push({ member: flat[i]!, score: Number(flat[i + 1]) });
    return out;
  }

  async place(key: string, member: string): Promise<{ rank: number | null; score: number }> {
    const [rank, score] = await Promise.all([this.redis.zrevrank(key, member), this.redis.zscore(key, member)]);
    return { rank, score: Number(score ?? 0) };
  }
}
