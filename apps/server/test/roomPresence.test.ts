/**
 * Room presence at scale: the latest arrivals come from a short list kept per room, not from reading
 * and sorting the whole room, in memory and in Redis (with TEST_REDIS_URL).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { UserBrief } from '@app/contract';
import { MemoryPresence, RedisPresence, type RoomPresence } from '../src/realtime/roomPresence.js';
import { redisUrl } from './helpers/testServer.js';

const brief = (id: number): UserBrief => ({ id, uuid: `u${id}`, nickname: `用户${id}`, avatar: '', vip_level: 0, level: 0, is_anchor: false });
const url = redisUrl();
const redis = url ? new Redis(url) : undefined;
afterAll(() => redis?.quit());

const kinds: [string, () => RoomPresence][] = [['memory', () => new MemoryPresence()]];
if (redis) kinds.push(['Redis', () => new RedisPresence(redis, `test:${randomUUID()}:`)]);

describe.each(kinds)('room presence (%s)', (_name, make) => {
  it('gives the latest arrivals still present, newest first, in a room of a thousand', async () => {
    const p = make();
    for (let id = 1; id <= 1000; id++) await p.add(7, brief(id));
    expect((await p.recent(7, 8)).map((u) => u.id)).toEqual([1000, 999, 998, 997, 996, 995, 994, 993]);
    expect((await p.counts([7])).get(7)).toBe(1000);
    // Leavers drop out; a member who was already here keeps their place.
    await p.remove(7, 1000);
    await p.remove(7, 998);
    await p.add(7, brief(5));
    expect((await p.recent(7, 4)).map((u) => u.id)).toEqual([999, 997, 996, 995]);
    // Leaving and coming back is a new arrival, listed once.
    await p.remove(7, 3);
    await p.add(7, brief(3));
    expect((await p.recent(7, 3)).map((u) => u.id)).toEqual([3, 999, 997]);
    await p.clear(7);
    expect(await p.recent(7, 8)).toEqual([]);
  });

  it('still fills the list of a small room whose latest arrivals left', async () => {
    const p = make();
    for (let id = 1; id <= 100; id++) await p.add(8, brief(id));
    for (let id = 31; id <= 100; id++) await p.remove(8, id);
    expect((await p.recent(8, 3)).map((u) => u.id)).toEqual([30, 29, 28]);
    await p.clear(8);
  });
});
