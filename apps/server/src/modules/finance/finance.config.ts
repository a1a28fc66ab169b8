import { MONEY_UNIT } from '@app/kit';

type Env = Record<string, string | undefined>;

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
}

/** The wallet's environment variables, in the shape of the server's ENV_VARS table (merged into it with the others). */
export const FINANCE_ENV_VARS = [
  { name: 'GIFT_ANCHOR_SHARE', default: '0.5', doc: "Share of a gift's value credited to the receiver's gift earnings (0–1); the rest is platform revenue" },
  { name: 'EXCHANGE_RATE', default: '1', doc: 'Gold coins credited per coin of gift earnings exchanged (0–1]' },
  { name: 'WITHDRAW_MIN_COINS', default: '100', doc: 'Smallest withdrawal, in gold coins' },
  { name: 'WITHDRAW_FEE_RATE', default: '0.02', doc: 'Withdrawal fee as a fraction of the amount (rounded up to a fen)' },
  { name: 'PAY_PROVIDER', default: 'sandbox', doc: 'Payment provider of new recharge orders: `sandbox` (the built-in checkout page, which pays any order for free) or `none` (recharge off)' },
  { name: 'PAY_SANDBOX_SECRET', default: DEFAULT_SANDBOX_SECRET, doc: 'HMAC-SHA256 secret of the sandbox provider callbacks (a production start refuses the default)' },
  { name: 'PAY_SANDBOX_IN_PRODUCTION', default: '0', doc: '`1` lets a NODE_ENV=production start use the sandbox provider (a staging deployment; refused otherwise)' },
  { name: 'PAY_CALLBACK_WINDOW_S', default: '600', doc: 'Payment callbacks older or newer than this many seconds are refused' },
  { name: 'CHECK_IN_REWARDS', default: '1,2,3,4,5,6,10', doc: 'Check-in reward in gold coins for streak day 1, 2, … (then again from day 1)' },
] as const;

const fraction = (env: Env, name: string, d: number, opts: { min: number; max: number; minExclusive?: boolean }): number => {
  const v = env[name];
  if (v === undefined || v === '') return Math.round(d * 10_000);
  const n = Number(v);
  if (!Number.isFinite(n) || n > opts.max || n < opts.min || (opts.minExclusive && n === opts.min)) {
    throw new Error(`${name} must be a number in ${opts.minExclusive ? '(' : '['}${opts.min}, ${opts.max}], got "${v}"`);
  }
  return Math.round(n * 10_000);
};

const wholeCoins = (v: string, name: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw new Error(`${name} must be whole coins (0–1000000), got "${v}"`);
  return n * MONEY_UNIT;
};

/** Reads the wallet settings (process.env by default). */
export function loadFinanceConfig(env: Env = process.env): FinanceConfig {
  const rewards = (env.CHECK_IN_REWARDS || '1,2,3,4,5,6,10').split(',').map((s) => wholeCoins(s.trim(), 'CHECK_IN_REWARDS'));
  if (rewards.length === 0 || rewards.length > 31) throw new Error('CHECK_IN_REWARDS must list 1–31 rewards');
  const window = Number(env.PAY_CALLBACK_WINDOW_S || '600');
  if (!Number.isInteger(window) || window < 1) throw new Error('PAY_CALLBACK_WINDOW_S must be a positive integer');
  const payProvider = (env.PAY_PROVIDER || 'sandbox') as PayProvider;
  if (!PAY_PROVIDERS.includes(payProvider)) throw new Error(`PAY_PROVIDER must be one of ${PAY_PROVIDERS.join(', ')}, got "${env.PAY_PROVIDER}"`);
  return {
    giftAnchorShareBp: fraction(env, 'GIFT_ANCHOR_SHARE', 0.5, { min: 0, max: 1 }),
    exchangeRateBp: fraction(env, 'EXCHANGE_RATE', 1, { min: 0, max: 1, minExclusive: true }),
    withdrawMin: wholeCoins(env.WITHDRAW_MIN_COINS || '100', 'WITHDRAW_MIN_COINS'),
    withdrawFeeBp: fraction(env, 'WITHDRAW_FEE_RATE', 0.02, { min: 0, max: 0.5 }),
    payProvider,
    paySandboxSecret: env.PAY_SANDBOX_SECRET || DEFAULT_SANDBOX_SECRET,
    paySandboxInProduction: ['1', 'true', 'yes', 'on'].includes((env.PAY_SANDBOX_IN_PRODUCTION ?? '').toLowerCase()),
    payCallbackWindowS: window,
    checkInRewards: rewards,
  };
}
