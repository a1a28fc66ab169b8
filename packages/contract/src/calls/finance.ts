import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { INT4_MAX, line, name, opaque } from '../text.js';
import { id, idNumber, names, strict, userBrief } from './common.js';

/*
 * Wallet, recharge, gifts, gift earnings, exchange, withdrawals, check-in and rankings (issue 4).
 *
 * Money: every `amount`, `balance`, `fee`, `price`, `bonus`, `coin` field is an integer in 1/10000
 * of a gold coin (`MONEY_UNIT`, @app/kit `formatMoney` shows it). Real money (what a payer pays in
 * CNY, what a withdrawal pays out) is in fen and named `*_fen`. Rates are basis points (`*_bp`,
 * 10000 = 100 %).
 *
 * A user holds four balances: `coin` (spendable gold coins), `gift_pending` (gift earnings not yet
 * collected), `gift_earnings` (collected earnings: exchangeable into coins or withdrawable) and
 * `frozen` (withdrawals waiting for review). Every mutating call takes `request_id`, a key the
 * client makes once per user action (a UUID, say) and reuses on retry: the same key moves money
 * once and answers the first result again.
 */

/** Largest amount any call accepts: 10^8 coins (keeps every sum far inside 2^53). */
export const MAX_AMOUNT = 1_000_000_000_000;

/** Money in 1/10000 coin, as answered. */
export const money = z.number().int().describe('gold coins × 10000 (MONEY_UNIT)');
/** Money in 1/10000 coin, as sent: a positive integer, at most MAX_AMOUNT. */
export const amountInput = z.number({ error: '金额必须是数字' }).int('金额必须是整数').positive('金额必须大于0').max(MAX_AMOUNT, '金额太大');

/** Idempotency key of a mutating call: 8–64 of `A-Z a-z 0-9 _ -`, fresh per user action, reused on retry. */
export const requestId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'request_id 应为 8–64 位字母、数字、_ 或 -')
  .describe('idempotency key: the same key moves money once and answers the first result');

/** Balances of the caller. */
export const wallet = z.object({
  coin: money.describe('spendable gold coins (× 10000)'),
  gift_pending: money.describe('gift earnings not yet collected (receive_gift_money moves them to gift_earnings)'),
  gift_earnings: money.describe('collected earnings: exchangeable into coins or withdrawable'),
  frozen: money.describe('withdrawals waiting for review'),
});
export type Wallet = z.infer<typeof wallet>;

/** The platform's money rules, so screens can show them (and pre-check input). */
export const walletRules = z.object({
  gift_anchor_share_bp: z.number().int().describe('share of a gift credited to the receiver, basis points (5000 = 50 %)'),
  exchange_rate_bp: z.number().int().describe('coins credited per unit of earnings exchanged, basis points (10000 = 1:1)'),
  withdraw_min: money.describe('smallest withdrawal'),
  withdraw_step: money.describe('withdrawals are multiples of this (one whole coin)'),
  withdraw_fee_bp: z.number().int().describe('withdrawal fee, basis points of the amount (rounded up to a fen)'),
  fen_per_coin: z.number().int().describe('CNY fen per gold coin (10: 1 元 = 10 coins)'),
});
export type WalletRules = z.infer<typeof walletRules>;

