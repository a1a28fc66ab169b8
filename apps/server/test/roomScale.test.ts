/**
 * Rooms across two instances sharing PostgreSQL and Redis (run by `npm run test:scale`): presence
 * counts agree, chat and moderation cross instances, a kick ban holds on the other one, a media
 * token issued by one is accepted by the other, and a close reaches everyone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type Session } from '@app/contract';
import { scaleEnabled, useInstancePair } from './helpers/instancePair.js';
import { anchor, closeSockets, connectRoom, join, member, next, openRoom, operator, send } from './roomHarness.js';

describe.skipIf(!scaleEnabled())('rooms on two instances (PostgreSQL + Redis)', () => {
  // Both instances sign and check media tokens with one secret, as a deployment configures them.
  const pair = useInstancePair('roomscale', { MEDIA_TOKEN_SECRET: `secret-${randomUUID()}` });
  let op: Session;

  beforeAll(async () => {
    op = await operator(pair.a);
  });
  afterAll(() => closeSockets());

  it('agrees on presence, carries chat and kicks across instances, shares media tokens, and closes everywhere', async () => {
    const { a, b } = pair;
    const owner = await anchor(a, op);
    const v = await member(b);
    const room = await openRoom(a, owner);
    const osock = await connectRoom(a, owner);
    await join(osock, room.id);
    const vsock = await connectRoom(b, v);
    await join(vsock, room.id);

    for (const s of [a, b]) expect((await s.api.call(api.roomInfo, { room_id: room.id })).data.online).toBe(2);

    const chat = next(vsock, 'chat');
    await send(osock, 'chat', { text: '跨实例的问候' });
    expect((await chat).text).toBe('跨实例的问候');

    // A play token issued by B is accepted by A's SFU authorize (shared secret, shared database).
    const creds = (await b.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: v.token })).data;
    expect(await a.services.roomMedia.authorize('play', String(room.id), undefined, creds.token)).toEqual({ userId: String(v.user.id) });

    const kicked = next(vsock, 'kicked');
    expect((await send(osock, 'kick', { user_id: v.user.id })).code).toBe(200);
    await kicked;
    expect((await send(vsock, 'chat', { text: '还在吗' })).code).toBe(ErrorCode.ROOM_NOT_JOINED);
    expect((await send(vsock, 'join', { room_id: room.id })).code).toBe(ErrorCode.ROOM_KICKED);
    expect((await a.api.call(api.roomInfo, { room_id: room.id })).data.online).toBe(1);
    expect(await a.services.roomMedia.authorize('play', String(room.id), undefined, creds.token)).toBe(false);

    const w = await member(b);
    const wsock = await connectRoom(b, w);
    await join(wsock, room.id);
    const closed = next(wsock, 'closed');
    await a.api.call(api.roomClose, { room_id: room.id }, { token: owner.token });
    expect(await closed).toEqual({ room_id: room.id, reason: 'owner', note: null });
    expect((await b.api.call(api.roomInfo, { room_id: room.id })).data).toMatchObject({ status: 'closed', online: 0 });
  });

  it('counts wrong room passwords of one user over both instances and keeps them locked out on either', async () => {
    const { a, b } = pair;
    const owner = await anchor(a, op);
    const room = await openRoom(a, owner, { password: 'pass1234' });
    const guesser = await member(a);
    const socks = [await connectRoom(a, guesser), await connectRoom(b, guesser)];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(socks[i % 2]!, 'join', { room_id: room.id, password: `bad${i}xyz` })));
    expect(answers.filter((r) => r.code === ErrorCode.ROOM_PASSWORD_WRONG)).toHaveLength(4);
    expect(answers.filter((r) => r.code === ErrorCode.ROOM_PASSWORD_LOCKED)).toHaveLength(6);
    for (const s of [a, b]) {
      expect((await send(await connectRoom(s, guesser), 'join', { room_id: room.id, password: 'pass1234' })).code).toBe(ErrorCode.ROOM_PASSWORD_LOCKED);
    }
  });

  it('a login ban through A ends the user’s room sockets on B and their media tokens everywhere', async () => {
    const { a, b } = pair;
    const owner = await anchor(a, op);
    const room = await openRoom(a, owner);
    const osock = await connectRoom(a, owner);
    await join(osock, room.id);
    const victim = await member(b);
    const vsock = await connectRoom(b, victim);
    await join(vsock, room.id);
    const creds = (await b.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: victim.token })).data;
    const gone = new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('room socket on B not disconnected within 5 s')), 5000);
      vsock.once('disconnect', () => resolve(clearTimeout(t)));
    });
    const banned = await a.api.call(api.adminUserBan, { user_id: victim.user.id, scope: 'login', minutes: 30, reason: '违规' }, { token: op.token });
    expect(banned.code, banned.msg).toBe(200);
    await gone;
    for (const s of [a, b]) {
      expect(await s.services.roomMedia.authorize('play', String(room.id), undefined, creds.token)).toBe(false);
      expect((await s.api.call(api.userInfo, {}, { token: victim.token })).code).toBe(ErrorCode.ACCOUNT_DISABLED);
    }
  });
});
