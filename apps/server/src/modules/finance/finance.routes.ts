import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ALIPAY_NOTIFY_PATH,
  ALIPAY_PAY_PATH,
  ALIPAY_RETURN_PATH,
  api,
  ErrorCode,
  fullPath,
  hasControl,
  SANDBOX_CHECKOUT_PATH,
  WECHAT_JSAPI_PATH,
  WECHAT_OAUTH_PATH,
} from '@app/contract';
import { BizError } from '../../http/errors.js';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';
import { checkoutPage } from './recharge/checkoutPage.js';
import { jsonNotify } from './recharge/paymentProvider.js';
import { wechatJsapiPage } from './recharge/wechatJsapiPage.js';

/** The largest notify a provider sends (Stripe's events and WeChat Pay's notifies are a few KB). */
const NOTIFY_LIMIT = 64 * 1024;
/** An order number as a path or query gives it: at most 40 characters, no control character (a NUL would fail on PostgreSQL). */
const orderNoOf = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= 40 && !hasControl(v) ? v : undefined);

/** A form body's fields; a field given twice is refused (which one would be signed?). */
function formFields(raw: string): Record<string, string> | BizError {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    if (k in out) return new BizError(ErrorCode.VALIDATION, `${k.slice(0, 40)}: 字段重复`, { status: 400 });
    out[k] = v;
  }
  return out;
}

/** The raw body of each notify request, for the providers that sign bytes. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The wallet's calls (contract calls/finance.ts) and the sandbox provider's checkout page. */
export function financeRoutes(app: FastifyInstance, env: RouteEnv): void {
  const f = env.services.finance;
  const o = env.plain;
  serve(app, api.financeWallet, o, async ({ me }) => ({ ...(await f.wallet.wallet(me.user.id)), rules: await f.wallet.rules() }));
  serve(app, api.userMoneyChange, o, ({ me, query }) => f.wallet.records(me.user.id, query));

  serve(app, api.rechargeCategory, o, () => f.recharge.categories());
  serve(app, api.rechargeOrder, o, ({ me, body, req }) => f.recharge.createOrder(me.user.id, body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }));
  serve(app, api.rechargeFetch, o, ({ me, query }) => f.recharge.fetch(me.user.id, query));
  serve(app, api.sandboxPayCallback, o, async ({ body, req }) => {
    const r = await f.recharge.callback('sandbox', jsonNotify(body), req.ip);
    return { order_no: r.order_no, status: r.status === 'ignored' ? 'pending' : r.status };
  });
  // Stripe and WeChat Pay sign the raw bytes: in their own scope, JSON is parsed from a kept copy of them.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: NOTIFY_LIMIT }, (req, raw: Buffer, done) => {
      rawBodies.set(req, raw);
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch {
        done(new BizError(ErrorCode.VALIDATION, 'body: JSON 格式错误', { status: 400 }));
      }
    });
    serve(scope, api.stripePayWebhook, o, ({ body, req }) =>
      f.recharge.callback('stripe', { body, raw: rawBodies.get(req) ?? null, headers: req.headers }, req.ip),
    );
    serve(scope, api.wechatPayNotify, o, ({ body, req }) =>
      f.recharge.callback('wechat', { body, raw: rawBodies.get(req) ?? null, headers: req.headers }, req.ip),
    );
  });
  alipayRoutes(app, env);
  wechatJsapiRoutes(app, env);

  serve(app, api.giftSend, o, ({ me, body }) => f.gift.sendGift(me.user.id, body));
  serve(app, api.recordGift, o, ({ me, query }) => f.gift.records(me.user.id, query.direction, query.page, query.size));
  serve(app, api.receiveGiftMoney, o, ({ me, body }) => f.earnings.collect(me.user.id, body.request_id));
  serve(app, api.statisticsGiftMoney, o, ({ me, query }) => f.earnings.statistics(me.user.id, query.days));
  serve(app, api.exchangeOrder, o, ({ me, body }) => f.earnings.exchange(me.user.id, body));
  serve(app, api.exchangeFetch, o, ({ me, query }) => f.earnings.exchanges(me.user.id, query.page, query.size));

  serve(app, api.withdrawPlatform, o, ({ me }) => f.withdraw.platforms(me.user.id));
  serve(app, api.withdrawOrder, o, ({ me, body }) => f.withdraw.order(me.user.id, body));
  serve(app, api.withdrawFetch, o, ({ me, query }) => f.withdraw.fetch(me.user.id, query));
  serve(app, api.adminWithdrawals, o, ({ query }) => f.withdraw.adminList(query));
  serve(app, api.adminWithdrawApprove, o, ({ me, body }) => f.withdraw.review(body.id, 'approved', me.user.id));
  serve(app, api.adminWithdrawReject, o, ({ me, body }) => f.withdraw.review(body.id, 'rejected', me.user.id, body.reason));

  serve(app, api.checkInInfo, o, ({ me }) => f.checkIn.state(me.user.id));
  serve(app, api.checkIn, o, ({ me, body }) => f.checkIn.checkIn(me.user.id, body.request_id));

  serve(app, api.rankFetch, o, ({ auth, query }) => f.rank.fetch(query, auth && !auth.user.is_guest ? auth.user.id : null));

  // The sandbox provider's own page (HTML, not an API call: hidden from the OpenAPI document).
  app.get<{ Params: { orderNo: string } }>(`${SANDBOX_CHECKOUT_PATH}/:orderNo`, { schema: { hide: true } }, async (req, reply) => {
    const orderNo = orderNoOf(req.params.orderNo);
    const order = orderNo ? await f.recharge.order(orderNo) : undefined;
    const view =
      order && order.provider === 'sandbox' && f.recharge.provider('sandbox')
        ? {
            order_no: order.order_no,
            name: order.name,
            price_fen: order.price_fen,
            status: order.status,
            callbackUrl: fullPath(api.sandboxPayCallback),
            returnUrl: f.rechargePage,
            ...(order.status === 'pending'
              ? {
                  pay: f.sandbox.signed({ order_no: order.order_no, trade_no: `SBX${Date.now()}`, amount_fen: order.price_fen, status: 'paid' }),
                  cancel: f.sandbox.signed({ order_no: order.order_no, trade_no: `SBX${Date.now()}`, amount_fen: order.price_fen, status: 'cancelled' }),
                }
              : {}),
          }
        : null;
    return reply
      .status(view ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(checkoutPage(view));
  });
}

