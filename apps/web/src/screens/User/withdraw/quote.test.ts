import { describe, expect, it } from 'vitest';
import { withdrawQuote } from './quote';

describe('withdraw quote', () => {
  it('takes the fee (rounded up to a fen) and pays the rest in fen', () => {
    // 100 coins at 2 % with 10 fen a coin: fee 2 coins, payout 98 coins = 980 fen
    expect(withdrawQuote(1_000_000, { fee_bp: 200, fen_per_coin: 10 })).toEqual({ fee: 20_000, payout: 980_000, payoutFen: 980 });
    // 101 coins at 3 %: 3.03 coins → 3.1 coins (a fen is 0.1 coin)
    expect(withdrawQuote(1_010_000, { fee_bp: 300, fen_per_coin: 10 })).toEqual({ fee: 31_000, payout: 979_000, payoutFen: 979 });
    expect(withdrawQuote(500_000, { fee_bp: 0, fen_per_coin: 100 })).toEqual({ fee: 0, payout: 500_000, payoutFen: 5000 });
  });
});
