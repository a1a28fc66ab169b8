/**
 * Stripe as a payment provider (decisions 0195–0198): the real `stripe` SDK talks to a stand-in of
 * Stripe's API on 127.0.0.1 (STRIPE_API_BASE), and webhooks are signed with a `whsec_` secret this
 * file makes. A paid Checkout Session credits its order once; a forged, tampered, replayed,
 * wrong-amount, wrong-currency, unknown-order, oversize or malformed notify credits nothing and gets a
 * clear refusal; an order past its TTL is expired at Stripe; refunds take the coins back (held when
 * spent); reconciliation lists a missing credit and an unknown settlement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, fullPath } from '@app/contract';
import { StripeStandIn } from '@app/testkit';
import { closeDueOrders, expectSound, makeOperator, orderStates, quickMember, rid, spendOnRoses } from './financeHelpers.js';
import { metricOf } from './helpers/metricsText.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

const stripe = new StripeStandIn();
let s: TestServer;
let op: { id: number; token: string };

beforeAll(async () => {
  await stripe.start();
  s = await startTestServer({
    env: { PAY_PROVIDERS: 'sandbox,stripe', STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url },
  });
  stripe.webhookUrl = `${s.url}${fullPath(api.stripePayWebhook)}`;
  op = await quickMember(s);
  await makeOperator(s, op.id);
});
afterAll(async () => {
  await s?.close();
  await stripe.stop();
});

const coinsOf = async (m: { token: string }) => (await s.api.call(api.financeWallet, undefined, { token: m.token })).data.coin;

/** A member's Stripe order for a package, and the session the stand-in made for it. */
async function stripeOrder(m: { token: string }, packageIndex = 0) {
  const cats = await s.api.call(api.rechargeCategory, undefined, { token: m.token });
  const pkg = cats.data.list[packageIndex]!;
  const order = await s.api.call(api.rechargeOrder, { request_id: rid(), package_id: pkg.id, provider: 'stripe' }, { token: m.token });
  expect(order.code, order.msg).toBe(200);
  const session = stripe.sessionOf(order.data.order_no)!;
  return { pkg, order: order.data, session };
}

/** What the order's callback log says, in order. */
const verdicts = async (orderNo: string) =>
  (await s.deps.db.kysely.selectFrom('payment_callbacks').select('verdict').where('order_no', '=', orderNo).orderBy('id').execute()).map((r) => r.verdict);