/**
 * Alipay's three pages (decision 0207), none of them JSON calls: the pay page sends the browser to
 * the cashier; the notify (a form, RSA2-signed) is answered `success` once accepted, and a refusal
 * gets the error envelope (400), which Alipay takes as "not received"; the return asks Alipay
 * about the order before the payer sees the recharge page.
 */
function alipayRoutes(app: FastifyInstance, env: RouteEnv): void {
  const f = env.services.finance;
  app.get<{ Params: { orderNo: string } }>(`${ALIPAY_PAY_PATH}/:orderNo`, { schema: { hide: true } }, async (req, reply) => {
    const orderNo = orderNoOf(req.params.orderNo);
    const order = orderNo && f.alipay ? await f.recharge.order(orderNo) : undefined;
    if (!order || order.provider !== 'alipay' || !f.alipay) throw new BizError(ErrorCode.NOT_FOUND, '订单不存在', { status: 404 });
    if (order.status !== 'pending') return reply.header('cache-control', 'no-store').redirect(f.rechargePage, 303);
    return reply.header('cache-control', 'no-store').redirect(f.alipay.cashierUrl(order, req.headers['user-agent'] ?? ''), 302);
  });
  app.get<{ Querystring: Record<string, unknown> }>(
    ALIPAY_RETURN_PATH,
    { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const orderNo = orderNoOf(req.query.out_trade_no);
      if (orderNo) await f.recharge.confirm('alipay', orderNo);
      return reply.header('cache-control', 'no-store').redirect(f.rechargePage, 303);
    },
  );
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: NOTIFY_LIMIT }, (_req, raw: string, done) => {
      const fields = formFields(raw);
      if (fields instanceof BizError) done(fields);
      else done(null, fields);
    });
    scope.post(ALIPAY_NOTIFY_PATH, { schema: { hide: true } }, async (req, reply) => {
      await f.recharge.callback('alipay', { body: req.body ?? {}, raw: null, headers: req.headers }, req.ip);
      return reply.header('content-type', 'text/plain; charset=utf-8').send('success');
    });
  });
}

/**
 * WeChat Pay JSAPI's two pages (decision 0228), HTML and redirects, not JSON calls: the order's
 * page (WeChat's OAuth first when the payer's openid is unknown, then the WeixinJSBridge payment),
 * and the OAuth return, which keeps the openid and opens the order's page again.
 */
function wechatJsapiRoutes(app: FastifyInstance, env: RouteEnv): void {
  const f = env.services.finance;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  app.get<{ Params: { orderNo: string }; Querystring: { reauth?: unknown } }>(
    `${WECHAT_JSAPI_PATH}/:orderNo`,
    { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const orderNo = orderNoOf(req.params.orderNo);
      const step = orderNo && f.wechatJsapi ? await f.wechatJsapi.page(orderNo, req.query.reauth === '1') : undefined;
      if (!step) throw new BizError(ErrorCode.NOT_FOUND, '订单不存在', { status: 404 });
      if ('redirect' in step) return reply.header('cache-control', 'no-store').redirect(step.redirect, 302);
      const lang = /^en\b/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'zh-CN';
      const page = `${WECHAT_JSAPI_PATH}/${encodeURIComponent(orderNo!)}`;
      const view = { lang, returnUrl: f.rechargePage, reauthUrl: `${page}?reauth=1` } as const;
      const o = 'pay' in step ? step.order : step.closed;
      const order = { order_no: o.order_no, name: (lang === 'en' && o.names.en) || o.name, price_fen: o.price_fen };
      return html(reply, 200, wechatJsapiPage('pay' in step ? { ...view, order, pay: step.pay } : { ...view, order }));
    },
  );
  app.get<{ Querystring: { code?: unknown; state?: unknown } }>(
    WECHAT_OAUTH_PATH,
    { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const { code, state } = req.query;
      if (!f.wechatJsapi) throw new BizError(ErrorCode.NOT_FOUND, '订单不存在', { status: 404 });
      // No code: the payer declined (snsapi_base never asks, but a user can still leave); back to the app.
      if (typeof code !== 'string' || !code || code.length > 256 || hasControl(code))
        return reply.header('cache-control', 'no-store').redirect(f.rechargePage, 303);
      if (typeof state !== 'string' || state.length > 128) throw new BizError(ErrorCode.VALIDATION, 'state: 授权已失效，请重新发起支付', { status: 400 });
      let orderNo: string | undefined;
      try {
        orderNo = await f.wechatJsapi.oauthReturn(code, state);
      } catch (err) {
        req.log.warn({ err }, 'WeChat OAuth code exchange failed');
        throw new BizError(ErrorCode.PAYMENT_UNAVAILABLE);
      }
      if (!orderNo) throw new BizError(ErrorCode.VALIDATION, 'state: 授权已失效，请重新发起支付', { status: 400 });
      return reply.header('cache-control', 'no-store').redirect(`${WECHAT_JSAPI_PATH}/${encodeURIComponent(orderNo)}`, 302);
    },
  );
}
