import { MONEY_UNIT } from '@app/kit';
import { bool, int, list, num, oneOf, section, text } from '../../config/setting.js';

const DEFAULT_CHECK_IN_REWARDS = [1, 2, 3, 4, 5, 6, 10];

/** The sandbox secret of a local run: public, so a production start refuses it. */
export const DEFAULT_SANDBOX_SECRET = 'sandbox-dev-secret';
/** The payment providers this server has; `none` turns recharge off. */
export const PAY_PROVIDERS = ['sandbox', 'none'] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];

/** Money rules of the wallet; every one has a working default (docs/decisions/0065-wallet-settings.md). */
export interface FinanceConfig {
  /** Share of a gift credited to the receiver, basis points; the rest is platform revenue. */
  giftAnchorShareBp: number;
  /** Coins credited per unit of gift earnings exchanged, basis points (≤ 10000: an exchange never mints money). */
  exchangeRateBp: number;
  /** Smallest withdrawal, money units. */
  withdrawMin: number;
  /** Withdrawal fee, basis points of the amount. */
  withdrawFeeBp: number;
  /** Payment provider for new recharge orders. */
  payProvider: PayProvider;
  /** HMAC-SHA256 secret the sandbox provider signs its callbacks with. */
  paySandboxSecret: string;
  /** The operator's explicit opt-in to the sandbox under NODE_ENV=production (a staging deployment). */
  paySandboxInProduction: boolean;
  /** A callback whose timestamp is further than this from now is refused as stale or replayed, seconds. */
  payCallbackWindowS: number;
  /** Check-in reward by streak day (1…n, then again from 1), money units. */
  checkInRewards: number[];
  /** Demo members sending gifts over a fresh demo database's first minutes (with SEED_DEMO; `auto`: unless NODE_ENV=test). */
  demoGifts: 'auto' | 'on' | 'off';
  /** A send worth at least this (money units) plays the full-screen animation in the room. */
  giftBigEffect: number;
  /** What joining a fan club costs (a gift to the anchor), money units. */
  fanClubJoinPrice: number;
}

const coins = (s: string): number | { error: string } => {
  const n = Number(s);
  return Number.isInteger(n) && n >= 0 && n <= 1_000_000 ? n * MONEY_UNIT : { error: 'must be whole coins (0–1000000)' };
};
const bp = (fraction: number) => Math.round(fraction * 10_000);

/** The wallet settings: one section of the server's configuration schema. */
export const financeSettings = section(
  {
    GIFT_ANCHOR_SHARE: num(0.5, "Share of a gift's value credited to the receiver's gift earnings (0–1); the rest is platform revenue", { min: 0, max: 1 }),
    EXCHANGE_RATE: num(1, 'Gold coins credited per coin of gift earnings exchanged (0–1]', { min: 0, max: 1, open: true }),
    WITHDRAW_MIN_COINS: int(100, 'Smallest withdrawal, in gold coins', { max: 1_000_000 }),
    WITHDRAW_FEE_RATE: num(0.02, 'Withdrawal fee as a fraction of the amount (rounded up to a fen)', { min: 0, max: 0.5 }),
    PAY_PROVIDER: oneOf(
      PAY_PROVIDERS,
      'sandbox',
      'Payment provider of new recharge orders: `sandbox` (the built-in checkout page, which pays any order for free) or `none` (recharge off)',
    ),
    PAY_SANDBOX_SECRET: text(
      DEFAULT_SANDBOX_SECRET,
      DEFAULT_SANDBOX_SECRET,
      'HMAC-SHA256 secret of the sandbox provider callbacks (a production start refuses the default)',
    ),
    PAY_SANDBOX_IN_PRODUCTION: bool(false, '0', '`1` lets a NODE_ENV=production start use the sandbox provider (a staging deployment; refused otherwise)'),
    PAY_CALLBACK_WINDOW_S: int(600, 'Payment callbacks older or newer than this many seconds are refused', { min: 1 }),
    CHECK_IN_REWARDS: list(
      DEFAULT_CHECK_IN_REWARDS.map((c) => c * MONEY_UNIT),
      DEFAULT_CHECK_IN_REWARDS.join(','),
      'Check-in reward in gold coins for streak day 1, 2, … (then again from day 1)',
      coins,
    ),
    DEMO_GIFTS: oneOf(
      ['auto', 'on', 'off'],
      'auto',
      "`off` stops the demo members sending gifts over a fresh demo database's first minutes (`auto`: on unless NODE_ENV=test)",
    ),
    GIFT_BIG_EFFECT_COINS: int(500, 'A gift send worth at least this many gold coins plays its full-screen animation in the room', { min: 1, max: 1_000_000 }),
    FAN_CLUB_JOIN_COINS: int(1, "Gold coins a fan club's join gift costs (goes to the anchor like a gift)", { min: 1, max: 100_000 }),
  },
  (v, fail): FinanceConfig => {
    if (v.CHECK_IN_REWARDS.length === 0 || v.CHECK_IN_REWARDS.length > 31) fail('CHECK_IN_REWARDS', 'CHECK_IN_REWARDS must list 1–31 rewards');
    return {
      giftAnchorShareBp: bp(v.GIFT_ANCHOR_SHARE),
      exchangeRateBp: bp(v.EXCHANGE_RATE),
      withdrawMin: v.WITHDRAW_MIN_COINS * MONEY_UNIT,
      withdrawFeeBp: bp(v.WITHDRAW_FEE_RATE),
      payProvider: v.PAY_PROVIDER,
      paySandboxSecret: v.PAY_SANDBOX_SECRET,
      paySandboxInProduction: v.PAY_SANDBOX_IN_PRODUCTION,
      payCallbackWindowS: v.PAY_CALLBACK_WINDOW_S,
      checkInRewards: v.CHECK_IN_REWARDS,
      demoGifts: v.DEMO_GIFTS,
      giftBigEffect: v.GIFT_BIG_EFFECT_COINS * MONEY_UNIT,
      fanClubJoinPrice: v.FAN_CLUB_JOIN_COINS * MONEY_UNIT,
    };
  },
);
