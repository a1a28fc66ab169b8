import { formatDateCN, formatMoney } from '@app/kit';

/** Coins from 1/10000 units (2 decimals). */
export const coins = (raw: number): string => formatMoney(raw);
/** Yuan from fen. */
export const yuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;
/** A moment in China time, to the minute. */
export const when = (iso: string | null | undefined): string => (iso ? formatDateCN(iso, 'YYYY-MM-DD HH:mm') : '—');
/** A China-time "YYYY-MM-DD HH:mm" as typed in a dialog → ISO UTC; anything else passes through (the server names it if wrong). */
export function isoOf(typed: string | undefined): string {
  const s = (typed ?? '').trim();
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(s);
  if (!m) return s;
  const d = new Date(`${m[1]}T${m[2]}:00+08:00`);
  return Number.isNaN(d.getTime()) ? s : d.toISOString();
}
/** A fresh idempotency key per operator action. */
export { newRequestId } from '../../../state/queries/finance';
