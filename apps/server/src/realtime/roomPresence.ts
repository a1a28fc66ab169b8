import type { Redis } from 'ioredis';
import type { UserBrief } from '@app/contract';

/**
 * Who is in which room, shared by every instance when Redis is configured. Each instance refreshes
 * its own members every HEARTBEAT_MS; an entry not refreshed for STALE_MS (an instance that died) no
 * longer counts. Memory version for the single-process default.
 */
export interface RoomPresence {
  add(roomId: number, user: UserBrief): Promise<void>;
  /** Refreshes members still here (the instance's heartbeat). */
  touch(roomId: number, userIds: number[]): Promise<void>;
  remove(roomId: number, userId: number): Promise<void>;
  clear(roomId: number): Promise<void>;
  has(roomId: number, userId: number): Promise<boolean>;
  counts(roomIds: number[]): Promise<Map<number, number>>;
  /** Latest arrivals still present, newest first. */
  recent(roomId: number, n: number): Promise<UserBrief[]>;
}

export const HEARTBEAT_MS = 20_000;
export const STALE_MS = 65_000;
/** Arrivals remembered per room for `recent`: a join costs the same in a room of ten or of ten thousand. */
const ARRIVALS = 64;
/** Below this many members `recent` may scan the room when most remembered arrivals have left. */
const SCAN_BELOW = 200;

interface Entry {
  brief: UserBrief;
  joinedAt: number;
  seenAt: number;
}

export class MemoryPresence implements RoomPresence {
  private readonly rooms = new Map<number, Map<number, Entry>>();
  /** Per room, the last ARRIVALS user ids to arrive, oldest first. */
  private readonly arrivals = new Map<number, number[]>();

  async add(roomId: number, user: UserBrief): Promise<void> {
    let room = this.rooms.get(roomId);
    if (!room) this.rooms.set(roomId, (room = new Map()));
    const now = Date.now();
    const prev = room.get(user.id);
    room.set(user.id, { brief: user, joinedAt: prev?.joinedAt ?? now, seenAt: now });
    if (prev) return;
    let list = this.arrivals.get(roomId);
    if (!list) this.arrivals.set(roomId, (list = []));
    list.push(user.id);
    if (list.length > ARRIVALS) list.shift();
  }

  async touch(roomId: number, userIds: number[]): Promise<void> {
    const room = this.rooms.get(roomId);
    const now = Date.now();
    for (const id of userIds) {
      const e = room?.get(id);
      if (e) e.seenAt = now;
    }
  }

  async remove(roomId: number, userId: number): Promise<void> {
    const room = this.rooms.get(roomId);
    room?.delete(userId);
    if (room?.size === 0) this.drop(roomId);
  }

  async clear(roomId: number): Promise<void> {
    this.drop(roomId);
  }

  private drop(roomId: number): void {
    this.rooms.delete(roomId);
    this.arrivals.delete(roomId);
  }

  async has(roomId: number, userId: number): Promise<boolean> {
    return this.rooms.get(roomId)?.has(userId) ?? false;
  }

  async counts(roomIds: number[]): Promise<Map<number, number>> {
    return new Map(roomIds.map((id) => [id, this.rooms.get(id)?.size ?? 0]));
  }

  async recent(roomId: number, n: number): Promise<UserBrief[]> {
    const room = this.rooms.get(roomId);
    if (!room) return [];
    const out: UserBrief[] = [];
    const list = this.arrivals.get(roomId) ?? [];
    const taken = new Set<number>();
    for (let i = list.length - 1; i >= 0 && out.length < n; i--) {
      const id = list[i]!;
      const e = room.get(id);
      if (e && !taken.has(id)) {
        taken.add(id);
        out.push(e.brief);
      }
    }
    if (out.length >= Math.min(n, room.size) || room.size >= SCAN_BELOW) return out;
    // A small room whose remembered arrivals mostly left: scanning it is cheap (a Map keeps arrival order).
    return [...room.values()]
      .reverse()
      .slice(0, n)
      .map((e) => e.brief);
  }
}

