/** Taps of the same gift and count within this window of the previous one continue a combo. */
export const COMBO_WINDOW_MS = 3000;

/** The counts the panel offers (the classic set of live-streaming apps). */
export const GIFT_COUNTS = [1, 10, 66, 188, 520, 1314] as const;

export interface ComboState {
  giftId: number;
  count: number;
  /** 1 for a fresh send, then 2, 3, … while taps keep coming within the window. */
  combo: number;
  /** When the last tap happened (ms). */
  at: number;
}

/** The combo after a tap at `now`: continued when it is the same gift and count inside the window, else a fresh one. */
export function nextCombo(prev: ComboState | null, tap: { giftId: number; count: number; now: number }, windowMs = COMBO_WINDOW_MS): ComboState {
  const continues = prev !== null && prev.giftId === tap.giftId && prev.count === tap.count && tap.now >= prev.at && tap.now - prev.at <= windowMs;
  return { giftId: tap.giftId, count: tap.count, combo: continues ? prev.combo + 1 : 1, at: tap.now };
}

/** Whether the combo button is still live at `now` (its countdown has not run out). */
export const comboLive = (s: ComboState | null, now: number, windowMs = COMBO_WINDOW_MS): s is ComboState => s !== null && now - s.at <= windowMs;

/** The fraction of the window left (1 → 0), for the countdown ring on the combo button. */
export const comboLeft = (s: ComboState | null, now: number, windowMs = COMBO_WINDOW_MS): number =>
  s === null ? 0 : Math.max(0, Math.min(1, 1 - (now - s.at) / windowMs));

/** Total raw cost of sending `count` of a gift priced `price` (raw units); null if it would overflow. */
export function giftCost(price: number, count: number): number | null {
  const total = price * count;
  return Number.isSafeInteger(total) && total >= 0 ? total : null;
}