/** Kinds of wallet movement; the `type` of a user_money_change record. */
export const moneyChangeType = z.enum([
  'recharge', // payment credited to coin
  'recharge_bonus', // package bonus credited to coin
  'gift', // sender: coin −; receiver: gift_pending + (the whole gift value)
  'gift_fee', // receiver: gift_pending − (the platform's share of the gift)
  'collect', // gift_pending → gift_earnings
  'exchange', // gift_earnings − ; coin +
  'exchange_fee', // gift_earnings − (the part not credited when the rate is below 1:1)
  'withdraw_freeze', // gift_earnings → frozen
  'withdraw_payout', // frozen − (paid out to the user's account)
  'withdraw_fee', // frozen − (withdrawal fee)
  'withdraw_refund', // frozen → gift_earnings (rejected withdrawal)
  'recharge_refund', // coin − (a refunded recharge: its coins and bonus taken back)
  'check_in', // daily check-in reward to coin
  'game_in', // coin → the game wallet on the games host
  'game_out', // the game wallet → coin (what was moved in, minus entries, plus rewards)
  'video_buy', // buyer: coin −; uploader: gift_pending + (the whole price)
  'video_fee', // uploader: gift_pending − (the platform's share of the sale)
  'envelope_send', // sender: coin → the envelope escrow (a red envelope)
  'envelope_grab', // grabber: the envelope escrow → coin (their share)
  'envelope_refund', // sender: the envelope escrow → coin (what was not grabbed in 24 h)
  'luckybag_in', // anchor: coin → the lucky bag escrow (a bag's prize)
  'luckybag_win', // winner: the lucky bag escrow → coin (their share of a coin prize)
  'luckybag_refund', // anchor: the lucky bag escrow → coin (what was not won)
  'adjust', // correction by an operator
]);
export type MoneyChangeType = z.infer<typeof moneyChangeType>;

/**
 * The wallet records' kind filter: one kind, or several separated by commas, so one tab gathers
 * related movements (a recharge and its bonus; a gift and the platform's share of it).
 */
export const moneyChangeTypes = line()
  .max(400)
  .transform((s) => s.split(','))
  .pipe(z.array(moneyChangeType).min(1))
  .describe('one kind, or several separated by commas (recharge,recharge_bonus)');

/** Which of the user's balances a record moved. */
export const walletAccount = z.enum(['coin', 'gift_pending', 'gift_earnings', 'frozen']);
export type WalletAccount = z.infer<typeof walletAccount>;

/**
 * What a record's text is made of, by its type: check_in {day}; recharge / recharge_bonus {coins};
 * gift / gift_fee {gift_id, gift, count}; video_buy / video_fee {title}; withdraw_freeze {platform,
 * account}; withdraw_refund / adjust {reason}; game_in / game_out {game}. Names are zh-CN (gift),
 * users' words (title, reason) as written.
 */
export const recordParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type RecordParams = z.infer<typeof recordParams>;

/** One movement of one of the caller's balances (a ledger entry). */
export const moneyChange = z.object({
  id: z.number().int(),
  type: moneyChangeType,
  account: walletAccount,
  amount: z.number().int().describe('signed: + credited, − debited (× 10000)'),
  balance: money.describe('that balance right after this movement'),
  remark: z.string().describe("what it was, in zh-CN (gift × count, package name, …); clients render `type` + `params` in the reader's language"),
  params: recordParams,
  ref: z.string().describe('the order number / record id it belongs to ("" when none)'),
  created_at: isoTime,
});
export type MoneyChange = z.infer<typeof moneyChange>;

/** A recharge package of finance/recharge/category. */
export const rechargePackage = z.object({
  id: z.number().int(),
  name: z.string().describe('e.g. "60金币"'),
  names,
  price_fen: z.number().int().describe('what the payer pays, CNY fen'),
  amount: money.describe('coins credited (× 10000)'),
  bonus: money.describe('extra coins credited on top (× 10000), 0 when none'),
  tag: z.string().describe('badge text such as "热门" / "超值", "" when none'),
  tag_names: names.describe('the badge text in other languages'),
});
export type RechargePackage = z.infer<typeof rechargePackage>;

export const rechargeStatus = z.enum(['pending', 'paid', 'cancelled', 'refunded']);
export type RechargeStatus = z.infer<typeof rechargeStatus>;