describe('Stripe Checkout', () => {
  it('offers both providers; an order opens a Checkout Session of its price, and the same request_id answers the same one', async () => {
    const m = await quickMember(s);
    const cats = await s.api.call(api.rechargeCategory, undefined, { token: m.token });
    expect(cats.data.providers).toEqual(['sandbox', 'stripe']);
    const pkg = cats.data.list[1]!;
    const body = { request_id: rid(), package_id: pkg.id, provider: 'stripe' as const };
    const first = await s.api.call(api.rechargeOrder, body, { token: m.token });
    expect(first.code, first.msg).toBe(200);
    const session = stripe.sessionOf(first.data.order_no)!;
    expect(session).toMatchObject({ amount_total: pkg.price_fen, currency: 'cny', status: 'open', metadata: { order_no: first.data.order_no } });
    expect(session.success_url).toContain('#/pages/user/recharge?checkout=return&stripe=paid');
    expect(first.data).toMatchObject({ provider: 'stripe', status: 'pending', pay_url: session.url });
    const again = await s.api.call(api.rechargeOrder, body, { token: m.token });
    expect(again.data.order_no).toBe(first.data.order_no);
    expect([...stripe.sessions.values()].filter((x) => x.client_reference_id === first.data.order_no)).toHaveLength(1);
  });

  it('a paid session credits its order once, however many times Stripe sends the event; the verdicts are counted', async () => {
    const m = await quickMember(s);
    const { pkg, order, session } = await stripeOrder(m, 1);
    const credited0 = await metricOf(s, 'liveapp_payment_callbacks_total', { verdict: 'credited' });
    const dup0 = await metricOf(s, 'liveapp_payment_callbacks_total', { verdict: 'duplicate' });
    const paid = stripe.event('checkout.session.completed', stripe.complete(session.id));
    const answers = await Promise.all([stripe.deliver(paid), stripe.deliver(paid), stripe.deliver(paid)]);
    for (const a of answers) expect(a.body).toMatchObject({ code: 200, data: { order_no: order.order_no, status: 'paid' } });
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
    expect((await s.api.call(api.rechargeFetch, { order_no: order.order_no }, { token: m.token })).data.list[0]).toMatchObject({ status: 'paid', pay_url: '' });
    expect((await verdicts(order.order_no)).sort()).toEqual(['credited', 'duplicate', 'duplicate']);
    expect(await metricOf(s, 'liveapp_payment_callbacks_total', { verdict: 'credited' })).toBe(credited0 + 1);
    expect(await metricOf(s, 'liveapp_payment_callbacks_total', { verdict: 'duplicate' })).toBe(dup0 + 2);
    await expectSound(s.deps.db);
  });

  it('refuses and logs a forged, tampered or replayed notify, a wrong amount or currency, an unknown order: nothing credited', async () => {
    const m = await quickMember(s);
    const { order, session } = await stripeOrder(m);
    const done = { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_test_forged' };
    const paid = stripe.event('checkout.session.completed', done);
    const refused = async (payload: string, header: string, verdict: string) => {
      const r = await stripe.deliver(payload, header);
      expect(r.status, verdict).toBe(400);
      expect(r.body.code, verdict).toBe(ErrorCode.PAYMENT_REFUSED);
      return r.body.msg;
    };
    // Signed with another secret; a body changed after signing; an old timestamp (a replay); no v1 at all.
    expect(await refused(paid, stripe.signature(paid, { secret: 'whsec_someone_else_0123456789' }), 'forged')).toBe('支付回调校验失败：签名错误');
    await refused(paid.replace(`"amount_total":${session.amount_total}`, '"amount_total":1'), stripe.signature(paid), 'tampered');
    expect(await refused(paid, stripe.signature(paid, { timestamp: Math.floor(Date.now() / 1000) - 3600 }), 'replayed')).toBe('支付回调校验失败：回调已过期');
    await refused(paid, `t=${Math.floor(Date.now() / 1000)}`, 'no signature');
    // Correctly signed, but not this order's money.
    const cheap = stripe.event('checkout.session.completed', { ...done, amount_total: 1 });
    expect(await refused(cheap, stripe.signature(cheap), 'amount')).toBe('支付回调校验失败：金额与订单不符');
    const usd = stripe.event('checkout.session.completed', { ...done, currency: 'usd' });
    expect(await refused(usd, stripe.signature(usd), 'currency')).toBe('支付回调校验失败：币种与订单不符');
    const unknown = stripe.event('checkout.session.completed', { ...done, client_reference_id: 'R-nobody', metadata: {} });
    expect(await refused(unknown, stripe.signature(unknown), 'unknown')).toBe('支付回调校验失败：订单不存在');

    expect(await coinsOf(m)).toBe(0);
    expect((await s.api.call(api.rechargeFetch, { order_no: order.order_no }, { token: m.token })).data.list[0]!.status).toBe('pending');
    expect(await verdicts(order.order_no)).toEqual(['bad_signature', 'bad_signature', 'stale', 'bad_signature', 'amount_mismatch', 'currency_mismatch']);
    expect(await verdicts('R-nobody')).toEqual(['unknown_order']);
  });

  it('answers oversize, malformed and unsigned bodies with a clear 4xx envelope, never a 5xx', async () => {
    const post = async (body: string, headers: Record<string, string>) => {
      const res = await fetch(stripe.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
    };
    const big = JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', pad: 'x'.repeat(80 * 1024) });
    expect(await post(big, { 'stripe-signature': stripe.signature(big) })).toMatchObject({ status: 413, body: { code: ErrorCode.BODY_TOO_LARGE } });
    expect(await post('{"id": "evt_x", "type"', { 'stripe-signature': 't=1,v1=00' })).toMatchObject({ status: 400, body: { code: ErrorCode.VALIDATION } });
    expect(await post('[1,2]', {})).toMatchObject({ status: 400, body: { code: ErrorCode.VALIDATION } });
    const noType = JSON.stringify({ id: 'evt_x' });
    expect(await post(noType, { 'stripe-signature': stripe.signature(noType) })).toMatchObject({
      status: 400,
      body: { code: ErrorCode.VALIDATION, msg: expect.stringContaining('type') },
    });
    const unsigned = stripe.event('checkout.session.completed', { id: 'cs_test_x' });
    expect(await post(unsigned, {})).toMatchObject({ status: 400, body: { code: ErrorCode.PAYMENT_REFUSED } });
    // Signed, but no session inside: refused as malformed.
    const empty = JSON.stringify({ id: 'evt_y', object: 'event', type: 'checkout.session.completed', data: { object: null } });
    expect(await post(empty, { 'stripe-signature': stripe.signature(empty) })).toMatchObject({ status: 400, body: { code: ErrorCode.PAYMENT_REFUSED } });
    // An event that concerns no payment is acknowledged, and moves nothing.
    const other = stripe.event('customer.created', { id: 'cus_1', object: 'customer' });
    expect(await post(other, { 'stripe-signature': stripe.signature(other) })).toMatchObject({ status: 200, body: { code: 200, data: { status: 'ignored' } } });
  });

  it('closes an order unpaid past its TTL by expiring its session; one paid meanwhile is credited instead', async () => {
    const m = await quickMember(s);
    const a = await stripeOrder(m);
    const b = await stripeOrder(m, 1);
    stripe.complete(b.session.id); // paid, but its webhook never came
    const r = await closeDueOrders(s);
    expect(r.closed).toBeGreaterThanOrEqual(1);
    expect(r.credited).toBeGreaterThanOrEqual(1);
    expect(stripe.sessions.get(a.session.id)!.status).toBe('expired');
    expect(await orderStates(s, m)).toMatchObject({ [a.order.order_no]: { status: 'cancelled', pay_url: '' }, [b.order.order_no]: { status: 'paid' } });
    expect(await coinsOf(m)).toBe(b.pkg.amount + b.pkg.bonus);
    // The expired session's own event afterwards changes nothing.
    const late = stripe.event('checkout.session.expired', stripe.sessions.get(a.session.id)!);
    expect((await stripe.deliver(late)).body).toMatchObject({ code: 200, data: { status: 'cancelled' } });
    expect(await verdicts(a.order.order_no)).toEqual(['expired', 'duplicate']);
  });

  it('a refund takes the coins back through the ledger and refunds at Stripe once; spent coins hold it, never below zero', async () => {
    const m = await quickMember(s);
    const { pkg, order, session } = await stripeOrder(m, 1);
    await stripe.deliver(stripe.event('checkout.session.completed', stripe.complete(session.id)));
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
    const refund = await s.api.call(api.adminRechargeRefund, { order_no: order.order_no, reason: '用户申请退款' }, { token: op.token });
    expect(refund.code, refund.msg).toBe(200);
    expect(refund.data).toMatchObject({ status: 'refunded', coins: pkg.amount + pkg.bonus, price_fen: pkg.price_fen });
    expect(await coinsOf(m)).toBe(0);
    const again = await s.api.call(api.adminRechargeRefund, { order_no: order.order_no, reason: '再点一次' }, { token: op.token });
    expect(again.data.status).toBe('refunded');
    expect(stripe.refunds.filter((r) => r.payment_intent === stripe.sessions.get(session.id)!.payment_intent)).toHaveLength(1);
    expect((await s.api.call(api.rechargeFetch, { order_no: order.order_no }, { token: m.token })).data.list[0]!.status).toBe('refunded');
    const records = await s.api.call(api.userMoneyChange, { page: 1, size: 10, type: 'recharge_refund' }, { token: m.token });
    expect(records.data.list.reduce((sum, r) => sum + r.amount, 0)).toBe(-(pkg.amount + pkg.bonus));

    // Spent: a gift took most of the coins. The refund is held; nothing moves.
    const spender = await quickMember(s);
    const paid = await stripeOrder(spender, 1);
    await stripe.deliver(stripe.event('checkout.session.completed', stripe.complete(paid.session.id)));
    const left = await spendOnRoses(s, spender);
    const held = await s.api.call(api.adminRechargeRefund, { order_no: paid.order.order_no, reason: '用户申请退款' }, { token: op.token });
    expect(held.data.status).toBe('held');
    expect(await coinsOf(spender)).toBe(left);
    const listed = await s.api.call(api.adminRecharges, { page: 1, size: 5, order_no: paid.order.order_no }, { token: op.token });
    expect(listed.data.list[0]).toMatchObject({ status: 'paid', refund: { status: 'held' } });
    await expectSound(s.deps.db);
  });

  it('a refund Stripe refuses keeps the coins taken back and is retried as the same refund', async () => {
    const m = await quickMember(s);
    const { order, session } = await stripeOrder(m);
    await stripe.deliver(stripe.event('checkout.session.completed', stripe.complete(session.id)));
    stripe.failRefunds = true;
    const failed = await s.api.call(api.adminRechargeRefund, { order_no: order.order_no, reason: '用户申请退款' }, { token: op.token });
    stripe.failRefunds = false;
    expect(failed.data).toMatchObject({ status: 'failed', error: expect.stringContaining('could not be processed') });
    expect(await coinsOf(m)).toBe(0);
    const retried = await s.api.call(api.adminRechargeRefund, { order_no: order.order_no, reason: '用户申请退款' }, { token: op.token });
    expect(retried.data.status).toBe('refunded');
    expect(await coinsOf(m)).toBe(0);
    await expectSound(s.deps.db);
  });

  it('reconciliation lists a missing credit and an unknown settlement, once however often it runs', async () => {
    const m = await quickMember(s);
    const lost = await stripeOrder(m);
    stripe.complete(lost.session.id); // Stripe took the money; its webhook never arrived
    const foreign = stripe.settleForeign(`R-foreign-${rid()}`, 1234);
    const ran = await s.api.call(api.adminPayReconcile, { provider: 'stripe', hours: 1 }, { token: op.token });
    expect(ran.code, ran.msg).toBe(200);
    await s.api.call(api.adminPayReconcile, { provider: 'stripe', hours: 1 }, { token: op.token });
    const found = await s.api.call(api.adminPayMismatches, { page: 1, size: 50 }, { token: op.token });
    const of = (kind: string, ref: (x: (typeof found.data.list)[number]) => boolean) => found.data.list.filter((x) => x.kind === kind && ref(x));
    expect(of('missing_credit', (x) => x.order_no === lost.order.order_no)).toHaveLength(1);
    expect(of('unknown_settlement', (x) => x.trade_no === foreign.payment_intent)).toMatchObject([{ amount_fen: 1234, provider: 'stripe' }]);
    // Orders paid and credited normally are no mismatch.
    expect(found.data.list.filter((x) => x.kind === 'unsettled_credit')).toEqual([]);
    expect(found.data.runs[0]).toMatchObject({ provider: 'stripe' });
    expect((await s.api.call(api.adminPayReconcile, { provider: 'sandbox', hours: 1 }, { token: op.token })).data).toEqual({ settlements: 0, mismatches: 0 });
  });
});
