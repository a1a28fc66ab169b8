/**
 * The attack shapes the OpenAPI fuzz (fuzz.test.ts) cannot make from the document alone, with
 * generated variations: a gift to a receiver or in a room that is not the caller's to use, a refused
 * request_id retried, and a parallel burst of each limited call over several sockets of one user.
 * Runs on SQLite in `npm test` and on PostgreSQL + Redis in `npm run test:scale`. FUZZ_SEED replays a run.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { giftId, quickMember, rechargeDirect, rid } from './financeHelpers.js';
import type { TestServer } from './helpers/testServer.js';
import { anchor, connectRoom, join, liveAnchorOn, member, openRoom, send, useRoomServer } from './roomHarness.js';

const SEED = Number(process.env.FUZZ_SEED ?? randomBytes(4).readUInt32BE(0) >>> 1);
const sample = <T>(arb: fc.Arbitrary<T>, n: number, at: number): T[] => fc.sample(arb, { seed: SEED + at, numRuns: n });
const coinOf = async (s: TestServer, token: string) => (await s.api.call(api.userInfo, undefined, { token })).data.coin;

describe(`attack shapes (FUZZ_SEED=${SEED})`, () => {
  const srv = useRoomServer();

  it('a gift to a receiver not on that room’s stage, or in a closed or unknown room, is refused and moves nothing', async () => {
    const { s, op } = srv;
    const [x, y] = [await liveAnchorOn(s, op), await liveAnchorOn(s, op)];
    const z = await anchor(s, op);
    const closed = await openRoom(s, z);
    await s.api.call(api.roomClose, { room_id: closed.id }, { token: z.token });
    const bystander = await member(s);
    const fan = await quickMember(s);
    await rechargeDirect(s, fan.id, 2);
    const before = await coinOf(s, fan.token);
    const rose = await giftId(s);
    const receivers = [x.who.user.id, y.who.user.id, z.user.id, bystander.user.id, fan.id];
    const rooms = [x.room.id, y.room.id, closed.id, 999_999, 2 ** 31 - 1];
    const legit = new Set([`${x.who.user.id}:${x.room.id}`, `${y.who.user.id}:${y.room.id}`]);
    const pairs = sample(fc.tuple(fc.constantFrom(...receivers), fc.constantFrom(...rooms)), 16, 1).filter(([r, room]) => !legit.has(`${r}:${room}`));
    for (const [receiver_id, room_id] of pairs) {
      const r = await s.api.call(api.giftSend, { request_id: rid(), gift_id: rose.id, count: 1, receiver_id, room_id }, { token: fan.token });
      expect(r.code, `receiver ${receiver_id} in room ${room_id}: ${r.msg}`).not.toBe(200);
      expect(r.status, `receiver ${receiver_id} in room ${room_id}`).toBeLessThan(500);
    }
    expect(await coinOf(s, fan.token)).toBe(before);
  });

  it('a gift key refused for a short balance stays refused when retried after a recharge, whatever the count', async () => {
    const { s } = srv;
    const rose = await giftId(s);
    for (const count of sample(fc.integer({ min: 1, max: 99 }), 3, 2)) {
      const [fan, host] = [await quickMember(s), await quickMember(s)];
      const body = { request_id: rid(), gift_id: rose.id, count, receiver_id: host.id };
      expect((await s.api.call(api.giftSend, body, { token: fan.token })).code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
      await rechargeDirect(s, fan.id, 3);
      const funded = await coinOf(s, fan.token);
      const retries = await Promise.all([1, 2, 3].map(() => s.api.call(api.giftSend, body, { token: fan.token })));
      expect(retries.map((r) => r.code)).toEqual([1, 2, 3].map(() => ErrorCode.BALANCE_NOT_ENOUGH));
      expect(await coinOf(s, fan.token)).toBe(funded);
    }
  });

  it('a parallel burst of chat over several sockets of one user gets exactly the limit', async () => {
    const { s, op } = srv;
    const owner = await anchor(s, op);
    const room = await openRoom(s, owner);
    for (const [sockets, messages] of sample(fc.tuple(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 6, max: 40 })), 2, 3)) {
      const who = await member(s);
      const socks = await Promise.all(Array.from({ length: sockets }, () => connectRoom(s, who)));
      for (const sock of socks) await join(sock, room.id);
      const acks = await Promise.all(Array.from({ length: messages }, (_, i) => send(socks[i % sockets]!, 'chat', { text: `burst ${i}` }, 20_000)));
      expect(
        acks.filter((a) => a.code === 200),
        `${messages} messages over ${sockets} sockets`,
      ).toHaveLength(5);
      expect(acks.every((a) => a.code === 200 || a.code === ErrorCode.RATE_LIMITED)).toBe(true);
    }
  });

  it('a parallel burst of PK invitations from one anchor is counted before anything else: at most the limit go through', async () => {
    const { s, op } = srv;
    const inviter = await liveAnchorOn(s, op);
    const targets = [await liveAnchorOn(s, op), await liveAnchorOn(s, op)];
    const [burst] = sample(fc.integer({ min: 8, max: 16 }), 1, 4);
    const answers = await Promise.all(
      Array.from({ length: burst! }, (_, i) => s.api.call(api.pkInvite, { room_id: targets[i % targets.length]!.room.id }, { token: inviter.who.token })),
    );
    expect(answers.filter((a) => a.code === ErrorCode.RATE_LIMITED)).toHaveLength(burst! - 6);
    expect(answers.filter((a) => a.code === 200).length).toBeLessThanOrEqual(1);
    expect(answers.every((a) => a.status < 500)).toBe(true);
  });

  it('a parallel burst of room password guesses over several guest sessions of one IP gets at most the IP’s tries checked', async () => {
    const { s, op } = srv;
    const owner = await anchor(s, op);
    const room = await openRoom(s, owner, { password: 'pass1234' });
    const guestSock = async (i: number) => connectRoom(s, (await s.api.call(api.visitor, {}, { headers: { Device: `fuzz-guest-${room.id}-${i}` } })).data);
    const [guests] = sample(fc.integer({ min: 5, max: 8 }), 1, 5);
    const socks = await Promise.all(Array.from({ length: guests! }, (_, i) => guestSock(i)));
    const acks = await Promise.all(
      socks.flatMap((sock, g) => [0, 1, 2, 3, 4].map((i) => send(sock, 'join', { room_id: room.id, password: `bad${g}${i}xy` }, 20_000))),
    );
    expect(acks.filter((a) => a.code === ErrorCode.ROOM_PASSWORD_WRONG).length).toBeLessThanOrEqual(20);
    expect(acks.every((a) => a.code === ErrorCode.ROOM_PASSWORD_WRONG || a.code === ErrorCode.ROOM_PASSWORD_LOCKED)).toBe(true);
    expect((await send(await guestSock(guests!), 'join', { room_id: room.id, password: 'pass1234' }, 20_000)).code).toBe(ErrorCode.ROOM_PASSWORD_LOCKED);
  });
});
