/**
 * Chat-room seats against a started server: free seats taken by a tap (locked and taken ones
 * refused, one winner in a race), the host locking and clearing, each occupant's camera and
 * microphone state seen by everyone, and the caller's follow state of the anchor in room_info.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type Session } from '@app/contract';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { anchor, closeSockets, connectRoom, join, member, memberIn, next, openRoom, operator, ownedRoom, send } from './roomHarness.js';

let s: TestServer;
let op: Session;

beforeAll(async () => {
  s = await startTestServer();
  op = await operator(s);
});
afterAll(async () => {
  closeSockets();
  await s?.close();
});

const chatRoom = (body: Record<string, unknown> = {}) => ownedRoom(s, op, { kind: 'chat', mic_seats: 3, ...body });
const guestOf = (roomId: number) => memberIn(s, roomId);

const seatsOf = async (roomId: number) => (await s.api.call(api.roomInfo, { room_id: roomId })).data.seats;

describe('chat room seats: free taking', () => {
  it('seats a member on the empty seat they tap, at once; refuses taken, locked and unknown seats and a second seat', async () => {
    const { room, ownerSock } = await chatRoom();
    const a = await guestOf(room.id);
    const b = await guestOf(room.id);
    expect(room.settings.free_seats).toBe(true);

    const seen = next(b.sock, 'seats', (p) => p.seats[0]!.user?.id === a.who.user.id);
    expect(await send(a.sock, 'seatTake', { seat: 1 })).toMatchObject({ code: 200, data: { seat: 1 } });
    expect((await seen).seats[0]).toMatchObject({ index: 1, seat_id: 'seat-1', camera: true, mic: true, live: false });
    expect((await s.api.call(api.roomInfo, { room_id: room.id }, { token: a.who.token })).data).toMatchObject({ my_seat: 1, my_auth: 3 });

    expect(await send(b.sock, 'seatTake', { seat: 1 })).toMatchObject({ code: ErrorCode.CONFLICT, msg: '该麦位已有人' });
    expect((await send(a.sock, 'seatTake', { seat: 2 })).code).toBe(ErrorCode.CONFLICT);
    expect((await send(ownerSock, 'seatTake', { seat: 2 })).code).toBe(ErrorCode.CONFLICT);
    await send(ownerSock, 'seatLock', { seat: 2, locked: true });
    expect((await send(b.sock, 'seatTake', { seat: 2 })).code).toBe(ErrorCode.SEAT_LOCKED);
    expect((await send(b.sock, 'seatTake', { seat: 4 })).code).toBe(ErrorCode.NOT_FOUND);
    for (const bad of [{}, { seat: 0 }, { seat: '1' }, { seat: 9 }]) {
      const r = await send(b.sock, 'seatTake', bad as never);
      expect([r.code, r.msg.split(':')[0]], JSON.stringify(bad)).toEqual([ErrorCode.VALIDATION, 'seat']);
    }
    expect((await send(b.sock, 'seatTake', { seat: 1, extra: true } as never)).code).toBe(ErrorCode.VALIDATION);

    // A seat taken freely may publish into that seat, like an accepted co-host.
    const pub = await s.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: a.who.token });
    expect(pub.data.seat).toBe('seat-1');
    expect(await s.services.roomMedia.authorize('publish', String(room.id), 'seat-1', pub.data.token)).toMatchObject({ userId: String(a.who.user.id) });

    // The host unlocks and clears: the occupant is told, the seat is free again.
    await send(ownerSock, 'seatLock', { seat: 2, locked: false });
    expect((await send(b.sock, 'seatTake', { seat: 2 })).code).toBe(200);
    const removed = next(a.sock, 'micDecision');
    expect((await send(ownerSock, 'seatClear', { seat: 1 })).code).toBe(200);
    expect(await removed).toMatchObject({ decision: 'removed', seat: 1 });
    expect((await seatsOf(room.id)).map((x) => x.user?.id ?? null)).toEqual([null, b.who.user.id, null]);
    // An empty seat that the host locks takes nobody until unlocked.
    await send(ownerSock, 'seatLock', { seat: 1, locked: true });
    expect((await send(a.sock, 'seatTake', { seat: 1 })).code).toBe(ErrorCode.SEAT_LOCKED);
  });

  it('lets exactly one of several members racing for one seat sit on it', async () => {
    const { room } = await chatRoom({ mic_seats: 1 });
    const racers = await Promise.all([guestOf(room.id), guestOf(room.id), guestOf(room.id), guestOf(room.id)]);
    const answers = await Promise.all(racers.map((r) => send(r.sock, 'seatTake', { seat: 1 })));
    const won = answers.flatMap((a, i) => (a.code === 200 ? [racers[i]!.who.user.id] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.code === ErrorCode.CONFLICT)).toHaveLength(3);
    expect((await seatsOf(room.id))[0]!.user?.id).toBe(won[0]);
  });

  it('goes through the request queue when free seats are off, in live rooms, and not at all without the mic; guests log in first', async () => {
    const { room, ownerSock } = await chatRoom({ settings: { free_seats: false } });
    const a = await guestOf(room.id);
    expect(await send(a.sock, 'seatTake', { seat: 1 })).toMatchObject({ code: ErrorCode.MIC_NOT_ALLOWED, msg: '上麦需要房主同意，请申请上麦' });
    expect((await send(a.sock, 'micRequest', { seat: 1 })).code).toBe(200);
    // The host opens the seats: the waiting member may now just sit, which also drops the request.
    await send(ownerSock, 'settings', { settings: { free_seats: true } });
    const queue = next(ownerSock, 'micQueue', (p) => p.queue.length === 0);
    expect((await send(a.sock, 'seatTake', { seat: 3 })).code).toBe(200);
    await queue;
    await send(ownerSock, 'settings', { settings: { allow_mic: false } });
    const b = await guestOf(room.id);
    expect((await send(b.sock, 'seatTake', { seat: 1 })).code).toBe(ErrorCode.MIC_NOT_ALLOWED);

    await send(ownerSock, 'settings', { settings: { allow_mic: true } });
    const guest = (await s.api.call(api.visitor, {}, { headers: { Device: 'room-seats-guest-1' } })).data;
    const g = await connectRoom(s, guest);
    await join(g, room.id);
    expect((await send(g, 'seatTake', { seat: 1 })).code).toBe(ErrorCode.LOGIN_REQUIRED);

    const liveOwner = await anchor(s, op);
    const live = await openRoom(s, liveOwner, { kind: 'live' });
    const c = await member(s);
    const csock = await connectRoom(s, c);
    await join(csock, live.id);
    expect((await send(csock, 'seatTake', { seat: 1 })).code).toBe(ErrorCode.MIC_NOT_ALLOWED);
  });
});

describe('chat room seats: camera and microphone', () => {
  it('shows everyone an occupant turning their camera and microphone off and on; fresh occupants start with both on', async () => {
    const { room, ownerSock } = await chatRoom();
    const a = await guestOf(room.id);
    const b = await guestOf(room.id);
    await send(a.sock, 'seatTake', { seat: 2 });

    const camOff = next(b.sock, 'seats', (p) => p.seats[1]!.camera === false);
    expect((await send(a.sock, 'seatMedia', { camera: false })).code).toBe(200);
    expect((await camOff).seats[1]).toMatchObject({ camera: false, mic: true });
    const micOff = next(ownerSock, 'seats', (p) => p.seats[1]!.mic === false);
    expect((await send(a.sock, 'seatMedia', { mic: false })).code).toBe(200);
    expect((await micOff).seats[1]).toMatchObject({ camera: false, mic: false });
    expect((await seatsOf(room.id))[1]).toMatchObject({ camera: false, mic: false });
    await send(a.sock, 'seatMedia', { camera: true });
    expect((await seatsOf(room.id))[1]).toMatchObject({ camera: true, mic: false });

    // Only the occupant's own seat; bad payloads name the field.
    expect((await send(b.sock, 'seatMedia', { mic: false })).code).toBe(ErrorCode.NOT_ON_SEAT);
    const empty = await send(a.sock, 'seatMedia', {});
    expect([empty.code, empty.msg.split(':')[0]]).toEqual([ErrorCode.VALIDATION, 'camera']);
    const typo = await send(a.sock, 'seatMedia', { mic: 'off' } as never);
    expect([typo.code, typo.msg.split(':')[0]]).toEqual([ErrorCode.VALIDATION, 'mic']);

    // Leaving resets the seat: the next occupant starts with camera and mic on.
    await send(a.sock, 'micRemove', { user_id: a.who.user.id });
    await send(b.sock, 'seatTake', { seat: 2 });
    expect((await seatsOf(room.id))[1]).toMatchObject({ user: { id: b.who.user.id }, camera: true, mic: true });
  });
});

describe('the follow button state', () => {
  it('tells room_info callers whether they follow the anchor: false for strangers, guests and the anchor, true once followed', async () => {
    const { owner, room } = await chatRoom();
    const fan = await member(s);
    const info = (token?: string) => s.api.call(api.roomInfo, { room_id: room.id }, token ? { token } : {});
    expect((await info()).data.my_following).toBe(false);
    expect((await info(owner.token)).data.my_following).toBe(false);
    expect((await info(fan.token)).data.my_following).toBe(false);
    expect((await s.api.call(api.followAdd, { user_id: owner.user.id }, { token: fan.token })).data.is_following).toBe(true);
    expect((await info(fan.token)).data.my_following).toBe(true);
    // The join answer carries it too (the room page refreshes from it).
    const sock = await connectRoom(s, fan);
    expect((await join(sock, room.id)).room.my_following).toBe(true);
    await s.api.call(api.followDel, { user_id: owner.user.id }, { token: fan.token });
    expect((await info(fan.token)).data.my_following).toBe(false);
  });
});