/** A recharge order. */
export const rechargeOrder = z.object({
  order_no: z.string(),
  package_id: z.number().int(),
  name: z.string(),
  price_fen: z.number().int(),
  amount: money,
  bonus: money,
  provider: z.string().describe('payment provider: "sandbox", "stripe", "alipay" or "wechat"'),
  status: rechargeStatus.describe('pending → paid (coins credited) or cancelled (by the payer, or unpaid past its time); paid → refunded (coins taken back)'),
  pay_url: z.string().describe('open this to pay (the provider\'s checkout page); "" once the order is no longer pending'),
  created_at: isoTime,
  paid_at: isoTime.nullable(),
});
export type RechargeOrder = z.infer<typeof rechargeOrder>;

/** The payment providers a server may offer (finance/recharge/category lists those configured). */
export const payProvider = z.enum(['sandbox', 'stripe', 'alipay', 'wechat']);
export type PayProviderName = z.infer<typeof payProvider>;

/** Where the sandbox provider serves its checkout page: `${SANDBOX_CHECKOUT_PATH}/<order_no>` (an HTML page, not a JSON call). */
export const SANDBOX_CHECKOUT_PATH = '/api/pay/sandbox/checkout';

/** Alipay's pay page of an order: `${ALIPAY_PAY_PATH}/<order_no>` sends the browser to Alipay's cashier, signed afresh (wap pay on a phone, page pay on a desktop). */
export const ALIPAY_PAY_PATH = '/api/pay/alipay/pay';
/**
 * Alipay → server: its asynchronous notify (a form POST, RSA2-signed with Alipay's key), answered
 * with the text `success` once accepted (not a JSON call: hidden from the OpenAPI document).
 */
export const ALIPAY_NOTIFY_PATH = '/api/pay/alipay/notify';
/** Where Alipay's cashier sends the payer back (`?out_trade_no=…`): the server asks Alipay about the order, then opens the recharge page. */
export const ALIPAY_RETURN_PATH = '/api/pay/alipay/return';
/** WeChat Pay JSAPI's page of an order, opened inside WeChat: `${WECHAT_JSAPI_PATH}/<order_no>` (OAuth first when the payer's openid is unknown, then WeixinJSBridge). */
export const WECHAT_JSAPI_PATH = '/api/pay/wechat/jsapi';
/** Where WeChat's OAuth (`snsapi_base`) sends the payer back with `code` and `state` (not a JSON call). */
export const WECHAT_OAUTH_PATH = '/api/pay/wechat/oauth';

/** A gift effect tier (the gift_tiers rows): what a send whose total reaches it plays in the room. */
export const giftTier = z.object({
  level: z.number().int().describe('0 for the lowest; a send takes the highest tier its total reaches'),
  banner_ms: z.number().int().describe('how long its banner holds after the last combo bump (ms)'),
  banner_style: z.string().describe("the banner's look: plain or gold (a style the app does not know shows plain)"),
  fullscreen: z.boolean().describe("plays the gift's animation over the whole room"),
});
export type GiftTier = z.infer<typeof giftTier>;

/** A gift given (record_gift, gift/send). */
export const giftRecord = z.object({
  id: z.number().int(),
  gift_id: z.number().int(),
  gift_name: z.string(),
  gift_icon: z.string(),
  gift_url: z.string().describe('animation file'),
  count: z.number().int(),
  price: money.describe('unit price at the time (× 10000)'),
  total: money.describe('price × count: what the sender paid'),
  earning: money.describe("receiver's share of total (gift_anchor_share_bp)"),
  combo: z.number().int().describe('1 for a new send; n for the n-th send of the same gift to the same receiver in a row (within a few seconds)'),
  room_id: z.number().int().describe('the live room it was sent in, 0 when none'),
  tier: giftTier.describe('the effect tier its total reached'),
  sender: userBrief,
  receiver: userBrief,
  created_at: isoTime,
});
export type GiftRecord = z.infer<typeof giftRecord>;

/** What a room broadcasts when a gift is sent (the rooms feature carries it in its room channel). */
export const giftSentEvent = z.object({ record: giftRecord });
export type GiftSentEvent = z.infer<typeof giftSentEvent>;

