/**
 * Gift effect tiers as rows (gift_tiers, decision 0261): a send takes the highest tier its total
 * reaches, in its answer, the room's broadcast and the gift records; a tier inserted as a row
 * applies to the next send with no code change and no restart. On SQLite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { api, type GiftTier } from '@app/contract';
import { giftId, rechargeDirect, rid } from './financeHelpers.js';
import { connectRoom, join, liveAnchorOn, member, next, useRoomServer } from './roomHarness.js';

const room = useRoomServer();

describe('gift effect tiers', () => {
  it('follow the rows: the plain banner, gold from 100 coins, full screen from 500, and a new row applies at once', async () => {
    const { s, op } = room;
    const star = await liveAnchorOn(s, op);
    const fan = await member(s);
    await rechargeDirect(s, fan.user.id, 6); // 6,480 + 600 coins
    const viewer = await connectRoom(s, fan);
    await join(viewer, star.room.id);
    const lollipop = await giftId(s, '棒棒糖'); // 1 coin each: the count is the total in coins

    /** Sends `coins` of lollipops; answers the tier in the answer, checked equal in the broadcast. */
    const tierOf = async (coins: number): Promise<GiftTier> => {
      const heard = next(viewer, 'gift', (p) => p.record.count === coins);
      const sent = await s.api.call(
        api.giftSend,
        { request_id: rid(), room_id: star.room.id, gift_id: lollipop.id, count: coins, receiver_id: star.who.user.id },
        { token: fan.token },
      );
      expect(sent.code, sent.msg).toBe(200);
      expect((await heard).record.tier).toEqual(sent.data.record.tier);
      return sent.data.record.tier;
    };

    expect(await tierOf(1)).toEqual({ level: 0, banner_ms: 3200, banner_style: 'plain', fullscreen: false });
    expect(await tierOf(99)).toMatchObject({ level: 0 });
    expect(await tierOf(100)).toEqual({ level: 1, banner_ms: 5000, banner_style: 'gold', fullscreen: false });
    expect(await tierOf(499)).toMatchObject({ level: 1, fullscreen: false });
    expect(await tierOf(500)).toEqual({ level: 2, banner_ms: 5000, banner_style: 'gold', fullscreen: true });

    // An operator adds a fourth tier as a row: the next send at its threshold takes it.
    await s.deps.db.kysely.insertInto('gift_tiers').values({ level: 3, min_coins: 2000, banner_ms: 8000, banner_style: 'rainbow', fullscreen: 1 }).execute();
    expect(await tierOf(1999)).toMatchObject({ level: 2 });
    expect(await tierOf(2000)).toEqual({ level: 3, banner_ms: 8000, banner_style: 'rainbow', fullscreen: true });

    // The gift records show each send with its tier, as the sends' answers did.
    const records = await s.api.call(api.recordGift, { direction: 'sent', page: 1, size: 20 }, { token: fan.token });
    expect(records.code, records.msg).toBe(200);
    expect(records.data.list.map((r) => [r.count, r.tier.level])).toEqual([
      [2000, 3],
      [1999, 2],
      [500, 2],
      [499, 1],
      [100, 1],
      [99, 0],
      [1, 0],
    ]);
  });
});
