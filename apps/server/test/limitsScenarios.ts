/**
 * The limits one user (or one IP) must not multiply, as scenarios run against one instance
 * (limits.test.ts, memory store) and across two sharing Redis (limitsScale.test.ts). `a` and `b` are
 * the instances the calls alternate between (the same server twice on a single instance).
 */
import { expect } from 'vitest';
import { api, ErrorCode, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import type { TestServer } from './helpers/testServer.js';
import { anchor, collect, connectRoom, join, liveAnchorOn, member, openRoom, send } from './roomHarness.js';

const both = (a: TestServer, b: TestServer) => (i: number) => (i % 2 === 0 ? a : b);
/** A scenario's own time limit: each makes anchors, rooms and tens of sockets, and hashes passwords. */
export const SCENARIO_MS = 90_000;
/** Acks of a burst wait behind the whole burst (each password try is a scrypt): allow for a busy machine. */
const BURST_ACK_MS = 20_000;

/** 20 sockets of one user in one room send 100 messages at once: the user gets ROOM_CHAT_PER_10S (5) of them. */
export async function chatBurstOverSockets(a: TestServer, b: TestServer, op: Session): Promise<void> {
  const on = both(a, b);
  const owner = await anchor(a, op);
  const room = await openRoom(a, owner);
  const who = await member(a);
  const socks = await Promise.all(Array.from({ length: 20 }, (_, i) => connectRoom(on(i), who)));
  for (const sock of socks) await join(sock, room.id);
  const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => send(socks[i % 20]!, 'chat', { text: `刷屏${i}` }, BURST_ACK_MS)));
  expect(answers.filter((r) => r.code === 200)).toHaveLength(5);
  expect(answers.filter((r) => r.code === ErrorCode.RATE_LIMITED)).toHaveLength(95);
}

/** Six guest sessions from one IP guess a room password five times each; a seventh with the right one is still locked out. */
export async function passwordGuessesOverGuestSessions(a: TestServer, b: TestServer, op: Session): Promise<void> {
  const on = both(a, b);
  const owner = await anchor(a, op);
  const room = await openRoom(a, owner, { password: 'pass1234' });
  const guest = async (i: number) => {
    const srv = on(i);
    const session = (await srv.api.call(api.visitor, {}, { headers: { Device: `limits-guest-${room.id}-${i}` } })).data;
    return connectRoom(srv, session);
  };
  const guesses = await Promise.all(
    Array.from({ length: 6 }, async (_, g) => {
      const sock = await guest(g);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await send(sock, 'join', { room_id: room.id, password: `bad${g}${i}xy` }, BURST_ACK_MS)).code);
      return codes;
    }),
  );
  const codes = guesses.flat();
  // 20 tries checked per IP and room in 10 minutes (per guest alone it would be 6 × 4 wrong, then each guest's 5th locking it).
  expect(codes.filter((c) => c === ErrorCode.ROOM_PASSWORD_WRONG).length).toBeLessThanOrEqual(20);
  expect(codes.every((c) => c === ErrorCode.ROOM_PASSWORD_WRONG || c === ErrorCode.ROOM_PASSWORD_LOCKED)).toBe(true);
  const seventh = await send(await guest(6), 'join', { room_id: room.id, password: 'pass1234' }, BURST_ACK_MS);
  expect(seventh.code).toBe(ErrorCode.ROOM_PASSWORD_LOCKED);
  expect(seventh.data).toMatchObject({ until: expect.any(String) });
  // The owner still enters their room (no password asked of them).
  expect((await send(await connectRoom(b, owner), 'join', { room_id: room.id })).code).toBe(200);
}

/** 10 invite/cancel pairs in a row: PK_INVITES_PER_MINUTE (6) invitations go out, so the invited anchor hears 12 events, not 20. */
export async function pkInviteCancelPairs(a: TestServer, b: TestServer, op: Session): Promise<void> {
  const on = both(a, b);
  const inviter = await liveAnchorOn(a, op);
  const invited = await liveAnchorOn(b, op);
  const heard = collect(invited.sock, 'pk');
  const codes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const inv = await on(i).api.call(api.pkInvite, { room_id: invited.room.id }, { token: inviter.who.token });
    codes.push(inv.code);
    if (inv.code !== 200) continue;
    const cancelled = await on(i + 1).api.call(api.pkCancel, { battle_id: inv.data.battle.id }, { token: inviter.who.token });
    expect(cancelled.code, cancelled.msg).toBe(200);
  }
  expect(codes.filter((c) => c === 200)).toHaveLength(6);
  expect(codes.slice(6)).toEqual([ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED]);
  await eventually(() => heard.length === 12);
  expect(heard.map((p) => p.battle.status)).toEqual(Array.from({ length: 6 }, () => ['inviting', 'cancelled']).flat());
}
