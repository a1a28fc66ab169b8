import { formatMoney } from '@app/kit';

/** A signed amount for records: +60.00 / −10.00 (a real minus sign), 0 as "0.00". */
export function signedMoney(raw: number): string {
  const s = formatMoney(Math.abs(raw), 2);
  if (raw > 0) return `+${s}`;
  if (raw < 0) return `−${s}`;
  return s;
}

/** CNY fen as yuan with two decimals, exactly: 600 → "6.00", 19 → "0.19". */
export function formatFen(fen: number): string {
  if (!Number.isFinite(fen)) return '0.00';
  const f = Math.round(Math.abs(fen));
  const sign = fen < 0 && f !== 0 ? '-' : '';
  return `${sign}${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`;
}