/** One day of gift earnings (China time). */
export const giftDay = z.object({
  date: z.string().describe('YYYY-MM-DD, China time'),
  amount: money.describe('earnings that day (receiver share)'),
  total: money.describe('gift value received that day'),
  count: z.number().int().describe('gifts received (sends, not pieces)'),
});

export const exchangeRecord = z.object({
  id: z.number().int(),
  amount: money.describe('gift earnings spent'),
  coin: money.describe('coins credited'),
  fee: money.describe('amount − coins credited (0 at 1:1)'),
  rate_bp: z.number().int(),
  created_at: isoTime,
});
export type ExchangeRecord = z.infer<typeof exchangeRecord>;

export const withdrawPlatformKind = z.enum(['bank', 'alipay', 'wechat']);
export type WithdrawPlatformKind = z.infer<typeof withdrawPlatformKind>;

export const withdrawPlatform = z.object({
  platform: withdrawPlatformKind,
  name: z.string().describe('银行卡 / 支付宝 / 微信'),
  account_label: z.string().describe('what to ask for: 银行卡号 / 支付宝账号 / 微信号'),
  account_pattern: z.string().describe('regular expression the account must match'),
  enabled: z.boolean(),
});

export const withdrawStatus = z.enum(['pending', 'approved', 'rejected']);
export type WithdrawStatus = z.infer<typeof withdrawStatus>;

