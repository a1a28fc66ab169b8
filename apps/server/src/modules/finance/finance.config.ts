import { MONEY_UNIT } from '@app/kit';
import { bool, int, list, num, oneOf, optionalText, section, text } from '../../config/setting.js';
import { wechatPayConfig, wechatPaySettings, type WechatPayConfig } from './wechatPay.config.js';

const DEFAULT_CHECK_IN_REWARDS = [1, 2, 3, 4, 5, 6, 10];

/** The sandbox secret of a local run: public, so a production start refuses it. */
export const DEFAULT_SANDBOX_SECRET = 'sandbox-dev-secret';
/** The payment providers this server has (PAY_PROVIDERS lists those it offers; none: recharge off). */
export const PAY_PROVIDERS = ['sandbox', 'stripe', 'alipay', 'wechat'] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];
/** Stripe's API origin (STRIPE_API_BASE points the SDK elsewhere: a stand-in in tests). */
export const STRIPE_API = 'https://api.stripe.com';

/** Stripe's keys and where its API is (decision 0195). */
export interface StripeConfig {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  api: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Alipay's gateway (ALIPAY_GATEWAY points the SDK elsewhere: a stand-in in tests). */
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** Alipay's keys, its gateway and where its notifies come (decision 0206). */
export interface AlipayConfig {
  appId: string | undefined;
  /** The application's RSA private key (PEM, PKCS#1 or PKCS#8, or its bare base64): signs every request. */
  privateKey: string | undefined;
  /** Alipay's RSA public key (PEM or bare base64): verifies notifies and answers. */
  alipayPublicKey: string | undefined;
  gateway: string;
  /** Origin prefixed to the notify and return paths Alipay is given ('' : PUBLIC_URL). */
  notifyBase: string;
}

/** PAY_PROVIDERS, or the one provider of the older PAY_PROVIDER (`none`: recharge off). */
const providersOf = (list: string | undefined, one: string | undefined): PayProvider[] | { error: string } => {
  const names = (list ?? one ?? 'sandbox')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p && p !== 'none');
  const bad = names.filter((p) => !(PAY_PROVIDERS as readonly string[]).includes(p));
  if (bad.length > 0) return { error: `names unknown providers (${bad.join(', ')}); known: ${PAY_PROVIDERS.join(', ')}, none` };
  return [...new Set(names as PayProvider[])];
};

