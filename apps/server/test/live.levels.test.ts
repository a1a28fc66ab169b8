import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type Session } from '@app/contract';
import { MONEY_UNIT, userLevel, vipTier } from '@app/kit';
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

/** The stored levels of a user equal those recomputed from the ledger's transfers alone. */
async function expectRecomputed(userId: number) {
  const { stored, recomputed } = await s.services.finance.levels.check(userId);
  expect(stored).toEqual(recomputed);
  return recomputed;
}

const coinOf = async (token: string) => (await s.api.call(api.financeWallet, undefined, { token })).data.coin;

describe('levels and VIP tiers', () => {
  it('follow recharges and gifts, equal a recomputation from the ledger, and show on the VIP page and in chat', async () => {
    const star = await anchor(s, op);
    const fan = await member(s);
    const room = await openRoom(s, star);
    expect((await s.api.call(api.vipStatus, undefined, { token: fan.token })).data).toMatchObject({ vip_level: 0, level: 1, recharged: 0, spent: 0 });

    await rechargeHttp(s, fan.token, 1); // 60 coins
    await rechargeHttp(s, fan.token, 2); // 300 coins + 10 bonus (the bonus does not count)
    const heart = await giftId(s, '爱心');
    for (let i = 0; i < 3; i++) {
      const r = await s.api.call(
        api.giftSend,
        { request_id: rid(), room_id: room.id, gift_id: heart.id, count: 1, receiver_id: star.user.id },
        { token: fan.token },
      );
      expect(r.code, r.msg).toBe(200);
    }
    const levels = await expectRecomputed(fan.user.id);
    expect(levels).toEqual({ recharged: 360 * MONEY_UNIT, spent: 198 * MONEY_UNIT, level: userLevel(198 * MONEY_UNIT), vip_level: 2 });
    expect(levels.level).toBe(5);
    // The anchor received, spent nothing: level 1, no VIP.
    expect(await expectRecomputed(star.user.id)).toMatchObject({ spent: 0, level: 1, vip_level: 0 });

    const page = await s.api.call(api.vipStatus, undefined, { token: fan.token });
    expect(page.data).toEqual({
      vip_level: 2,
      recharged: 360 * MONEY_UNIT,
      next_recharge: 1280 * MONEY_UNIT,
      level: 5,
      spent: 198 * MONEY_UNIT,
      next_level_spent: 160 * MONEY_UNIT + 90 * MONEY_UNIT,
    });

    // Chat shows the level and tier beside the name; the profile shows them too.
    const ownerSock = await connectRoom(s, star);
    await join(ownerSock, room.id);
    const sock = await connectRoom(s, fan);
    await join(sock, room.id);
    const line = next(ownerSock, 'chat');
    expect((await send(sock, 'chat', { text: '主播好' })).code).toBe(200);
    expect((await line).user).toMatchObject({ id: fan.user.id, level: 5, vip_level: 2 });
    const profile = await s.api.call(api.userProfile, { user_id: fan.user.id }, { token: star.token });
    expect(profile.data).toMatchObject({ level: 5, vip_level: 2 });
    await expectSound(s.deps.db);
  });

  it('refuses a tier-only gift below its tier and moves nothing; the tier reached sends it', async () => {
    const star = await anchor(s, op);
    const dragon = await giftId(s, '金龙'); // VIP3 and up, 2000 coins
    const vip2 = await member(s);
    for (let i = 0; i < 3; i++) await rechargeHttp(s, vip2.token, 3); // 3 × 680 coins bought: VIP3 from the sum
    expect(vipTier(3 * 680 * MONEY_UNIT)).toBe(3);
    const vip1 = await member(s);
    await rechargeHttp(s, vip1.token, 1);
    const before = await coinOf(vip1.token);
    const refused = await s.api.call(api.giftSend, { request_id: rid(), gift_id: dragon.id, count: 1, receiver_id: star.user.id }, { token: vip1.token });
    expect(refused.code).toBe(ErrorCode.VIP_REQUIRED);
    expect(await coinOf(vip1.token)).toBe(before);
    expect(await expectRecomputed(vip1.user.id)).toMatchObject({ spent: 0, vip_level: 1 });

    const sent = await s.api.call(api.giftSend, { request_id: rid(), gift_id: dragon.id, count: 1, receiver_id: star.user.id }, { token: vip2.token });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data.record.tier.fullscreen).toBe(true);
    expect(await expectRecomputed(vip2.user.id)).toMatchObject({ spent: 2000 * MONEY_UNIT, vip_level: 3 });
    await expectSound(s.deps.db);
  });
  it('stay equal to the recomputation when gifts, recharges and fan club joins race', async () => {
    const star = await anchor(s, op);
    const fans = await Promise.all([member(s), member(s), member(s)]);
    for (const f of fans) await rechargeHttp(s, f.token, 2);
    const rose = await giftId(s, '玫瑰');
    const sends = fans.flatMap((f) =>
      Array.from({ length: 4 }, () =>
        s.api.call(api.giftSend, { request_id: rid(), gift_id: rose.id, count: 2, receiver_id: star.user.id }, { token: f.token }),
      ),
    );
    const more = fans.map((f) => rechargeHttp(s, f.token, 1));
    const joins = fans.map((f) => s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: star.user.id }, { token: f.token }));
    const answers = await Promise.all([...sends, ...joins]);
    await Promise.all(more);
    expect(answers.every((a) => a.code === 200)).toBe(true);
    for (const f of fans) expect(await expectRecomputed(f.user.id)).toEqual({ recharged: 360 * MONEY_UNIT, spent: 81 * MONEY_UNIT, level: 3, vip_level: 2 });
    await expectSound(s.deps.db);
  });
});
