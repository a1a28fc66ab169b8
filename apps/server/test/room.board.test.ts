import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, RoomAuth, type Session } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { expectSound, giftId, rechargeDirect, rid } from './financeHelpers.js';
import { anchor, closeSockets, connectRoom, join, member, openRoom, operator, send } from './roomHarness.js';
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

const gift = async (who: Session, receiverId: number, roomId: number, name: string, count = 1) => {
  const g = await giftId(s, name);
  const r = await s.api.call(api.giftSend, { request_id: rid(), gift_id: g.id, count, receiver_id: receiverId, room_id: roomId }, { token: who.token });
  expect(r.code, r.msg).toBe(200);
  return g.price * count;
};

const funded = async () => {
  const m = await member(s);
  await rechargeDirect(s, m.user.id, 3);
  return m;
};

describe('room contribution boards', () => {
  it('orders the givers of this live and of the week as the ledger moved their gifts, and places the caller', async () => {
    const star = await anchor(s, op);
    const other = await anchor(s, op);
    const room = await openRoom(s, star);
    const elsewhere = await openRoom(s, other);
    const [a, b, c, d, idle] = await Promise.all([funded(), funded(), funded(), funded(), member(s)]);

    // a: 10, b: 66 + 10, c: 30, d: 10 (after a, so below a at the same amount).
    await gift(a, star.user.id, room.id, '玫瑰');
    await gift(b, star.user.id, room.id, '爱心');
    await gift(c, star.user.id, room.id, '玫瑰', 3);
    await gift(d, star.user.id, room.id, '玫瑰');
    await gift(b, star.user.id, room.id, '玫瑰');
    // Gifts elsewhere, or outside a room, are not this room's.
    await gift(d, other.user.id, elsewhere.id, '爱心', 5);
    await gift(d, star.user.id, 0, '爱心', 5);

    const live = await s.api.call(api.roomBoard, { room_id: room.id, period: 'live' }, { token: d.token });
    expect(live.code).toBe(200);
    expect(live.data.start).toBe(room.started_at);
    expect(live.data.list.map((e) => [e.rank, e.user.id, e.amount / MONEY_UNIT])).toEqual([
      [1, b.user.id, 76],
      [2, c.user.id, 30],
      [3, a.user.id, 10],
      [4, d.user.id, 10],
    ]);
    expect(live.data.me).toEqual({ rank: 4, amount: 10 * MONEY_UNIT });
    // The board's sums are the ledger's gift transfers of those records.
    const ledger = await s.deps.db.kysely
      .selectFrom('transfers as t')
      .innerJoin('gift_records as g', 'g.idem_key', 't.idem_key')
      .select((eb) => eb.fn.sum<number>('t.amount').as('sum'))
      .where('g.room_id', '=', room.id)
      .where('t.kind', '=', 'gift')
      .executeTakeFirstOrThrow();
    expect(live.data.list.reduce((n, e) => n + e.amount, 0)).toBe(Number(ledger.sum));

    // A caller outside the shown top still gets their place; one who gave nothing has none.
    const top2 = await s.api.call(api.roomBoard, { room_id: room.id, size: 2 }, { token: a.token });
    expect(top2.data.list).toHaveLength(2);
    expect(top2.data.me).toEqual({ rank: 3, amount: 10 * MONEY_UNIT });
    expect((await s.api.call(api.roomBoard, { room_id: room.id }, { token: idle.token })).data.me).toEqual({ rank: null, amount: 0 });
    expect((await s.api.call(api.roomBoard, { room_id: room.id })).data.me).toBeNull();

    // A new live starts an empty board; the week's keeps the earlier gifts.
    expect((await s.api.call(api.roomClose, { room_id: room.id }, { token: star.token })).code).toBe(200);
    const closed = await s.api.call(api.roomBoard, { room_id: room.id, period: 'live' });
    expect(closed.data).toMatchObject({ start: null, list: [] });
    const again = await openRoom(s, star);
    expect(again.id).toBe(room.id);
    await gift(c, star.user.id, room.id, '玫瑰');
    const fresh = await s.api.call(api.roomBoard, { room_id: room.id, period: 'live' });
    expect(fresh.data.list.map((e) => [e.user.id, e.amount / MONEY_UNIT])).toEqual([[c.user.id, 10]]);
    const week = await s.api.call(api.roomBoard, { room_id: room.id, period: 'week' });
    expect(week.data.list.map((e) => [e.user.id, e.amount / MONEY_UNIT])).toEqual([
      [b.user.id, 76],
      [c.user.id, 40],
      [a.user.id, 10],
      [d.user.id, 10],
    ]);
    await expectSound(s.deps.db);
  });

  it('lists the people in the room with their role, fan badge and what they gave, top givers first', async () => {
    const star = await anchor(s, op);
    const room = await openRoom(s, star);
    const [fan, admin, plain] = await Promise.all([funded(), member(s), member(s)]);
    const fanJoin = await s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: star.user.id }, { token: fan.token });
    expect(fanJoin.code).toBe(200);
    const ownerSock = await connectRoom(s, star);
    await join(ownerSock, room.id);
    for (const who of [fan, admin, plain]) await join(await connectRoom(s, who), room.id);
    expect((await send(ownerSock, 'setAdmin', { user_id: admin.user.id, admin: true })).code).toBe(200);
    await gift(fan, star.user.id, room.id, '爱心');

    const r = await s.api.call(api.roomViewers, { room_id: room.id });
    expect(r.code).toBe(200);
    expect(r.data.online).toBe(4);
    // The giver first, then the latest arrivals; the anchor is in the top bar, not the list.
    expect(r.data.list.map((v) => v.user.id)).toEqual([fan.user.id, plain.user.id, admin.user.id]);
    expect(r.data.list[0]).toMatchObject({ auth: RoomAuth.VIEWER, amount: 66 * MONEY_UNIT, fan: { level: expect.any(Number) as number } });
    expect(r.data.list[0]!.fan?.name).toBeTruthy();
    expect(r.data.list.find((v) => v.user.id === admin.user.id)).toMatchObject({ auth: RoomAuth.ADMIN, fan: null, amount: 0 });
    expect(r.data.list[0]!.user.level).toBeGreaterThan(1);
  });

  it("shows a password room's viewers only to whoever may enter it: not anonymous callers nor members outside", async () => {
    const star = await anchor(s, op);
    const room = await openRoom(s, star, { password: 'abc123' });
    const [inside, outside, admin] = await Promise.all([member(s), member(s), member(s)]);
    const ownerSock = await connectRoom(s, star);
    await join(ownerSock, room.id);
    await join(await connectRoom(s, inside), room.id, 'abc123');
    expect((await send(ownerSock, 'setAdmin', { user_id: admin.user.id, admin: true })).code).toBe(200);

    for (const token of [undefined, outside.token]) {
      const r = await s.api.call(api.roomViewers, { room_id: room.id }, { token });
      expect([r.code, r.data]).toEqual([ErrorCode.ROOM_PASSWORD_REQUIRED, null]);
    }
    for (const who of [star, inside, admin]) {
      const r = await s.api.call(api.roomViewers, { room_id: room.id }, { token: who.token });
      expect(r.code, who.user.nickname).toBe(200);
      expect(r.data.list.map((v) => v.user.id)).toEqual([inside.user.id]);
    }
  });

  it("lists only the open rooms of anchors the caller follows, and a room's preview", async () => {
    const [live, off, unfollowed] = await Promise.all([anchor(s, op), anchor(s, op), anchor(s, op)]);
    const viewer = await member(s);
    const room = await openRoom(s, live);
    await openRoom(s, unfollowed);
    for (const a of [live, off]) expect((await s.api.call(api.followAdd, { user_id: a.user.id }, { token: viewer.token })).code).toBe(200);
    const r = await s.api.call(api.followingLive, { page: 1, size: 20 }, { token: viewer.token });
    expect(r.code).toBe(200);
    expect(r.data.list.map((x) => x.id)).toEqual([room.id]);
    expect(r.data.total).toBe(1);
    const none = await s.api.call(api.followingLive, { page: 1, size: 20 }, { token: (await member(s)).token });
    expect(none.data).toMatchObject({ list: [], total: 0, has_more: false });
    expect((await s.api.call(api.followingLive, { page: 1, size: 20 })).code).toBe(ErrorCode.TOKEN_MISSING);

    const p = await s.api.call(api.roomPreview, { room_id: room.id });
    expect(p.data).toEqual({ room_id: room.id, live: false, hls_url: null });
  });

  it("reports a person from their card to the operators' queue, once; not oneself nor someone unknown", async () => {
    const [reporter, target] = await Promise.all([member(s), member(s)]);
    const body = { target_type: 'user' as const, target_id: target.user.id, reason: '人身攻击' };
    const first = await s.api.call(api.reportCreate, body, { token: reporter.token });
    expect(first.code).toBe(200);
    expect((await s.api.call(api.reportCreate, body, { token: reporter.token })).data.id).toBe(first.data.id);
    const self = await s.api.call(api.reportCreate, { ...body, target_id: reporter.user.id }, { token: reporter.token });
    expect([self.status, self.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(self.msg).toContain('target_id');
    expect((await s.api.call(api.reportCreate, { ...body, target_id: 2_000_000_000 }, { token: reporter.token })).code).toBe(ErrorCode.NOT_FOUND);
    const queue = await s.api.call(api.adminReports, { status: 'open', page: 1, size: 50 }, { token: op.token });
    const row = queue.data.list.find((r) => r.id === first.data.id);
    expect(row).toMatchObject({ target_type: 'user', target_user: { id: target.user.id }, item: null, reporter: { id: reporter.user.id } });
    const dismissed = await s.api.call(api.adminReportDismiss, { type: 'user', id: target.user.id }, { token: op.token });
    expect(dismissed.data.dismissed).toBe(1);
  });

  it('refuses bad input naming the field, and an unknown room', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['period', { room_id: 1, period: 'month' }, 'period'],
      ['room id text', { room_id: 'abc' }, 'room_id'],
      ['room id zero', { room_id: 0 }, 'room_id'],
      ['size', { room_id: 1, size: 51 }, 'size'],
      ['unknown field', { room_id: 1, sort: 'x' }, 'sort'],
    ];
    for (const [name, query, field] of cases) {
      const r = await s.api.call(api.roomBoard, query as never);
      expect([r.status, r.code], name).toEqual([400, ErrorCode.VALIDATION]);
      expect(r.msg.startsWith(`${field}: `), `${name}: ${r.msg}`).toBe(true);
    }
    for (const def of [api.roomBoard, api.roomViewers, api.roomPreview]) {
      const r = await s.api.call(def, { room_id: 2_000_000_000 } as never);
      expect(r.code).toBe(ErrorCode.NOT_FOUND);
    }
    const bad = await s.api.call(api.roomViewers, { room_id: -1 } as never);
    expect([bad.status, bad.code]).toEqual([400, ErrorCode.VALIDATION]);
  });
});
