import { describe, expect, it } from 'vitest';
import { COMBO_WINDOW_MS, comboLeft, comboLive, giftCost, nextCombo, type ComboState } from './combo';

describe('combo counter', () => {
  it('starts at 1 and grows while the same gift and count are tapped within the window', () => {
    let s: ComboState | null = null;
    s = nextCombo(s, { giftId: 2, count: 10, now: 1000 });
    expect(s.combo).toBe(1);
    s = nextCombo(s, { giftId: 2, count: 10, now: 2500 });
    s = nextCombo(s, { giftId: 2, count: 10, now: 2500 + COMBO_WINDOW_MS });
    expect(s.combo).toBe(3);
  });

  it('resets after the window, on another gift, another count, or a clock that went backwards', () => {
    const s = nextCombo(nextCombo(null, { giftId: 2, count: 1, now: 0 }), { giftId: 2, count: 1, now: 100 });
    expect(s.combo).toBe(2);
    expect(nextCombo(s, { giftId: 2, count: 1, now: 100 + COMBO_WINDOW_MS + 1 }).combo).toBe(1);
    expect(nextCombo(s, { giftId: 3, count: 1, now: 200 }).combo).toBe(1);
    expect(nextCombo(s, { giftId: 2, count: 66, now: 200 }).combo).toBe(1);
    expect(nextCombo(s, { giftId: 2, count: 1, now: 50 }).combo).toBe(1);
  });

  it('the button countdown runs from 1 to 0 over the window', () => {
    const s = nextCombo(null, { giftId: 1, count: 1, now: 1000 });
    expect(comboLeft(s, 1000)).toBe(1);
    expect(comboLeft(s, 1000 + COMBO_WINDOW_MS / 2)).toBeCloseTo(0.5);
    expect(comboLeft(s, 1000 + COMBO_WINDOW_MS * 2)).toBe(0);
    expect(comboLive(s, 1000 + COMBO_WINDOW_MS)).toBe(true);
    expect(comboLive(s, 1001 + COMBO_WINDOW_MS)).toBe(false);
    expect(comboLive(null, 0)).toBe(false);
  });

  it('costs price × count in raw units, refusing overflow', () => {
    expect(giftCost(10 * 10000, 1314)).toBe(13140 * 10000);
    expect(giftCost(Number.MAX_SAFE_INTEGER, 2)).toBeNull();
  });
});
