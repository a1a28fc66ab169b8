import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { nowIso } from '../src/db/time.js';
import { expectSound, giftId, quickMember, rechargeDirect, rid } from './financeHelpers.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { anchor, operator } from './roomHarness.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const coinOf = async (token: string) => (await s.api.call(api.userInfo, undefined, { token })).data.coin;

/** A listed paid video of `ownerId`, written straight into the tables (its files play no part in a purchase). */
async function paidVideo(ownerId: number, coins: number): Promise<number> {
  const k = s.deps.db.kysely;
  const now = nowIso();
  const res = await k
    .insertInto('video_resources')
    .values({ user_id: ownerId, upload_id: rid(), status: 'ready', total: 1, duration: 30, lease_until: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const v = await k
    .insertInto('videos')
    .values({ user_id: ownerId, resource_id: res.id, cate_id: 1, title: '付费片', cover: '', price: coins * MONEY_UNIT, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return v.id;
}

/*
 * A request_id refused for a short balance (or an existing membership) names that refusal forever
 * (decision 0131): retried after a recharge, it answers the same refusal and moves nothing.
 */
describe('a refused request_id stays refused on every money call', () => {
  it('gift/send: a short balance, then a recharge: the retry answers BALANCE_NOT_ENOUGH, other fields CONFLICT', async () => {
    const [fan, host] = [await quickMember(s), await quickMember(s)];
    const rose = await giftId(s);
    const body = { request_id: rid(), gift_id: rose.id, count: 1, receiver_id: host.id };
    expect((await s.api.call(api.giftSend, body, { token: fan.token })).code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    await rechargeDirect(s, fan.id, 1);
    const coins = await coinOf(fan.token);
    expect((await s.api.call(api.giftSend, body, { token: fan.token })).code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    expect((await s.api.call(api.giftSend, { ...body, count: 2 }, { token: fan.token })).code).toBe(ErrorCode.CONFLICT);
    expect(await coinOf(fan.token)).toBe(coins);
    expect((await s.api.call(api.giftSend, { ...body, request_id: rid() }, { token: fan.token })).code).toBe(200);
    await expectSound(s.deps.db);
  });

  it('video/buy: a short balance, then a recharge: the retry answers BALANCE_NOT_ENOUGH and buys nothing', async () => {
    const [buyer, owner] = [await quickMember(s), await quickMember(s)];
    const videoId = await paidVideo(owner.id, 3);
    const body = { request_id: rid(), video_id: videoId };
    expect((await s.api.call(api.videoBuy, body, { token: buyer.token })).code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    await rechargeDirect(s, buyer.id, 1);
    const coins = await coinOf(buyer.token);
    expect((await s.api.call(api.videoBuy, body, { token: buyer.token })).code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    expect((await s.api.call(api.videoBuy, { ...body, video_id: videoId + 1 }, { token: buyer.token })).code).toBe(ErrorCode.CONFLICT);
    expect(await coinOf(buyer.token)).toBe(coins);
    expect((await s.api.call(api.videoBuy, { ...body, request_id: rid() }, { token: buyer.token })).data.video.bought).toBe(true);
    expect(await coinOf(buyer.token)).toBe(coins - 3 * MONEY_UNIT);
    await expectSound(s.deps.db);
  });

  it('fanclub/join: "already a member" and a short balance stay refused after leaving or a recharge', async () => {
    const op = await operator(s);
    const star = await anchor(s, op);
    const fan = await quickMember(s);
    await rechargeDirect(s, fan.id, 1);
    expect((await s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: star.user.id }, { token: fan.token })).code).toBe(200);
    const member = { request_id: rid(), anchor_id: star.user.id };
    expect((await s.api.call(api.fanClubJoin, member, { token: fan.token })).code).toBe(ErrorCode.FANCLUB_ALREADY_MEMBER);
    expect((await s.api.call(api.fanClubLeave, { anchor_id: star.user.id }, { token: fan.token })).code).toBe(200);
    const coins = await coinOf(fan.token);
    expect((await s.api.call(api.fanClubJoin, member, { token: fan.token })).code).toBe(ErrorCode.FANCLUB_ALREADY_MEMBER);
    expect(await coinOf(fan.token)).toBe(coins);

    const broke = await quickMember(s);
    const short = { request_id: rid(), anchor_id: star.user.id };
    expect((await s.api.call(api.fanClubJoin, short, { token: broke.token })).code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    await rechargeDirect(s, broke.id, 1);
    const brokeCoins = await coinOf(broke.token);
    expect((await s.api.call(api.fanClubJoin, short, { token: broke.token })).code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    expect(await coinOf(broke.token)).toBe(brokeCoins);
    await expectSound(s.deps.db);
  });
});
