import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api, ErrorCode, fullPath, hasControl, SANDBOX_CHECKOUT_PATH } from '@app/contract';
import { BizError } from '../../http/errors.js';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';
import { checkoutPage } from './recharge/checkoutPage.js';
import { jsonNotify } from './recharge/paymentProvider.js';

/** The largest notify a provider sends (Stripe's events and WeChat Pay's notifies are a few KB). */
const NOTIFY_LIMIT = 64 * 1024;
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
    // An order number is at most 40 characters and has no control character (a NUL would fail on PostgreSQL).
    const orderNo = req.params.orderNo;
    const order = orderNo.length <= 40 && !hasControl(orderNo) ? await f.recharge.order(orderNo) : undefined;
    const view =
      order && order.provider === 'sandbox' && f.recharge.provider('sandbox')
        ? {
            order_no: order.order_no,
            name: order.name,
            price_fen: order.price_fen,
            status: order.status,
            callbackUrl: fullPath(api.sandboxPayCallback),
            returnUrl: '/#/pages/user/recharge',
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
