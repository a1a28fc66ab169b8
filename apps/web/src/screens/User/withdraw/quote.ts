import { MONEY_UNIT } from '@app/kit';
import { feeFor } from '../wallet/amount';

/** What a withdrawal of `raw` would cost and pay, as the server computes it (fee rounded up to a fen). */
export function withdrawQuote(raw: number, info: { fee_bp: number; fen_per_coin: number }) {
  const perFen = Math.max(1, Math.floor(MONEY_UNIT / Math.max(1, info.fen_per_coin)));
  const fee = feeFor(raw, info.fee_bp, perFen);
  const payout = Math.max(0, raw - fee);
  return { fee, payout, payoutFen: Math.floor((payout * info.fen_per_coin) / MONEY_UNIT) };
}