const apiBase = (v: string): StripeConfig['api'] | { error: string } => {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return { error: 'must be an http(s) origin' };
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || (u.pathname !== '/' && u.pathname !== '')) return { error: 'must be an http(s) origin' };
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
};

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
  /** The payment providers recharge offers (empty: recharge off); the web app orders them per language. */
  payProviders: PayProvider[];
  stripe: StripeConfig;
  alipay: AlipayConfig;
  wechat: WechatPayConfig;
  /** A recharge order still unpaid this long after it was made is closed, here and at its provider, ms. */
  rechargeOrderTtlMs: number;
  /** Hours between two reconciliations of each provider's settlements against the ledger (0: none). */
  payReconcileHours: number;
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
    PAY_PROVIDERS: optionalText(
      'sandbox',
      'Payment providers the recharge page offers, comma separated: `sandbox` (the built-in checkout page, which pays any order for free), `stripe` (cards, Apple Pay, Google Pay: STRIPE_*), `alipay` (Alipay: ALIPAY_*), `wechat` (WeChat Pay: H5 in phone browsers, JSAPI inside WeChat with WECHAT_PAY_APPSECRET: WECHAT_PAY_*); `none`: recharge off',
    ),
    PAY_PROVIDER: optionalText(
      '(unset: PAY_PROVIDERS)',
      'The older one-provider form of PAY_PROVIDERS (`sandbox`, `stripe`, `alipay`, `wechat` or `none`); refused beside PAY_PROVIDERS',
    ),
    STRIPE_SECRET_KEY: optionalText(
      '(required with stripe)',
      'Stripe secret API key (`sk_live_…`; `sk_test_…` in test mode); a restricted key needs Checkout Sessions and Refunds write',
    ),
    STRIPE_WEBHOOK_SECRET: optionalText(
      '(required with stripe)',
      'Signing secret (`whsec_…`) of the webhook endpoint registered with Stripe for `<PUBLIC_URL>/api/pay/stripe/webhook`',
    ),
    STRIPE_API_BASE: text(STRIPE_API, STRIPE_API, "Origin of Stripe's API the SDK calls (a test points it at a stand-in)"),
    ALIPAY_APP_ID: optionalText('(required with alipay)', 'APPID of the Alipay open-platform application that takes the payments'),
    ALIPAY_PRIVATE_KEY: optionalText(
      '(required with alipay)',
      "The application's RSA2 private key (PEM, or its base64 body as Alipay's key tool writes it): signs every request to Alipay",
    ),
    ALIPAY_PUBLIC_KEY: optionalText(
      '(required with alipay)',
      "Alipay's public key of the application (PEM or its base64 body): verifies each notify and each answer (RSA2)",
    ),
    ALIPAY_GATEWAY: text(ALIPAY_GATEWAY, ALIPAY_GATEWAY, "Alipay's gateway URL the SDK calls and sends payers to (a test points it at a stand-in)", (v) =>
      /^https?:\/\/[^/]+/.test(v) ? undefined : 'must be an http(s) URL',
    ),
    ALIPAY_NOTIFY_BASE: text(
      '',
      '(unset: PUBLIC_URL)',
      'Origin Alipay sends its notifies to (`<origin>/api/pay/alipay/notify`) and the payer back to (`/api/pay/alipay/return`)',
      (v) => (/^https?:\/\/[^/]+\/*$/.test(v) ? undefined : 'must be an http(s) origin'),
    ),
    ...wechatPaySettings,
    RECHARGE_ORDER_TTL_MIN: int(
      30,
      'A recharge order unpaid this many minutes after it was made is closed (a Stripe Checkout Session is expired, an Alipay trade or a WeChat Pay order closed)',
      {
        min: 1,
        max: 1440,
      },
    ),
    PAY_RECONCILE_HOURS: int(24, "Hours between two reconciliations of each provider's paid orders against the ledger's credits (0: none)", { max: 24 * 7 }),
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
    FAN_CLUB_JOIN_COINS: int(1, "Gold coins a fan club's join gift costs (goes to the anchor like a gift)", { min: 1, max: 100_000 }),
  },
  (v, fail): FinanceConfig => {
    if (v.PAY_PROVIDERS !== undefined && v.PAY_PROVIDER !== undefined) fail('PAY_PROVIDER', 'PAY_PROVIDER is the older form of PAY_PROVIDERS: set only one');
    const providers = providersOf(v.PAY_PROVIDERS, v.PAY_PROVIDER);
    if ('error' in providers) fail(v.PAY_PROVIDERS !== undefined ? 'PAY_PROVIDERS' : 'PAY_PROVIDER', providers.error);
    const api = apiBase(v.STRIPE_API_BASE);
    if ('error' in api) fail('STRIPE_API_BASE', `${api.error}, got "${v.STRIPE_API_BASE}"`);
    if (v.CHECK_IN_REWARDS.length === 0 || v.CHECK_IN_REWARDS.length > 31) fail('CHECK_IN_REWARDS', 'CHECK_IN_REWARDS must list 1–31 rewards');
    return {
      giftAnchorShareBp: bp(v.GIFT_ANCHOR_SHARE),
      exchangeRateBp: bp(v.EXCHANGE_RATE),
      withdrawMin: v.WITHDRAW_MIN_COINS * MONEY_UNIT,
      withdrawFeeBp: bp(v.WITHDRAW_FEE_RATE),
      payProviders: 'error' in providers ? [] : providers,
      stripe: { secretKey: v.STRIPE_SECRET_KEY, webhookSecret: v.STRIPE_WEBHOOK_SECRET, api: 'error' in api ? { host: '', port: 0, protocol: 'https' } : api },
      alipay: {
        appId: v.ALIPAY_APP_ID,
        privateKey: v.ALIPAY_PRIVATE_KEY,
        alipayPublicKey: v.ALIPAY_PUBLIC_KEY,
        gateway: v.ALIPAY_GATEWAY,
        notifyBase: v.ALIPAY_NOTIFY_BASE.replace(/\/+$/, ''),
      },
      wechat: wechatPayConfig(v, fail),
      rechargeOrderTtlMs: v.RECHARGE_ORDER_TTL_MIN * 60_000,
      payReconcileHours: v.PAY_RECONCILE_HOURS,
      paySandboxSecret: v.PAY_SANDBOX_SECRET,
      paySandboxInProduction: v.PAY_SANDBOX_IN_PRODUCTION,
      payCallbackWindowS: v.PAY_CALLBACK_WINDOW_S,
      checkInRewards: v.CHECK_IN_REWARDS,
      demoGifts: v.DEMO_GIFTS,
      fanClubJoinPrice: v.FAN_CLUB_JOIN_COINS * MONEY_UNIT,
    };
  },
);
