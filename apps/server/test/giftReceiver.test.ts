import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type Session } from '@app/contract';
import { expectSound, giftId, rechargeDirect, rid } from './financeHelpers.js';
import { anchor, closeSockets, member, memberIn, openRoom, operator, ownedRoom, send } from './roomHarness.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

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

const coins = async (who: Session) => (await s.api.call(api.userInfo, undefined, { token: who.token })).data.coin;

describe('gift/send in a room: the receiver is on its stage, the room open (decision 0057)', () => {
  it('refuses a receiver off the stage, a closed or unknown room, moving nothing; takes the anchor and a seated co-host', async () => {
    const { owner, room } = await ownedRoom(s, op, { kind: 'chat', mic_seats: 2 });
    const rival = await anchor(s, op);
    const rivalRoom = await openRoom(s, rival);
    const fan = await member(s);
    await rechargeDirect(s, fan.user.id, 3);
    const bystander = await member(s);
    const seated = await memberIn(s, room.id);
    expect((await send(seated.sock, 'seatTake', { seat: 1 })).code).toBe(200);
    const rose = await giftId(s);
    const sendTo = (receiverId: number, roomId: number, requestId = rid()) =>
      s.api.call(api.giftSend, { request_id: requestId, gift_id: rose.id, count: 1, receiver_id: receiverId, room_id: roomId }, { token: fan.token });
    const before = await coins(fan);

    // Another room's anchor (the PK opponent's), a member who is not on stage, an unknown room.
    expect((await sendTo(rival.user.id, room.id)).code).toBe(ErrorCode.RECEIVER_NOT_FOUND);
    expect((await sendTo(bystander.user.id, room.id)).code).toBe(ErrorCode.RECEIVER_NOT_FOUND);
    expect((await sendTo(owner.user.id, rivalRoom.id)).code).toBe(ErrorCode.RECEIVER_NOT_FOUND);
    expect((await sendTo(owner.user.id, 999_999)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await coins(fan)).toBe(before);
    const board = await s.api.call(api.roomBoard, { room_id: room.id, period: 'live' });
    expect(board.data.list).toEqual([]);

    // The anchor and the co-host on a seat take gifts in the open room.
    expect((await sendTo(owner.user.id, room.id)).code).toBe(200);
    expect((await sendTo(seated.who.user.id, room.id)).code).toBe(200);
    // Outside a room (0), a gift to any member is not the rooms' concern.
    expect((await sendTo(bystander.user.id, 0)).code).toBe(200);

    // A closed room takes none, not even for its anchor; a key that was sent before still answers its first result.
    const first = rid();
    expect((await sendTo(owner.user.id, room.id, first)).code).toBe(200);
    expect((await s.api.call(api.roomClose, { room_id: room.id }, { token: owner.token })).code).toBe(200);
    const spent = await coins(fan);
    expect((await sendTo(owner.user.id, room.id)).code).toBe(ErrorCode.ROOM_CLOSED);
    expect((await sendTo(owner.user.id, room.id, first)).code).toBe(200);
    expect(await coins(fan)).toBe(spent);
    await expectSound(s.deps.db);
  });
});
