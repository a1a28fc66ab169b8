import type { Redis } from 'ioredis';
import { api, fullPath, WECHAT_JSAPI_PATH, WECHAT_OAUTH_PATH } from '@app/contract';
import type { Deps } from '../../deps.js';
import { CheckInService } from './checkin/checkin.service.js';
import { EarningsService } from './earnings/earnings.service.js';
import type { FinanceConfig } from './finance.config.js';
import { GiftService } from './gift/gift.service.js';
import { checkLedger } from './ledger/invariants.js';
import { Ledger } from './ledger/ledger.js';
import { levelsFollowLedger } from './levels/levels.repository.js';
import { LevelsService } from './levels/levels.service.js';
import { WalletService } from './ledger/wallet.service.js';
import { RankService } from './rank/rank.service.js';
import type { PaymentProvider } from './recharge/paymentProvider.js';
import { SandboxProvider } from './recharge/sandboxProvider.js';
import { StripeProvider } from './recharge/stripeProvider.js';
import { AlipayProvider } from './recharge/alipayProvider.js';
import { WechatPayProvider } from './recharge/wechatProvider.js';
import { WechatJsapiService } from './recharge/wechatJsapi.service.js';
import { reconcileRepository } from './recharge/reconcile.repository.js';
import { RechargeService } from './recharge/recharge.service.js';
import { ReconcileService } from './recharge/reconcile.service.js';
import { RefundService } from './recharge/refund.service.js';
import { WithdrawService } from './withdraw/withdraw.service.js';

/** The web app's recharge page (its hash route), where a payer comes back from a provider's checkout. */
/** The recharge page as a checkout's return: a checkout window the app opened closes itself there (the app waits for the order). */
const CHECKOUT_RETURN = '/pages/user/recharge?checkout=return';

export interface FinanceOptions {
  /** Redis for the ranking sorted sets (REDIS_URL); SQL alone without it. */
  redis?: Redis | undefined;
  /** Wallet settings; the configuration's when not given. */
  config?: FinanceConfig;
}

/**
 * The wallet of one instance: the ledger and the services built on it. Every movement of money
 * goes through `ledger.post` inside a `db.tx` transaction.
 */
export function createFinance(deps: Deps, opts: FinanceOptions = {}) {
  const config = opts.config ?? deps.config.finance;
  const ledger = new Ledger(deps.db, [levelsFollowLedger], deps.metrics.ledgerTransfers);
  const wallet = new WalletService(deps, config);
  const sandbox = new SandboxProvider(config.paySandboxSecret, config.payCallbackWindowS, deps.config.publicUrl);
  // Stripe and WeChat Pay send the payer back to the recharge page, where the order being waited for resumes (an
  // absolute URL: PUBLIC_URL, which production requires with either, or this instance's own port); WeChat Pay posts
  // its notifies to this origin too.
  const origin = deps.config.publicUrl || `http://127.0.0.1:${deps.config.port}`;
  // Alipay's notify and return URLs must be absolute too (ALIPAY_NOTIFY_BASE, else the same origin).
  const alipay = config.payProviders.includes('alipay')
    ? new AlipayProvider(config.alipay, origin, config.payCallbackWindowS, config.rechargeOrderTtlMs)
    : undefined;
  const returnUrl = `${origin}/#${CHECKOUT_RETURN}`;
  const wechat = config.payProviders.includes('wechat')
    ? new WechatPayProvider(config.wechat, {
        windowS: config.payCallbackWindowS,
        notifyUrl: `${origin}${fullPath(api.wechatPayNotify)}`,
        returnUrl,
        ttlMs: config.rechargeOrderTtlMs,
        ordersBetween: async (fromMs, toMs) =>
          (await reconcileRepository.ordersBetween(deps.db.kysely, 'wechat', new Date(fromMs).toISOString(), new Date(toMs).toISOString())).map(
            (o) => o.order_no,
          ),
        jsapiPageUrl: (orderNo) => `${origin}${WECHAT_JSAPI_PATH}/${encodeURIComponent(orderNo)}`,
        oauthReturnUrl: `${origin}${WECHAT_OAUTH_PATH}`,
      })
    : undefined;
  const providers: PaymentProvider[] = config.payProviders.map((name) =>
    name === 'sandbox'
      ? sandbox
      : name === 'alipay'
        ? alipay!
        : name === 'stripe'
          ? new StripeProvider(config.stripe, config.payCallbackWindowS, returnUrl, config.rechargeOrderTtlMs)
          : wechat!,
  );
  const gift = new GiftService(deps, ledger, config);
  const rank = new RankService(deps, opts.redis, deps.config.redisPrefix);
  gift.onSent((_record, row, transferId) => rank.recordGift(row, transferId));
  const recharge = new RechargeService(deps, ledger, providers);
  return {
    config,
    ledger,
    wallet,
    sandbox,
    alipay,
    /** WeChat Pay JSAPI inside WeChat, when WeChat Pay is offered with the official account's AppSecret (decision 0228). */
    wechatJsapi: wechat?.jsapi ? new WechatJsapiService(deps, wechat, config.wechat.appid!, config.wechat.apiV3Key!) : undefined,
    /** Where a payer back from a provider's checkout lands (the web app's recharge page). */
    rechargePage: `/#${CHECKOUT_RETURN}`,
    recharge,
    refunds: new RefundService(deps, ledger, recharge),
    reconcile: new ReconcileService(deps),
    gift,
    earnings: new EarningsService(deps, ledger, wallet, config),
    withdraw: new WithdrawService(deps.db, ledger, config),
    checkIn: new CheckInService(deps, ledger, config),
    rank,
    levels: new LevelsService(deps),
    /** Every ledger invariant, checked over the whole database. */
    check: () => checkLedger(deps.db.kysely),
  };
}

export type Finance = ReturnType<typeof createFinance>;
