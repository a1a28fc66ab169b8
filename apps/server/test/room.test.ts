/**
 * Anchors and rooms over real HTTP: the apply → review flow, open/close rules, room pages, lists and
 * search, and media credentials with the SFU's authorize rules. (The room channel: roomChannel.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type Session } from '@app/contract';
import { reviewByMobile } from '../src/modules/anchor/anchor.service.js';
import { MediaTokens } from '../src/modules/room/mediaToken.js';
import { eventually, freshMobile } from '@app/testkit';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { anchor, applyBody, closeSockets, connectRoom, ID_CARD, join, member, openRoom, operator } from './roomHarness.js';

let s: TestServer;
let op: Session;
let categoryId: number;

beforeAll(async () => {
  s = await startTestServer();
  op = await operator(s);
  categoryId = (await s.api.call(api.roomCategories)).data.list[0]!.id;
});
afterAll(async () => {
  closeSockets();
  await s?.close();
});

describe('anchor application', () => {
  it('goes none → pending → rejected (with the reason) → pending → approved, and only then opens rooms', async () => {
    const u = await member(s);
    const t = { token: u.token };
    expect((await s.api.call(api.anchorApplyStatus, {}, t)).data).toMatchObject({ status: 'none', reason: null });
    expect((await s.api.call(api.userInfo, {}, t)).data.is_anchor).toBe(false);

    const applied = await s.api.call(api.anchorApply, applyBody(freshMobile()), t);
    expect(applied.code).toBe(200);
    expect(applied.data).toMatchObject({ status: 'pending', real_name: '张*' });
    expect((await s.api.call(api.anchorApply, applyBody(freshMobile()), t)).code).toBe(ErrorCode.ANCHOR_APPLY_PENDING);
    expect((await s.api.call(api.roomOpen, { title: 't', category_id: categoryId }, t)).code).toBe(ErrorCode.ANCHOR_APPLY_PENDING);

    const pending = await s.api.call(api.adminAnchorApplications, { status: 'pending' }, { token: op.token });
    const mine = pending.data.list.find((a) => a.user.id === u.user.id);
    expect(mine).toMatchObject({ status: 'pending', real_name: '张三', introduction: '喜欢唱歌，每晚直播' });
    expect(mine!.id_card).not.toBe(ID_CARD); // masked

    const rejected = await s.api.call(api.adminAnchorReject, { user_id: u.user.id, reason: '资料不完整' }, { token: op.token });
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: '资料不完整' });
    expect((await s.api.call(api.anchorApplyStatus, {}, t)).data).toMatchObject({ status: 'rejected', reason: '资料不完整' });
    expect((await s.api.call(api.roomOpen, { title: 't', category_id: categoryId }, t)).code).toBe(ErrorCode.NOT_ANCHOR);

    // Applying again after a rejection is allowed; approval opens the door.
    expect((await s.api.call(api.anchorApply, applyBody(freshMobile()), t)).data.status).toBe('pending');
    expect((await s.api.call(api.adminAnchorApprove, { user_id: u.user.id }, { token: op.token })).data.status).toBe('approved');
    expect((await s.api.call(api.anchorApplyStatus, {}, t)).data).toMatchObject({ status: 'approved', reason: null });
    expect((await s.api.call(api.userInfo, {}, t)).data.is_anchor).toBe(true);
    expect((await s.api.call(api.anchorApply, applyBody(freshMobile()), t)).code).toBe(ErrorCode.ALREADY_ANCHOR);
    expect((await s.api.call(api.adminAnchorApprove, { user_id: u.user.id }, { token: op.token })).code).toBe(ErrorCode.CONFLICT);
    expect((await s.api.call(api.roomOpen, { title: '开播啦', category_id: categoryId }, t)).code).toBe(200);
  });

  it('takes one of two applications sent at once after a rejection, and a review is never overwritten', async () => {
    const u = await member(s);
    const t = { token: u.token };
    expect((await s.api.call(api.anchorApply, applyBody(freshMobile()), t)).code).toBe(200);
    expect((await s.api.call(api.adminAnchorReject, { user_id: u.user.id, reason: '照片不清晰' }, { token: op.token })).code).toBe(200);
    const both = await Promise.all([0, 1].map(() => s.api.call(api.anchorApply, applyBody(freshMobile()), t)));
    expect(both.map((r) => r.code).sort()).toEqual([200, ErrorCode.ANCHOR_APPLY_PENDING].sort());
    // Once approved, applying again is refused and the approval stands.
    expect((await s.api.call(api.adminAnchorApprove, { user_id: u.user.id }, { token: op.token })).code).toBe(200);
    expect((await s.api.call(api.anchorApply, applyBody(freshMobile()), t)).code).toBe(ErrorCode.ALREADY_ANCHOR);
    expect((await s.api.call(api.anchorApplyStatus, {}, t)).data.status).toBe('approved');
  });

  it('refuses bad input naming the field, guests, and members on the operator calls', async () => {
    const u = await member(s);
    const t = { token: u.token };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...applyBody(freshMobile()), real_name: 'x' }, 'real_name'],
      [{ ...applyBody(freshMobile()), id_card: '110101199003074251' }, 'id_card'], // wrong check character
      [{ ...applyBody(freshMobile()), id_card: '1101011990' }, 'id_card'],
      [{ ...applyBody(freshMobile()), mobile: '12345' }, 'mobile'],
      [{ ...applyBody(freshMobile()), introduction: '' }, 'introduction'],
      [{ ...applyBody(freshMobile()), introduction: '长'.repeat(141) }, 'introduction'],
      [{ ...applyBody(freshMobile()), extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const r = await s.api.call(api.anchorApply, body, t);
      expect([r.status, r.code], field).toEqual([400, ErrorCode.VALIDATION]);
      expect(r.msg.startsWith(`${field}:`), r.msg).toBe(true);
    }
    const guest = (await s.api.call(api.visitor, {}, { headers: { Device: 'room-test-device-1' } })).data;
    expect((await s.api.call(api.anchorApply, applyBody(freshMobile()), { token: guest.token })).code).toBe(ErrorCode.GUEST_NOT_ALLOWED);
    expect((await s.api.call(api.anchorApplyStatus)).code).toBe(ErrorCode.TOKEN_MISSING);
    expect((await s.api.call(api.adminAnchorApprove, { user_id: u.user.id }, t)).status).toBe(403);
    expect((await s.api.call(api.adminAnchorReject, { user_id: u.user.id }, { token: op.token })).code).toBe(ErrorCode.VALIDATION);
    expect((await s.api.call(api.adminAnchorApprove, { user_id: 99999999 }, { token: op.token })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.adminAnchorApplications, { status: 'maybe' }, { token: op.token })).code).toBe(ErrorCode.VALIDATION);
  });

  it('is reviewed from the admin CLI by mobile number', async () => {
    const mobile = freshMobile();
    const u = await s.api.register(mobile);
    await s.api.call(api.anchorApply, applyBody(mobile), { token: u.token });
    expect(await reviewByMobile(s.deps.db.kysely, mobile, 'rejected', '头像不清晰')).toMatchObject({ status: 'rejected' });
    expect((await s.api.call(api.anchorApplyStatus, {}, { token: u.token })).data.reason).toBe('头像不清晰');
    await expect(reviewByMobile(s.deps.db.kysely, freshMobile(), 'approved', null)).rejects.toThrow('未注册');
  });
});

describe('rooms: open, close, info, lists', () => {
  it('opens one room per anchor (opening again returns it), with defaults and the §3 settings', async () => {
    const a = await anchor(s, op);
    const room = await openRoom(s, a, { title: '第一场', settings: { vertical: false, allow_mic: false } });
    expect(room).toMatchObject({
      title: '第一场',
      kind: 'live',
      status: 'open',
      mic_seats: 3,
      need_password: false,
      live: false,
      my_auth: 1,
      my_muted: false,
      my_seat: null,
      anchor: { id: a.user.id, is_anchor: true },
      settings: { front_camera: true, camera: true, audio: true, screen: false, allow_mic: false, vertical: false, pc: false },
    });
    expect(room.number).toMatch(/^\d{6}$/);
    expect(room.seats.map((x) => [x.index, x.seat_id, x.locked, x.user])).toEqual([
      [1, 'seat-1', false, null],
      [2, 'seat-2', false, null],
      [3, 'seat-3', false, null],
    ]);
    const again = await openRoom(s, a, { title: '第二场' });
    expect([again.id, again.title]).toEqual([room.id, '第一场']);
  });

  it('refuses bad open input: chat rooms without seats, unknown categories, foreign covers, long titles, bad passwords', async () => {
    const a = await anchor(s, op);
    const t = { token: a.token };
    const bad: [Record<string, unknown>, number, string][] = [
      [{ title: 'x', category_id: categoryId, kind: 'chat', mic_seats: 0 }, 400, 'mic_seats'],
      [{ title: 'x', category_id: categoryId, mic_seats: 9 }, 400, 'mic_seats'],
      [{ title: '', category_id: categoryId }, 400, 'title'],
      [{ title: '长'.repeat(31), category_id: categoryId }, 400, 'title'],
      [{ title: 'x', category_id: categoryId, kind: 'tv' }, 400, 'kind'],
      [{ title: 'x', category_id: categoryId, password: '12' }, 400, 'password'],
      [{ title: 'x', category_id: categoryId, password: 'abc12' }, 400, 'password'],
      [{ title: 'x', category_id: categoryId, settings: { camera: 'yes' } }, 400, 'settings.camera'],
      [{ title: 'x', category_id: categoryId, settings: { laser: true } }, 400, 'settings.laser'],
      [{ title: 'x', category_id: categoryId, cover: 'https://evil.example/x.png' }, 400, 'cover'],
      [{ title: 'x' }, 400, 'category_id'],
    ];
    for (const [body, status, field] of bad) {
      const r = await s.api.call(api.roomOpen, body, t);
      expect([r.status, r.code, r.msg.split(':')[0]], JSON.stringify(body)).toEqual([status, ErrorCode.VALIDATION, field]);
    }
    expect((await s.api.call(api.roomOpen, { title: 'x', category_id: 99999 }, t)).code).toBe(ErrorCode.CATEGORY_NOT_FOUND);
    const chat = await s.api.call(api.roomOpen, { title: '派对', category_id: categoryId, kind: 'chat', cover: '/static/rooms/party.svg' }, t);
    expect(chat.data).toMatchObject({ kind: 'chat', mic_seats: 8, cover: '/static/rooms/party.svg' });
    expect(chat.data.seats).toHaveLength(8);
  });

  it('is closed by its owner or an operator only; reopening keeps the number and starts a new live', async () => {
    const a = await anchor(s, op);
    const other = await member(s);
    const room = await openRoom(s, a);
    expect((await s.api.call(api.roomClose, { room_id: room.id }, { token: other.token })).code).toBe(ErrorCode.FORBIDDEN);
    expect((await s.api.call(api.roomClose, { room_id: room.id }, { token: op.token })).data).toEqual({ closed: true });
    expect((await s.api.call(api.roomClose, { room_id: room.id }, { token: a.token })).data).toEqual({ closed: false });
    expect((await s.api.call(api.roomInfo, { room_id: room.id })).data.status).toBe('closed');
    expect((await s.api.call(api.roomClose, { room_id: 99999999 }, { token: a.token })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.roomClose, { room_id: 'abc' }, { token: a.token })).code).toBe(ErrorCode.VALIDATION);
    expect((await s.api.call(api.roomClose, { room_id: room.id })).code).toBe(ErrorCode.TOKEN_MISSING);

    const reopened = await openRoom(s, a, { title: '又开播了' });
    expect([reopened.id, reopened.number, reopened.title, reopened.status]).toEqual([room.id, room.number, '又开播了', 'open']);
    expect(reopened.started_at! > room.started_at!).toBe(true);
    expect((await s.api.call(api.roomClose, { room_id: room.id }, { token: a.token })).data).toEqual({ closed: true });
  });

  it('answers home/room_info by id or number, for anonymous callers too; refuses bad references', async () => {
    const a = await anchor(s, op);
    const room = await openRoom(s, a, { password: 'abc123' });
    const byNumber = await s.api.call(api.roomInfo, { number: room.number });
    expect(byNumber.data).toMatchObject({ id: room.id, need_password: true, my_auth: 4, online: 0 });
    expect(byNumber.raw).not.toContain('password_hash');
    expect((await s.api.call(api.roomInfo, { room_id: room.id }, { token: a.token })).data.my_auth).toBe(1);
    expect((await s.api.call(api.roomInfo, { number: '000000' })).code).toBe(ErrorCode.NOT_FOUND);
    for (const q of [{}, { number: '12' }, { room_id: -1 }, { room_id: room.id, extra: 1 }]) {
      expect((await s.api.call(api.roomInfo, q)).code, JSON.stringify(q)).toBe(ErrorCode.VALIDATION);
    }
  });

  it('lists open rooms by category and kind with online counts; searches rooms and users', async () => {
    const cats = (await s.api.call(api.roomCategories)).data.list;
    expect(cats.map((c) => c.name)).toEqual(['热门', '颜值', '唱歌', '游戏', '聊天', '户外']);
    const a = await anchor(s, op);
    const nickname = `搜索主播${Date.now() % 100000}`;
    await s.api.call(api.updateUserInfo, { nickname }, { token: a.token });
    const room = await openRoom(s, a, { title: '独一无二的标题xyz', category_id: cats[3]!.id });
    const viewer = await member(s);
    await join(await connectRoom(s, viewer), room.id);

    const inCat = await s.api.call(api.anchorList, { category_id: cats[3]!.id });
    const found = inCat.data.list.find((r) => r.id === room.id);
    expect(found).toMatchObject({ title: '独一无二的标题xyz', category: '游戏', online: 1, anchor: { nickname } });
    expect(inCat.data.list.every((r) => r.category_id === cats[3]!.id && r.status === 'open')).toBe(true);
    expect((await s.api.call(api.anchorList, { category_id: cats[5]!.id })).data.list.some((r) => r.id === room.id)).toBe(false);
    expect((await s.api.call(api.anchorList, { kind: 'chat' })).data.list.some((r) => r.id === room.id)).toBe(false);

    const paged = await s.api.call(api.anchorList, { page: 1, size: 1 });
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.has_more).toBe(paged.data.total > 1);

    expect((await s.api.call(api.searchRoom, { keyword: '标题XYZ' })).data.list.map((r) => r.id)).toEqual([room.id]);
    expect((await s.api.call(api.searchRoom, { keyword: room.number })).data.list.map((r) => r.id)).toContain(room.id);
    expect((await s.api.call(api.searchRoom, { keyword: '%' })).data.list).toEqual([]);
    const users = await s.api.call(api.searchUser, { keyword: nickname });
    expect(users.data.list).toEqual([expect.objectContaining({ id: a.user.id, nickname, is_anchor: true, room_id: room.id })]);

    for (const [def, q] of [
      [api.searchRoom, {}],
      [api.searchRoom, { keyword: '' }],
      [api.searchUser, { keyword: 'x'.repeat(31) }],
      [api.anchorList, { size: 51 }],
      [api.anchorList, { page: 0 }],
      [api.anchorList, { kind: 'tv' }],
      [api.anchorList, { sort: 'hot' }],
    ] as const) {
      expect((await s.api.call(def, q)).code, JSON.stringify(q)).toBe(ErrorCode.VALIDATION);
    }
  });

  it('lists the room with the larger audience first once the sweep has counted it, newest first on a tie', async () => {
    // Its own server: a 2 s grace period sweeps every second (the anchors stay in their rooms).
    const t = await startTestServer({ env: { ROOM_GRACE_MS: '2000' } });
    try {
      const tOp = await operator(t);
      const category_id = (await t.api.call(api.roomCategories)).data.list[4]!.id;
      const [older, newer] = [await anchor(t, tOp), await anchor(t, tOp)];
      const rooms = [await openRoom(t, older, { category_id }), await openRoom(t, newer, { category_id })];
      for (const [i, who] of [older, newer].entries()) await join(await connectRoom(t, who), rooms[i]!.id);
      const order = async () => (await t.api.call(api.anchorList, { category_id })).data.list.map((r) => r.id);
      await eventually(async () => JSON.stringify(await order()) === JSON.stringify([rooms[1]!.id, rooms[0]!.id]), { what: 'newest first on one viewer each' });
      for (let i = 0; i < 2; i++) await join(await connectRoom(t, await member(t)), rooms[0]!.id);
      await eventually(async () => JSON.stringify(await order()) === JSON.stringify([rooms[0]!.id, rooms[1]!.id]), {
        what: 'the older room with three online first',
      });
      const found = (await t.api.call(api.searchRoom, { keyword: rooms[0]!.number })).data.list[0];
      expect(found).toMatchObject({ id: rooms[0]!.id, online: 3 });
    } finally {
      await t.close();
    }
  });
});

describe('media credentials and the SFU authorize rules', () => {
  it('issues publish tokens to the owner (anchor seat) and play tokens to people who joined', async () => {
    const a = await anchor(s, op);
    const room = await openRoom(s, a);
    const v = await member(s);
    const pub = await s.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: a.token });
    expect(pub.data).toMatchObject({ kind: 'publish', url: `/api/media/whip/${room.id}/anchor`, seat: 'anchor', seats: ['anchor'] });
    expect(pub.data.max_bitrate).toBeGreaterThan(0);
    expect((await s.api.call(api.roomMedia, { room_id: room.id, kind: 'publish', seat: 'seat-1' }, { token: a.token })).code).toBe(ErrorCode.FORBIDDEN);
    expect((await s.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: v.token })).code).toBe(ErrorCode.NOT_ON_SEAT);
    expect((await s.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: v.token })).code).toBe(ErrorCode.ROOM_NOT_JOINED);
    await join(await connectRoom(s, v), room.id);
    const play = await s.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: v.token });
    expect(play.data).toMatchObject({ kind: 'play', url: `/api/media/whep/${room.id}`, seat: null, seats: ['anchor', 'seat-1', 'seat-2', 'seat-3'] });

    const authorize = s.services.roomMedia.authorize;
    const rid = String(room.id);
    expect(await authorize('publish', rid, 'anchor', pub.data.token)).toEqual({ userId: String(a.user.id) });
    expect(await authorize('play', rid, undefined, play.data.token)).toEqual({ userId: String(v.user.id) });
    // Wrong kind, room, seat; tampered; another secret; expired.
    expect(await authorize('play', rid, undefined, pub.data.token)).toBe(false);
    expect(await authorize('publish', rid, 'anchor', play.data.token)).toBe(false);
    expect(await authorize('publish', rid, 'seat-1', pub.data.token)).toBe(false);
    expect(await authorize('publish', String(room.id + 1), 'anchor', pub.data.token)).toBe(false);
    expect(await authorize('play', rid, undefined, `${play.data.token.slice(0, -2)}xx`)).toBe(false);
    expect(await authorize('play', rid, undefined, 'junk')).toBe(false);
    const foreign = new MediaTokens(Buffer.from('another secret'));
    const live = (await s.api.call(api.roomInfo, { room_id: room.id })).data.started_at!;
    const exp = Math.floor(Date.now() / 1000) + 60;
    const sid = (await s.deps.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', v.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow())
      .id;
    expect(await authorize('play', rid, undefined, foreign.sign({ kind: 'play', userId: v.user.id, sid, roomId: room.id, seat: null, live, exp }))).toBe(false);
    const own = new MediaTokens(s.services.room.config.mediaTokenSecret);
    const stale = own.sign({ kind: 'play', userId: v.user.id, sid, roomId: room.id, seat: null, live, exp: exp - 120 });
    await expect(authorize('play', rid, undefined, stale)).rejects.toMatchObject({ code: 'token_expired', status: 403 });
    // A publish token naming another user than the room's owner (forged with the right secret) is still refused.
    expect(await authorize('publish', rid, 'anchor', own.sign({ kind: 'publish', userId: v.user.id, sid, roomId: room.id, seat: 'anchor', live, exp }))).toBe(
      false,
    );

    // Through HTTP: no token → 401, a bad one → 403, a good one reaches the SDP check (400).
    const whip = `${s.url}/api/media/whip/${room.id}/anchor`;
    const post = (token?: string) =>
      fetch(whip, { method: 'POST', headers: { 'content-type': 'application/sdp', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: 'v=0\r\n' });
    expect((await post()).status).toBe(401);
    const wrong = await post(play.data.token);
    expect([wrong.status, await wrong.json()]).toEqual([403, { code: 'forbidden', msg: `this token may not publish to seat anchor of room ${room.id}` }]);
    expect((await post(pub.data.token)).status).toBe(400);
    // An expired token says so, apart from a wrong one: OBS's user knows to take a new one.
    const expiredAt = exp - 120;
    const aSid = (await s.deps.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', a.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow())
      .id;
    const late = await post(own.sign({ kind: 'publish', userId: a.user.id, sid: aSid, roomId: room.id, seat: 'anchor', live, exp: expiredAt }));
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ code: 'token_expired', msg: expect.stringContaining(`expired at ${new Date(expiredAt * 1000).toISOString()}`) });

    // Tokens of a previous live stop working when the room closes and reopens.
    await s.api.call(api.roomClose, { room_id: room.id }, { token: a.token });
    expect(await authorize('publish', rid, 'anchor', pub.data.token)).toBe(false);
    expect((await s.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: a.token })).code).toBe(ErrorCode.ROOM_CLOSED);
    await openRoom(s, a);
    expect(await authorize('publish', rid, 'anchor', pub.data.token)).toBe(false);
  });

  it('refuses bad media credential input', async () => {
    const a = await anchor(s, op);
    const room = await openRoom(s, a);
    for (const body of [{ room_id: room.id }, { room_id: room.id, kind: 'watch' }, { room_id: room.id, kind: 'publish', seat: 'seat-9' }, { kind: 'play' }]) {
      expect((await s.api.call(api.roomMedia, body, { token: a.token })).code, JSON.stringify(body)).toBe(ErrorCode.VALIDATION);
    }
    expect((await s.api.call(api.roomMedia, { room_id: 99999999, kind: 'play' }, { token: a.token })).code).toBe(ErrorCode.NOT_FOUND);
  });
});
