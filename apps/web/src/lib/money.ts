import { formatMoney } from '@app/kit';

/** Coins without trailing zeros: 600000 → "60", 605000 → "60.5", 123456 → "12.35". */
export function formatCoins(raw: number): string {
  const s = formatMoney(raw, 2);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
