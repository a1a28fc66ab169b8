import type { GiftRecord } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { admitGifts, enqueueEffect, placeBanner, playsFullscreen, takeNew, type Banner } from './giftQueue';

const PLAIN_MS = 3200;
const user = (id: number) => ({ id, uuid: `u${id}`, nickname: `n${id}`, avatar: '', vip_level: 0, level: 1, is_anchor: false });
let nextId = 1;
function rec({ sender = 1, coins = 1, ...p }: Omit<Partial<GiftRecord>, 'sender'> & { sender?: number; coins?: number } = {}): GiftRecord {
  return {
    id: nextId++,
    gift_id: 1,
    gift_name: '玫瑰',
    gift_icon: '/r.svg',
    gift_url: '',
    count: 1,
    price: coins * 10000,
    total: coins * 10000,
    earning: 0,
    combo: 1,
    room_id: 1,
    // The default tiers (migration 0053): a plain banner, a gold one held longer from 100 coins, full screen from 500.
    tier:
      coins >= 500
        ? { level: 2, banner_ms: 5000, banner_style: 'gold', fullscreen: true }
        : coins >= 100
          ? { level: 1, banner_ms: 5000, banner_style: 'gold', fullscreen: false }
          : { level: 0, banner_ms: PLAIN_MS, banner_style: 'plain', fullscreen: false },
    sender: user(sender),
    receiver: user(99),
    created_at: '2026-01-01T00:00:00Z',
    ...p,
  } as GiftRecord;
}

describe('gift animation queue', () => {
  it('takes each record once', () => {
    const seen = new Set<number>();
    const a = rec();
    const b = rec();
    expect(takeNew(seen, [a])).toEqual([a]);
    expect(takeNew(seen, [a, b])).toEqual([b]);
    expect(takeNew(seen, [a, b])).toEqual([]);
  });

  it('caps waiting effects by dropping the cheapest', () => {
    let q: GiftRecord[] = [];
    const big = rec({ coins: 1314 });
    q = enqueueEffect(q, big, 2);
    q = enqueueEffect(q, rec({ coins: 1 }), 2);
    q = enqueueEffect(q, rec({ coins: 10 }), 2);
    expect(q.map((r) => r.total / 10000)).toEqual([1314, 10]);
    expect(playsFullscreen(big)).toBe(true);
    expect(playsFullscreen(rec({ coins: 10 }))).toBe(false);
  });

  it('a combo bumps the same banner; others take a free lane, then replace the oldest', () => {
    let b: Banner[] = [];
    const first = rec({ sender: 1 });
    b = placeBanner(b, first, 0);
    b = placeBanner(b, rec({ sender: 1, combo: 2 }), 100);
    expect(b).toHaveLength(1);
    expect(b[0]!.bumps).toBe(1);
    expect(b[0]!.record.combo).toBe(2);
    b = placeBanner(b, rec({ sender: 2 }), 200);
    expect(b).toHaveLength(2);
    b = placeBanner(b, rec({ sender: 3 }), 300);
    expect(b.map((x) => x.record.sender.id).sort()).toEqual([2, 3]); // sender 1's banner ends first
  });

  it('expired banners leave and a late lower combo keeps the higher number', () => {
    let b = placeBanner([], rec({ combo: 5 }), 0);
    b = placeBanner(b, rec({ combo: 4 }), 10);
    expect(b[0]!.record.combo).toBe(5);
    b = placeBanner(b, rec({ sender: 7 }), 10 + PLAIN_MS + 1);
    expect(b.map((x) => x.record.sender.id)).toEqual([7]);
  });

  it('shows a record without a tier (from a server before the tiers) as the plain banner', () => {
    const { tier: _tier, ...old } = rec({ coins: 1314 });
    const legacy = old as GiftRecord;
    expect(playsFullscreen(legacy)).toBe(false);
    expect(placeBanner([], legacy, 0)[0]!.until).toBe(PLAIN_MS);
  });

  it('holds a banner as long as its tier says', () => {
    const gold = rec({ sender: 1, coins: 188 });
    const plain = rec({ sender: 2 });
    let b = placeBanner(placeBanner([], gold, 0), plain, 0);
    expect(b.map((x) => x.until)).toEqual([5000, PLAIN_MS]);
    // Past the plain banner's time, only the gold one is left; a bump counts the tier's time again.
    b = placeBanner(b, rec({ sender: 3 }), PLAIN_MS + 1);
    expect(b.map((x) => x.record.sender.id)).toEqual([1, 3]);
    b = placeBanner(b, rec({ sender: 1, coins: 188, combo: 2 }), 4000);
    expect(b.find((x) => x.record.sender.id === 1)!.until).toBe(9000);
  });
});

describe('admitting gifts', () => {
  it('plays the full-screen animation for every big gift only; small ones (and their combos) stay banners', () => {
    const a1 = rec({ sender: 1, combo: 1 });
    const a2 = rec({ sender: 1, combo: 2 });
    const big = rec({ sender: 2, coins: 1314 });
    const big2 = rec({ sender: 2, coins: 1314, combo: 2 });
    const { banners, effects } = admitGifts([], [a1, a2, big, big2], 0);
    expect(effects).toEqual([big, big2]);
    expect(banners).toHaveLength(2);
  });
});
