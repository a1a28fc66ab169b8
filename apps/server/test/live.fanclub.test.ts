import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type Session } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { eventually } from '@app/testkit';
import { expectSound, giftId, rechargeHttp, rid } from './financeHelpers.js';
import { anchor, closeSockets, connectRoom, join, member, next, openRoom, operator, send } from './roomHarness.js';
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

const coinOf = async (token: string) => (await s.api.call(api.financeWallet, undefined, { token })).data.coin;
const fanTransfers = (userId: number) =>
  s.deps.db.kysely.selectFrom('transfers').select('id').where('idem_key', 'like', `fanclub:${userId}:%`).where('kind', '=', 'gift').execute();

describe('fan clubs', () => {
  it('joins once per request_id through the ledger, refuses a second join, leaves keeping the history, and rejoins', async () => {
    const star = await anchor(s, op);
    const fan = await member(s);
    await rechargeHttp(s, fan.token, 2);
    const start = await coinOf(fan.token);
    const key = rid();
    const [a, b] = await Promise.all([
      s.api.call(api.fanClubJoin, { request_id: key, anchor_id: star.user.id }, { token: fan.token }),
      s.api.call(api.fanClubJoin, { request_id: key, anchor_id: star.user.id }, { token: fan.token }),
    ]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect(a.data.membership).toMatchObject({ active: true, level: 1, gift_total: MONEY_UNIT, name: [...star.user.nickname].slice(0, 3).join('') });
    expect(await coinOf(fan.token)).toBe(start - MONEY_UNIT);
    expect(await fanTransfers(fan.user.id)).toHaveLength(1);

    const twice = await s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: star.user.id }, { token: fan.token });
    expect(twice.code).toBe(ErrorCode.FANCLUB_ALREADY_MEMBER);
    expect(await coinOf(fan.token)).toBe(start - MONEY_UNIT);

    // Gifts to the anchor raise the club level (1 per 10 coins).
    const heart = await giftId(s, '爱心');
    expect((await s.api.call(api.giftSend, { request_id: rid(), gift_id: heart.id, count: 1, receiver_id: star.user.id }, { token: fan.token })).code).toBe(
      200,
    );
    // The club total follows the gift once its listener ran (after the send's commit).
    const club = await eventually(async () => {
      const r = await s.api.call(api.fanClubInfo, { anchor_id: star.user.id }, { token: fan.token });
      return r.data.mine?.gift_total === 67 * MONEY_UNIT ? r.data : undefined;
    });
    expect(club).toMatchObject({ members: 1, join_price: MONEY_UNIT, mine: { level: 7, active: true } });
    expect(club.top.map((u) => u.id)).toEqual([fan.user.id]);

    const left = await s.api.call(api.fanClubLeave, { anchor_id: star.user.id }, { token: fan.token });
    expect(left.data.membership).toMatchObject({ active: false, gift_total: 67 * MONEY_UNIT });
    expect((await s.api.call(api.fanClubLeave, { anchor_id: star.user.id }, { token: fan.token })).code).toBe(ErrorCode.FANCLUB_NOT_MEMBER);
    expect((await s.api.call(api.fanClubInfo, { anchor_id: star.user.id })).data.members).toBe(0);
    const mine = await s.api.call(api.fanClubMine, undefined, { token: fan.token });
    expect(mine.data.list).toHaveLength(1);
    expect(mine.data.list[0]).toMatchObject({ active: false, anchor: { id: star.user.id } });

    const back = await s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: star.user.id }, { token: fan.token });
    expect(back.data.membership).toMatchObject({ active: true, gift_total: 68 * MONEY_UNIT });
    expect(await fanTransfers(fan.user.id)).toHaveLength(2);
    await expectSound(s.deps.db);
  });

  it('refuses a non-anchor, oneself, short coins (never below zero) and bad input with clear errors', async () => {
    const star = await anchor(s, op);
    const plain = await member(s);
    const broke = await member(s);
    const notAnchor = await s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: plain.user.id }, { token: broke.token });
    expect(notAnchor.code).toBe(ErrorCode.FANCLUB_NOT_ANCHOR);
    expect((await s.api.call(api.fanClubInfo, { anchor_id: plain.user.id })).code).toBe(ErrorCode.FANCLUB_NOT_ANCHOR);
    expect((await s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: star.user.id }, { token: star.token })).code).toBe(ErrorCode.FANCLUB_SELF);

    const short = await s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: star.user.id }, { token: broke.token });
    expect(short.code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    expect(await coinOf(broke.token)).toBe(0);
    expect((await s.api.call(api.fanClubInfo, { anchor_id: star.user.id }, { token: broke.token })).data.mine).toBeNull();

    const bad = await s.api.call(api.fanClubJoin, { request_id: 'short', anchor_id: 'x' }, { token: broke.token });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    expect(bad.msg).toMatch(/anchor_id|request_id/);
    await expectSound(s.deps.db);
  });

  it('puts the fan badge with the club name and level on the member’s chat lines', async () => {
    const star = await anchor(s, op);
    const room = await openRoom(s, star);
    const fan = await member(s);
    const stranger = await member(s);
    await rechargeHttp(s, fan.token, 1);
    expect((await s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: star.user.id }, { token: fan.token })).code).toBe(200);
    const ownerSock = await connectRoom(s, star);
    await join(ownerSock, room.id);
    const fanSock = await connectRoom(s, fan);
    await join(fanSock, room.id);
    const strangerSock = await connectRoom(s, stranger);
    await join(strangerSock, room.id);

    const fanLine = next(ownerSock, 'chat', (c) => c.user.id === fan.user.id);
    await send(fanSock, 'chat', { text: '打卡' });
    // Entering the room as a member counted a day watched: level 1 + 0 (1 coin) + 0 (1 day / 3).
    expect((await fanLine).fan).toEqual({ name: [...star.user.nickname].slice(0, 3).join(''), level: 1 });
    const strangerLine = next(ownerSock, 'chat', (c) => c.user.id === stranger.user.id);
    await send(strangerSock, 'chat', { text: '路过' });
    expect((await strangerLine).fan).toBeNull();
    const watched = await s.deps.db.kysely.selectFrom('fan_club_members').select('watch_days').where('user_id', '=', fan.user.id).executeTakeFirstOrThrow();
    expect(watched.watch_days).toBe(1);
  });
});