/** Newest arrival first; within one millisecond, the newer account first. */
function newestFirst(entries: { brief: UserBrief; joinedAt: number }[], n: number): UserBrief[] {
  return entries
    .sort((a, b) => b.joinedAt - a.joinedAt || b.brief.id - a.brief.id)
    .slice(0, n)
    .map((e) => e.brief);
}

/**
 * Redis layout per room: ZSET `<prefix>room:<id>:seen` (member user id, score last heartbeat ms),
 * HASH `<prefix>room:<id>:who` (user id → JSON {brief, joinedAt}) and LIST `<prefix>room:<id>:arrivals`
 * (the last ARRIVALS user ids to arrive, newest first), so that neither a join nor `recent` reads the
 * whole room.
 */
export class RedisPresence implements RoomPresence {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private seen = (roomId: number) => `${this.prefix}room:${roomId}:seen`;
  private who = (roomId: number) => `${this.prefix}room:${roomId}:who`;
  private arrivals = (roomId: number) => `${this.prefix}room:${roomId}:arrivals`;

  async add(roomId: number, user: UserBrief): Promise<void> {
    const now = Date.now();
    const prev = await this.redis.hget(this.who(roomId), String(user.id));
    const joinedAt = prev ? ((JSON.parse(prev) as { joinedAt?: number }).joinedAt ?? now) : now;
    const tx = this.redis
      .multi()
      .zadd(this.seen(roomId), now, String(user.id))
      .hset(this.who(roomId), String(user.id), JSON.stringify({ brief: user, joinedAt }));
    if (!prev) tx.lpush(this.arrivals(roomId), String(user.id)).ltrim(this.arrivals(roomId), 0, ARRIVALS - 1);
    await tx.exec();
  }

  async touch(roomId: number, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    const now = Date.now();
    // XX: only members still listed (a kick or close on another instance removed the others).
    await this.redis.zadd(this.seen(roomId), 'XX', ...userIds.flatMap((id) => [now, String(id)]));
  }

  async remove(roomId: number, userId: number): Promise<void> {
    await this.redis.multi().zrem(this.seen(roomId), String(userId)).hdel(this.who(roomId), String(userId)).exec();
  }

  async clear(roomId: number): Promise<void> {
    await this.redis.del(this.seen(roomId), this.who(roomId), this.arrivals(roomId));
  }

  async has(roomId: number, userId: number): Promise<boolean> {
    const score = await this.redis.zscore(this.seen(roomId), String(userId));
    return score !== null && Number(score) > Date.now() - STALE_MS;
  }

  async counts(roomIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (roomIds.length === 0) return out;
    const min = Date.now() - STALE_MS;
    const pipe = this.redis.pipeline();
    for (const id of roomIds) pipe.zcount(this.seen(id), min, '+inf');
    const res = (await pipe.exec()) ?? [];
    roomIds.forEach((id, i) => out.set(id, Number(res[i]?.[1] ?? 0)));
    return out;
  }

  async recent(roomId: number, n: number): Promise<UserBrief[]> {
    const min = Date.now() - STALE_MS;
    const ids = [...new Set(await this.redis.lrange(this.arrivals(roomId), 0, ARRIVALS - 1))];
    const out: UserBrief[] = [];
    if (ids.length > 0) {
      const [scores, raws] = await Promise.all([this.redis.zmscore(this.seen(roomId), ...ids), this.redis.hmget(this.who(roomId), ...ids)]);
      ids.forEach((_, i) => {
        const raw = raws[i];
        if (out.length < n && raw && scores[i] !== null && Number(scores[i]) > min) out.push((JSON.parse(raw) as { brief: UserBrief }).brief);
      });
    }
    if (out.length >= n) return out;
    const size = await this.redis.zcount(this.seen(roomId), min, '+inf');
    if (out.length >= size || size >= SCAN_BELOW) return out;
    // A small room whose remembered arrivals mostly left: scanning it is cheap.
    const [present, all] = await Promise.all([this.redis.zrangebyscore(this.seen(roomId), min, '+inf'), this.redis.hgetall(this.who(roomId))]);
    const entries = present.flatMap((id) => (all[id] ? [JSON.parse(all[id]) as { brief: UserBrief; joinedAt: number }] : []));
    return newestFirst(entries, n);
  }
}