export const withdrawal = z.object({
  id: z.number().int(),
  order_no: z.string(),
  platform: withdrawPlatformKind,
  account: z.string().describe('masked: first 4 and last 4 kept'),
  account_name: z.string().describe('payee name, masked'),
  amount: money.describe('taken from gift_earnings (frozen until reviewed)'),
  fee: money,
  payout: money.describe('amount − fee'),
  payout_fen: z.number().int().describe('what is paid to the account, CNY fen'),
  status: withdrawStatus.describe('pending (frozen) → approved (paid out) or rejected (returned to gift_earnings)'),
  reason: z.string().describe('why it was rejected, "" otherwise'),
  created_at: isoTime,
  reviewed_at: isoTime.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/** A withdrawal as the operator sees it: the full account and who asked. */
export const adminWithdrawal = withdrawal.extend({
  account: z.string().describe('full account number (operators only)'),
  account_name: z.string(),
  user: userBrief,
});

export const checkInDay = z.object({
  date: z.string().describe('YYYY-MM-DD, China time'),
  weekday: z.number().int().describe('1 = Monday … 7 = Sunday'),
  checked: z.boolean(),
  reward: money.describe('what was paid that day, or what checking in that day would pay'),
});

export const checkInState = z.object({
  today: z.string().describe('YYYY-MM-DD, China time'),
  checked_today: z.boolean(),
  streak: z.number().int().describe('consecutive days up to today (or yesterday when not yet checked in today)'),
  week: z.array(checkInDay).length(7).describe('this week, Monday first'),
  rewards: z.array(money).describe('reward of streak day 1, 2, … 7 (day 8 starts again at day 1)'),
});
export type CheckInState = z.infer<typeof checkInState>;

export const rankType = z.enum(['wealth', 'charm']).describe('wealth: coins spent on gifts; charm: gift value received');
export const rankPeriod = z.enum(['day', 'week', 'month', 'all']).describe('China-time day, week (from Monday), month, or all time');

export const rankEntry = z.object({
  rank: z.number().int().describe('1-based'),
  user: userBrief,
  amount: money,
});
export type RankEntry = z.infer<typeof rankEntry>;

const paged = pageQuery;

export const financeRoutes = {
  financeWallet: defineRoute({
    method: 'GET',
    path: 'finance/user/wallet',
    auth: 'member',
    tag: 'finance',
    summary: "The caller's balances and the platform's money rules",
    data: wallet.extend({ rules: walletRules }),
  }),
  userMoneyChange: defineRoute({
    method: 'GET',
    path: 'finance/user/user_money_change',
    auth: 'member',
    tag: 'finance',
    summary: 'Wallet records: every movement of the caller’s balances, newest first; filter by kinds and/or account',
    query: paged.extend({ type: moneyChangeTypes.optional(), account: walletAccount.optional() }),
    data: pageOf(moneyChange),
  }),
  rechargeCategory: defineRoute({
    method: 'GET',
    path: 'finance/recharge/category',
    auth: 'session',
    tag: 'finance',
    summary: 'Recharge packages, cheapest first',
    data: z.object({ list: z.array(rechargePackage), providers: z.array(payProvider).describe('payment providers offered (PAY_PROVIDERS)') }),
  }),
  rechargeOrder: defineRoute({
    method: 'POST',
    path: 'finance/recharge/order',
    auth: 'member',
    tag: 'finance',
    summary: 'Create a recharge order for a package; open pay_url to pay. Coins are credited when the provider confirms.',
    body: strict({ request_id: requestId, package_id: id, provider: payProvider.default('sandbox') }),
    data: rechargeOrder,
  }),
  rechargeFetch: defineRoute({
    method: 'GET',
    path: 'finance/recharge/fetch',
    auth: 'member',
    tag: 'finance',
    summary: "Recharge records, newest first; with order_no, that one order (not found when it is someone else's)",
    query: paged.extend({ order_no: opaque().max(40).optional(), status: rechargeStatus.optional() }),
    data: pageOf(rechargeOrder),
  }),
  sandboxPayCallback: defineRoute({
    method: 'POST',
    path: '/api/pay/sandbox/callback',
    auth: 'public',
    tag: 'finance',
    summary:
      'Sandbox provider → server: payment result, HMAC-SHA256 signed (hex) over "amount_fen|nonce|order_no|status|timestamp|trade_no" with PAY_SANDBOX_SECRET. A forged, stale or amount-changed callback is refused (HTTP 400) and logged; a duplicate credits nothing more.',
    body: strict({
      order_no: opaque().min(1).max(40),
      trade_no: opaque().min(1).max(64).describe("provider's transaction id"),
      amount_fen: z.number().int().nonnegative().max(INT4_MAX),
      status: z.enum(['paid', 'cancelled']),
      timestamp: z.number().int().describe('unix seconds; refused when more than 10 minutes off'),
      nonce: opaque().min(8).max(64),
      sign: z.string().regex(/^[0-9a-f]{64}$/),
    }),
    data: z.object({ order_no: z.string(), status: rechargeStatus }),
  }),
  stripePayWebhook: defineRoute({
    method: 'POST',
    path: '/api/pay/stripe/webhook',
    auth: 'public',
    tag: 'finance',
    summary:
      'Stripe → server: a webhook event (register this URL with Stripe for checkout.session.completed, checkout.session.async_payment_succeeded and checkout.session.expired). The raw body is verified against the `Stripe-Signature` header (t=…,v1=… HMAC-SHA256 with STRIPE_WEBHOOK_SECRET) before anything is read; a forged, stale (PAY_CALLBACK_WINDOW_S), unknown-order, wrong-amount or wrong-currency event is refused (HTTP 400) and logged; a repeated one credits nothing more.',
    body: z.looseObject({ id: opaque().min(1).max(255), type: opaque().min(1).max(100) }),
    data: z.object({ order_no: z.string().describe('"" for an event that concerns no order'), status: rechargeStatus.or(z.literal('ignored')) }),
  }),
  wechatPayNotify: defineRoute({
    method: 'POST',
    path: '/api/pay/wechat/notify',
    auth: 'public',
    tag: 'finance',
    summary:
      'WeChat Pay → server: a payment notify (the notify_url of every H5 order). The raw body is verified against the `Wechatpay-Signature` header (SHA256-RSA2048 over "Wechatpay-Timestamp\\nWechatpay-Nonce\\nbody\\n" with the platform key that `Wechatpay-Serial` names), a timestamp further than PAY_CALLBACK_WINDOW_S from now is refused as a replay, and the AEAD_AES_256_GCM resource is decrypted with the APIv3 key; a forged, stale, unknown-order or wrong-amount notify is refused (HTTP 400, which WeChat Pay retries later) and logged; HTTP 200 acknowledges, and a repeated notify credits nothing more.',
    body: z.looseObject({ id: opaque().min(1).max(64), event_type: opaque().min(1).max(64), resource: z.looseObject({}) }),
    data: z.object({ order_no: z.string().describe('"" for a notify that concerns no payment'), status: rechargeStatus.or(z.literal('ignored')) }),
  }),
  withdrawPlatform: defineRoute({
    method: 'GET',
    path: 'finance/withdrawals/platform',
    auth: 'member',
    tag: 'finance',
    summary: 'Where earnings can be withdrawn to, with the limits and the fee, and what the caller can withdraw now',
    data: z.object({
      list: z.array(withdrawPlatform),
      withdrawable: money.describe('gift_earnings balance'),
      min_amount: money,
      step: money,
      fee_bp: z.number().int(),
      fen_per_coin: z.number().int(),
    }),
  }),
  withdrawOrder: defineRoute({
    method: 'POST',
    path: 'finance/withdrawals/order',
    auth: 'member',
    tag: 'finance',
    summary: 'Ask to withdraw gift earnings: the amount is frozen until an operator approves (paid out) or rejects (returned)',
    body: strict({
      request_id: requestId,
      platform: withdrawPlatformKind,
      account: line().trim().min(4, '请输入收款账号').max(64),
      account_name: name().trim().min(1, '请输入收款人姓名').max(32),
      amount: amountInput.describe('whole coins (a multiple of withdraw step), at least the minimum'),
    }),
    data: withdrawal,
  }),
  withdrawFetch: defineRoute({
    method: 'GET',
    path: 'finance/withdrawals/fetch',
    auth: 'member',
    tag: 'finance',
    summary: "Withdrawal records, newest first; with id, that one (not found when it is someone else's)",
    query: paged.extend({ id: id.optional(), status: withdrawStatus.optional() }),
    data: pageOf(withdrawal),
  }),
  recordGift: defineRoute({
    method: 'GET',
    path: 'finance/user/record_gift',
    auth: 'member',
    tag: 'finance',
    summary: 'Gifts the caller received (default) or sent, newest first',
    query: paged.extend({ direction: z.enum(['received', 'sent']).default('received') }),
    data: pageOf(giftRecord),
  }),
  receiveGiftMoney: defineRoute({
    method: 'POST',
    path: 'finance/user/receive_gift_money',
    auth: 'member',
    tag: 'finance',
    summary: 'Collect gift earnings: moves the whole gift_pending balance to gift_earnings (collected: 0 when nothing is pending)',
    body: strict({ request_id: requestId }),
    data: z.object({ collected: money, wallet }),
  }),
  statisticsGiftMoney: defineRoute({
    method: 'GET',
    path: 'finance/user/statistics_gift_money',
    auth: 'member',
    tag: 'finance',
    summary: 'Gift earnings per China-time day for the last 7 or 30 days (oldest first, every day present), with totals',
    query: z.object({
      days: z.coerce
        .number()
        .int()
        .refine((d) => d === 7 || d === 30, 'days 只能是 7 或 30')
        .default(7),
    }),
    data: z.object({
      days: z.number().int(),
      list: z.array(giftDay),
      total_amount: money.describe('earnings over the period'),
      total_count: z.number().int(),
      wallet,
    }),
  }),
  exchangeOrder: defineRoute({
    method: 'POST',
    path: 'finance/exchange/order',
    auth: 'member',
    tag: 'finance',
    summary: 'Exchange collected gift earnings into gold coins at exchange_rate_bp',
    body: strict({ request_id: requestId, amount: amountInput.describe('gift earnings to exchange (× 10000)') }),
    data: exchangeRecord.extend({ wallet }),
  }),
  exchangeFetch: defineRoute({
    method: 'GET',
    path: 'finance/exchange/fetch',
    auth: 'member',
    tag: 'finance',
    summary: 'Exchange records, newest first',
    query: paged,
    data: pageOf(exchangeRecord),
  }),
  giftSend: defineRoute({
    method: 'POST',
    path: 'gift/send',
    auth: 'member',
    tag: 'finance',
    summary:
      "Send a gift: debits price × count from the caller's coins and credits the receiver's gift earnings (their share) in one transaction. Insufficient coins answer BALANCE_NOT_ENOUGH (offer recharge).",
    body: strict({
      request_id: requestId,
      room_id: z.number().int().nonnegative().max(INT4_MAX).default(0).describe('the live room (0: outside a room)'),
      gift_id: idNumber,
      count: z.number().int('数量必须是整数').min(1, '数量至少为1').max(9999, '数量最多9999'),
      receiver_id: idNumber.describe("the receiver's user id (the anchor or a co-host)"),
    }),
    data: z.object({ record: giftRecord, coin: money.describe("the sender's coin balance after") }),
  }),
  checkInInfo: defineRoute({
    method: 'GET',
    path: 'user/activity/check_in',
    auth: 'member',
    tag: 'finance',
    summary: "Daily check-in: this week's days, today's state and the streak",
    data: checkInState,
  }),
  checkIn: defineRoute({
    method: 'POST',
    path: 'user/activity/check_in',
    auth: 'member',
    tag: 'finance',
    summary: 'Check in for today (China time), once a day; the streak reward is paid in coins. A second check-in the same day answers ALREADY_CHECKED_IN.',
    body: strict({ request_id: requestId }),
    data: checkInState.extend({ reward: money.describe('paid by this check-in'), coin: money.describe('coin balance after') }),
  }),
  rankFetch: defineRoute({
    method: 'GET',
    path: 'rank/fetch',
    auth: 'public',
    tag: 'finance',
    summary: "Rankings by gifts: top N for the type and period, and the caller's own place (null when anonymous)",
    query: z.object({
      type: rankType.default('wealth'),
      period: rankPeriod.default('day'),
      size: z.coerce.number().int().min(1).max(100).default(20),
    }),
    data: z.object({
      type: rankType,
      period: rankPeriod,
      start: isoTime.nullable().describe('start of the period (null for all)'),
      list: z.array(rankEntry),
      me: z.object({ rank: z.number().int().nullable().describe('null when not ranked'), amount: money, user: userBrief }).nullable(),
    }),
  }),
  adminWithdrawals: defineRoute({
    method: 'GET',
    path: '/api/admin/withdrawals',
    auth: 'operator',
    tag: 'admin',
    summary: 'Withdrawals to review (default pending), oldest first',
    query: paged.extend({ status: withdrawStatus.default('pending') }),
    data: pageOf(adminWithdrawal),
  }),
  adminWithdrawApprove: defineRoute({
    method: 'POST',
    path: '/api/admin/withdrawals/approve',
    auth: 'operator',
    tag: 'admin',
    summary: 'Approve a pending withdrawal: the frozen amount is paid out (fee to the platform)',
    body: strict({ request_id: requestId, id }),
    data: adminWithdrawal,
  }),
  adminWithdrawReject: defineRoute({
    method: 'POST',
    path: '/api/admin/withdrawals/reject',
    auth: 'operator',
    tag: 'admin',
    summary: "Reject a pending withdrawal: the frozen amount returns to the user's gift_earnings",
    body: strict({ request_id: requestId, id, reason: line().trim().min(1, '请填写驳回原因').max(200) }),
    data: adminWithdrawal,
  }),
};
