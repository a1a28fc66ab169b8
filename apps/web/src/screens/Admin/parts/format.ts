import { formatDateCN, formatMoney } from '@app/kit';

/** Coins from 1/10000 units (2 decimals). */
export const coins = (raw: number): string => formatMoney(raw);
/** Yuan from fen. */
export const yuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;
/** A moment in China time, to the minute. */
export const when = (iso: string | null | undefined): string => (iso ? formatDateCN(iso, 'YYYY-MM-DD HH:mm') : '—');
/** A fresh idempotency key per operator action. */
export { newRequestId } from '../../../state/queries/finance';
