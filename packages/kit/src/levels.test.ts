import { describe, expect, it } from 'vitest';
import { MONEY_UNIT } from './format.js';
import { fanLevel, levelThreshold, MAX_USER_LEVEL, userLevel, VIP_TIERS, vipHas, vipTier } from './levels.js';

describe('levels', () => {
  it('a user level starts at 1 and is reached exactly at its threshold', () => {
    expect(userLevel(0)).toBe(1);
    for (const l of [2, 5, 11, 30]) {
      expect(userLevel(levelThreshold(l))).toBe(l);
      expect(userLevel(levelThreshold(l) - 1)).toBe(l - 1);
    }
    expect(userLevel(Number.MAX_SAFE_INTEGER)).toBe(MAX_USER_LEVEL);
  });

  it('VIP tiers follow recharge totals and keep the perks of the tiers below', () => {
    expect(vipTier(0)).toBe(0);
    expect(vipTier(60 * MONEY_UNIT - 1)).toBe(0);
    for (const t of VIP_TIERS) expect(vipTier(t.recharge)).toBe(t.tier);
    for (let i = 1; i < VIP_TIERS.length; i++) for (const p of VIP_TIERS[i - 1]!.perks) expect(vipHas(VIP_TIERS[i]!.tier, p)).toBe(true);
    expect(vipHas(2, 'entrance')).toBe(false);
    expect(vipHas(3, 'entrance')).toBe(true);
  });

  it('a fan level grows with gifts (capped) and days watched', () => {
    expect(fanLevel(0, 0)).toBe(1);
    expect(fanLevel(67 * MONEY_UNIT, 0)).toBe(7);
    expect(fanLevel(10_000 * MONEY_UNIT, 0)).toBe(21);
    expect(fanLevel(0, 7)).toBe(3);
  });
});
