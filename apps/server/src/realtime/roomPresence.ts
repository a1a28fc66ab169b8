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

interface Entry {
  brief: UserBrief;
  joinedAt: number;
  seenAt: number;
}

export class MemoryPresence implements RoomPresence {
  private readonly rooms = new Map<number, Map<number, Entry>>();

  async add(roomId: number, user: UserBrief): Promise<void> {
    let room = this.rooms.get(roomId);
    if (!room) this.rooms.set(roomId, (room = new Map()));
    const now = Date.now();
    room.set(user.id, { brief: user, joinedAt: room.get(user.id)?.joinedAt ?? now, seenAt: now });
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
    if (room?.size === 0) this.rooms.delete(roomId);
  }

  async clear(roomId: number): Promise<void> {
    this.rooms.delete(roomId);
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
    return [...room.values()]
      .sort((a, b) => b.joinedAt - a.joinedAt)
      .slice(0, n)
      .map((e) => e.brief);
  }
}

/**
 * Redis layout per room: ZSET `<prefix>room:<id>:seen` (member user id, score last heartbeat ms) and
 * HASH `<prefix>room:<id>:who` (user id → JSON {brief, joinedAt}).
 */
export class RedisPresence implements RoomPresence {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private seen = (roomId: number) => `${this.prefix}room:${roomId}:seen`;
  private who = (roomId: number) => `${this.prefix}room:${roomId}:who`;

  async add(roomId: number, user: UserBrief): Promise<void> {
    const now = Date.now();
    const prev = await this.redis.hget(this.who(roomId), String(user.id));
    const joinedAt = prev ? ((JSON.parse(prev) as { joinedAt?: number }).joinedAt ?? now) : now;
    await this.redis
      .multi()
      .zadd(this.seen(roomId), now, String(user.id))
      .hset(this.who(roomId), String(user.id), JSON.stringify({ brief: user, joinedAt }))
      .exec();
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
    await this.redis.del(this.seen(roomId), this.who(roomId));
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
    const [ids, all] = await Promise.all([this.redis.zrangebyscore(this.seen(roomId), min, '+inf'), this.redis.hgetall(this.who(roomId))]);
    const entries: { brief: UserBrief; joinedAt: number }[] = [];
    for (const id of ids) {
      const raw = all[id];
      if (raw) entries.push(JSON.parse(raw) as { brief: UserBrief; joinedAt: number });
    }
    return entries
      .sort((a, b) => b.joinedAt - a.joinedAt)
      .slice(0, n)
      .map((e) => e.brief);
  }
}
