/**
 * Alipay as a payment provider (decisions 0206–0209): the real `alipay-sdk` talks to a stand-in of
 * Alipay's gateway on 127.0.0.1 (ALIPAY_GATEWAY) holding key pairs this file makes. The cashier
 * (wap pay on a phone, page pay on a desktop) pays, and its RSA2-signed notify credits the order
 * once, answered `success`; a forged, tampered, replayed, wrong-amount, unknown-order, oversize or
 * malformed notify credits nothing and gets a clear refusal; an order past its TTL is closed at
 * Alipay; refunds take the coins back (held when spent); reconciliation lists a missing credit and
 * an unknown settlement, from the trade queries and from the day's bill (a zip of GBK CSV).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALIPAY_NOTIFY_PATH, ALIPAY_PAY_PATH, ALIPAY_RETURN_PATH, api, ErrorCode } from '@app/contract';
import { AlipayStandIn } from '@app/testkit';
import { expectSound, makeOperator, quickMember, rid, spendOnRoses } from './financeHelpers.js';
import { freePort } from './helpers/spawnServer.js';
import { onFreePort, startTestServer, type TestServer } from './helpers/testServer.js';

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

const alipay = new AlipayStandIn();
let s: TestServer;
let op: { id: number; token: string };
let notifyUrl: string;

beforeAll(async () => {
  await alipay.start();
  // Alipay is given absolute notify and return URLs: the server's port is chosen first.
  s = await onFreePort([await freePort(), await freePort()], (port) =>
    startTestServer({
      port,
      env: {
        PAY_PROVIDERS: 'sandbox,alipay',
        ALIPAY_APP_ID: alipay.appId,
        ALIPAY_PRIVATE_KEY: alipay.appPrivateKey,
        ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
        ALIPAY_GATEWAY: alipay.gateway,
        ALIPAY_NOTIFY_BASE: `http://127.0.0.1:${port}`,
      },
    }),
  );
  notifyUrl = `${s.url}${ALIPAY_NOTIFY_PATH}`;
  op = await quickMember(s);
  await makeOperator(s, op.id);
});
afterAll(async () => {
  await s?.close();
  await alipay.stop();
});

const coinsOf = async (m: { token: string }) => (await s.api.call(api.financeWallet, undefined, { token: m.token })).data.coin;
const statusOf = async (m: { token: string }, orderNo: string) =>
  (await s.api.call(api.rechargeFetch, { order_no: orderNo }, { token: m.token })).data.list[0]!.status;

/** What the order's callback log says, in order. */
const verdicts = async (orderNo: string) =>
  (await s.deps.db.kysely.selectFrom('payment_callbacks').select('verdict').where('order_no', '=', orderNo).orderBy('id').execute()).map((r) => r.verdict);

/** A member's Alipay order for a package. */
async function alipayOrder(m: { token: string }, packageIndex = 0) {
  const cats = await s.api.call(api.rechargeCategory, undefined, { token: m.token });
  const pkg = cats.data.list[packageIndex]!;
  const order = await s.api.call(api.rechargeOrder, { request_id: rid(), package_id: pkg.id, provider: 'alipay' }, { token: m.token });
  expect(order.code, order.msg).toBe(200);
  return { pkg, order: order.data };
}

/** Opens the order's pay page as a browser would: our page sends it to the cashier, which makes the trade. */
async function openCashier(payUrl: string, userAgent = PHONE_UA): Promise<{ cashier: string; html: string }> {
  const hop = await fetch(payUrl, { redirect: 'manual', headers: { 'user-agent': userAgent } });
  expect(hop.status).toBe(302);
  const cashier = hop.headers.get('location')!;
  const page = await fetch(cashier);
  expect(page.status).toBe(200);
  return { cashier, html: await page.text() };
}

/** Pays at the cashier as the payer's button does: the stand-in notifies the server, then sends the payer back. */
async function payAtCashier(orderNo: string): Promise<string> {
  const res = await fetch(`${alipay.url}/cashier/${orderNo}/pay`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

describe('Alipay', () => {
  it('offers Alipay; a phone goes to the wap cashier and a desktop to the page cashier, each signed for the order and its TTL', async () => {
    const m = await quickMember(s);
    const cats = await s.api.call(api.rechargeCategory, undefined, { token: m.token });
    expect(cats.data.providers).toEqual(['sandbox', 'alipay']);
    const { pkg, order } = await alipayOrder(m, 1);
    expect(order).toMatchObject({ provider: 'alipay', status: 'pending', pay_url: `${s.url}${ALIPAY_PAY_PATH}/${order.order_no}` });

    const phone = await openCashier(order.pay_url, PHONE_UA);
    const q = new URL(phone.cashier).searchParams;
    expect(q.get('method')).toBe('alipay.trade.wap.pay');
    expect(q.get('notify_url')).toBe(`${s.url}${ALIPAY_NOTIFY_PATH}`);
    expect(q.get('return_url')).toBe(`${s.url}${ALIPAY_RETURN_PATH}`);
    const biz = JSON.parse(q.get('biz_content')!) as Record<string, string>;
    expect(biz).toMatchObject({ out_trade_no: order.order_no, total_amount: (pkg.price_fen / 100).toFixed(2), product_code: 'QUICK_WAP_WAY' });
    // time_expire: the order's creation plus its TTL, in China time.
    const expire = Date.parse(`${biz.time_expire!.replace(' ', 'T')}+08:00`);
    expect(Math.abs(expire - (Date.parse(order.created_at) + s.config.finance.rechargeOrderTtlMs))).toBeLessThan(1000);
    expect(phone.html).toContain('手机网站支付');
    expect(alipay.trades.get(order.order_no)).toMatchObject({ method: 'alipay.trade.wap.pay', trade_status: 'WAIT_BUYER_PAY' });

    const other = await alipayOrder(m);
    const desktop = await openCashier(other.order.pay_url, DESKTOP_UA);
    expect(new URL(desktop.cashier).searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(JSON.parse(new URL(desktop.cashier).searchParams.get('biz_content')!)).toMatchObject({ product_code: 'FAST_INSTANT_TRADE_PAY' });
    expect(desktop.html).toContain('电脑网站支付');

    // An unknown order has no pay page.
    const none = await fetch(`${s.url}${ALIPAY_PAY_PATH}/R-nobody`, { redirect: 'manual' });
    expect(none.status).toBe(404);
    expect(((await none.json()) as { code: number }).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('paying at the cashier credits the order once, however many times Alipay notifies; each is answered success', async () => {
    const m = await quickMember(s);
    const { pkg, order } = await alipayOrder(m, 1);
    await openCashier(order.pay_url);
    const back = await payAtCashier(order.order_no);
    expect(back.startsWith(`${s.url}${ALIPAY_RETURN_PATH}?`)).toBe(true);
    expect(await statusOf(m, order.order_no)).toBe('paid');
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
    // Alipay sends the same notify again (it retries until it reads `success`), several at once.
    const again = alipay.signedNotify(alipay.notifyFields(order.order_no));
    const answers = await Promise.all([alipay.deliver(notifyUrl, again), alipay.deliver(notifyUrl, again), alipay.deliver(notifyUrl, again)]);
    for (const a of answers) expect(a).toEqual({ status: 200, text: 'success' });
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
    expect(await verdicts(order.order_no)).toEqual(['credited', 'duplicate', 'duplicate', 'duplicate']);
    // The payer's return lands on the recharge page.
    const landed = await fetch(back, { redirect: 'manual' });
    expect(landed.status).toBe(303);
    expect(landed.headers.get('location')).toBe('/#/pages/user/recharge?checkout=return');
    await expectSound(s.deps.db);
  });

  it("a payer back before the notify: the return asks Alipay (trade.query), and the order is credited from Alipay's answer", async () => {
    const m = await quickMember(s);
    const { pkg, order } = await alipayOrder(m);
    await openCashier(order.pay_url);
    alipay.pay(order.order_no); // paid; its notify is slow
    // What the return's query string claims is not believed: a return for another order asks about that one.
    const res = await fetch(`${s.url}${ALIPAY_RETURN_PATH}?out_trade_no=${order.order_no}&total_amount=99999.00&sign=forged`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(await statusOf(m, order.order_no)).toBe('paid');
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
    expect(alipay.calls.filter((c) => c.method === 'alipay.trade.query' && c.biz.out_trade_no === order.order_no)).toHaveLength(1);
    // The notify that follows is a duplicate.
    expect(await alipay.deliver(notifyUrl, alipay.signedNotify(alipay.notifyFields(order.order_no)))).toEqual({ status: 200, text: 'success' });
    expect(await verdicts(order.order_no)).toEqual(['credited', 'duplicate']);
    // A return for an unpaid order, or none, credits nothing.
    const unpaid = await alipayOrder(m);
    await fetch(`${s.url}${ALIPAY_RETURN_PATH}?out_trade_no=${unpaid.order.order_no}`, { redirect: 'manual' });
    expect((await fetch(`${s.url}${ALIPAY_RETURN_PATH}`, { redirect: 'manual' })).status).toBe(303);
    expect(await statusOf(m, unpaid.order.order_no)).toBe('pending');
  });

  it('refuses and logs a forged, tampered or replayed notify, a wrong amount, another app, an unknown order: nothing credited, never success', async () => {
    const m = await quickMember(s);
    const { pkg, order } = await alipayOrder(m);
    await openCashier(order.pay_url);
    alipay.pay(order.order_no);
    const fields = alipay.notifyFields(order.order_no);
    const refused = async (form: string, verdict: string) => {
      const r = await alipay.deliver(notifyUrl, form);
      expect(r.status, verdict).toBe(400);
      expect(r.text, verdict).not.toContain('success');
      return JSON.parse(r.text) as { code: number; msg: string };
    };
    // Signed with a key that is not Alipay's; a field changed after signing; an old notify_time (a replay).
    expect(await refused(alipay.signedNotify(fields, AlipayStandIn.otherKey()), 'forged')).toEqual({
      code: ErrorCode.PAYMENT_REFUSED,
      msg: '支付回调校验失败：签名错误',
      data: null,
    });
    const signed = new URLSearchParams(alipay.signedNotify(fields));
    signed.set('total_amount', '0.01');
    await refused(signed.toString(), 'tampered');
    const unsigned = new URLSearchParams(alipay.signedNotify(fields));
    unsigned.delete('sign');
    await refused(unsigned.toString(), 'unsigned');
    const old = alipay.signedNotify({ ...fields, notify_time: '2026-01-01 08:00:00' });
    expect((await refused(old, 'replayed')).msg).toBe('支付回调校验失败：回调已过期');
    // Correctly signed, but not this order's money, or not this application's, or no order of ours.
    const cheap = alipay.signedNotify({ ...fields, total_amount: '0.01' });
    expect((await refused(cheap, 'amount')).msg).toBe('支付回调校验失败：金额与订单不符');
    await refused(alipay.signedNotify({ ...fields, app_id: '2021000000000000' }), 'app');
    const unknown = alipay.signedNotify({ ...fields, out_trade_no: 'R-nobody-alipay' });
    expect((await refused(unknown, 'unknown')).msg).toBe('支付回调校验失败：订单不存在');

    expect(await coinsOf(m)).toBe(0);
    expect(await statusOf(m, order.order_no)).toBe('pending');
    expect(await verdicts(order.order_no)).toEqual(['bad_signature', 'bad_signature', 'bad_signature', 'stale', 'amount_mismatch', 'bad_signature']);
    expect(await verdicts('R-nobody-alipay')).toEqual(['unknown_order']);
    // The genuine notify still credits.
    expect(await alipay.deliver(notifyUrl, alipay.signedNotify(fields))).toEqual({ status: 200, text: 'success' });
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
  });

  it('answers oversize, malformed and unsigned bodies with a clear 4xx envelope naming what is wrong, never a 5xx', async () => {
    const post = async (body: string, type = 'application/x-www-form-urlencoded') => {
      const res = await fetch(notifyUrl, { method: 'POST', headers: { 'content-type': type }, body });
      return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
    };
    expect(await post(`sign=x&pad=${'x'.repeat(80 * 1024)}`)).toMatchObject({ status: 413, body: { code: ErrorCode.BODY_TOO_LARGE } });
    expect(await post('out_trade_no=1&out_trade_no=2&sign=x')).toMatchObject({
      status: 400,
      body: { code: ErrorCode.VALIDATION, msg: 'out_trade_no: 字段重复' },
    });
    expect(await post('')).toMatchObject({ status: 400, body: { code: ErrorCode.PAYMENT_REFUSED } });
    expect(await post('%%%')).toMatchObject({ status: 400, body: { code: ErrorCode.PAYMENT_REFUSED } });
    expect(await post('{"sign":"x"}', 'application/json')).toMatchObject({ status: 400, body: { code: ErrorCode.PAYMENT_REFUSED } });
    expect(await post('sign=x', 'text/plain')).toMatchObject({ status: 400, body: { code: ErrorCode.PAYMENT_REFUSED } });
    // Signed, but a field is missing or not a number: refused, naming it.
    const m = await quickMember(s);
    const { order } = await alipayOrder(m);
    await openCashier(order.pay_url);
    const fields = alipay.notifyFields(order.order_no);
    const { trade_status: _drop, ...noStatus } = fields;
    expect(await post(alipay.signedNotify(noStatus))).toMatchObject({ status: 400, body: { msg: '支付回调校验失败：回调格式错误（trade_status）' } });
    expect(await post(alipay.signedNotify({ ...fields, total_amount: 'lots' }))).toMatchObject({
      status: 400,
      body: { msg: '支付回调校验失败：回调格式错误（total_amount）' },
    });
    // A trade still waiting for the payer moves nothing: acknowledged.
    const waiting = await alipay.deliver(notifyUrl, alipay.signedNotify({ ...fields, trade_status: 'WAIT_BUYER_PAY' }));
    expect(waiting).toEqual({ status: 200, text: 'success' });
    expect(await statusOf(m, order.order_no)).toBe('pending');
  });

  it('closes orders unpaid past their TTL at Alipay (trade.close); one with no trade yet is closed too, one paid meanwhile credited', async () => {
    const m = await quickMember(s);
    const opened = await alipayOrder(m);
    await openCashier(opened.order.pay_url);
    const never = await alipayOrder(m); // the payer never opened the cashier: Alipay has no trade
    const paid = await alipayOrder(m, 1);
    await openCashier(paid.order.pay_url);
    alipay.pay(paid.order.order_no); // paid, but its notify never came
    const ttl = s.config.finance.rechargeOrderTtlMs;
    expect(await s.services.finance.recharge.closeExpired(ttl)).toEqual({ closed: 0, credited: 0 });
    const r = await s.services.finance.recharge.closeExpired(ttl, Date.now() + ttl + 1000);
    expect(r.closed).toBeGreaterThanOrEqual(2);
    expect(r.credited).toBeGreaterThanOrEqual(1);
    expect(alipay.trades.get(opened.order.order_no)!.trade_status).toBe('TRADE_CLOSED');
    expect(alipay.calls.some((c) => c.method === 'alipay.trade.close' && c.biz.out_trade_no === never.order.order_no)).toBe(true);
    expect(await statusOf(m, opened.order.order_no)).toBe('cancelled');
    expect(await statusOf(m, never.order.order_no)).toBe('cancelled');
    expect(await statusOf(m, paid.order.order_no)).toBe('paid');
    expect(await coinsOf(m)).toBe(paid.pkg.amount + paid.pkg.bonus);
    // A closed order's pay page goes back to the app; Alipay's TRADE_CLOSED notify afterwards changes nothing.
    const page = await fetch(opened.order.pay_url, { redirect: 'manual' });
    expect(page.status).toBe(303);
    const closed = alipay.signedNotify(alipay.notifyFields(opened.order.order_no));
    expect(await alipay.deliver(notifyUrl, closed)).toEqual({ status: 200, text: 'success' });
    expect(await verdicts(opened.order.order_no)).toEqual(['expired', 'duplicate']);
  });

  it('a refund takes the coins back and refunds at Alipay once; spent coins hold it; a refusal is retried as the same refund', async () => {
    const m = await quickMember(s);
    const { pkg, order } = await alipayOrder(m, 1);
    await openCashier(order.pay_url);
    await payAtCashier(order.order_no);
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
    alipay.failRefunds = true;
    const failed = await s.api.call(api.adminRechargeRefund, { order_no: order.order_no, reason: '用户申请退款' }, { token: op.token });
    alipay.failRefunds = false;
    expect(failed.data).toMatchObject({ status: 'failed', error: expect.stringContaining('ACQ.SELLER_BALANCE_NOT_ENOUGH') });
    expect(await coinsOf(m)).toBe(0);
    const refund = await s.api.call(api.adminRechargeRefund, { order_no: order.order_no, reason: '用户申请退款' }, { token: op.token });
    expect(refund.data).toMatchObject({ status: 'refunded', coins: pkg.amount + pkg.bonus, price_fen: pkg.price_fen });
    const again = await s.api.call(api.adminRechargeRefund, { order_no: order.order_no, reason: '再点一次' }, { token: op.token });
    expect(again.data.status).toBe('refunded');
    const trade = alipay.trades.get(order.order_no)!;
    expect([...trade.refunded.values()]).toEqual([(pkg.price_fen / 100).toFixed(2)]);
    expect(trade.trade_status).toBe('TRADE_CLOSED');
    expect(await statusOf(m, order.order_no)).toBe('refunded');
    expect(await coinsOf(m)).toBe(0);

    // Spent: a gift took most of the coins. The refund is held; nothing moves.
    const spender = await quickMember(s);
    const bought = await alipayOrder(spender, 1);
    await openCashier(bought.order.pay_url);
    await payAtCashier(bought.order.order_no);
    await spendOnRoses(s, spender);
    const left = await coinsOf(spender);
    const held = await s.api.call(api.adminRechargeRefund, { order_no: bought.order.order_no, reason: '用户申请退款' }, { token: op.token });
    expect(held.data.status).toBe('held');
    expect(await coinsOf(spender)).toBe(left);
    expect(alipay.trades.get(bought.order.order_no)!.refunded.size).toBe(0);
    await expectSound(s.deps.db);
  });

  it('reconciliation asks Alipay about each order of the window: a missing credit and an unknown settlement are listed once', async () => {
    const m = await quickMember(s);
    const lost = await alipayOrder(m);
    await openCashier(lost.order.pay_url);
    alipay.pay(lost.order.order_no); // Alipay took the money; its notify never arrived
    const ok = await alipayOrder(m);
    await openCashier(ok.order.pay_url);
    await payAtCashier(ok.order.order_no);
    // A payment for an order number that is none of ours: its notify was refused as an unknown order.
    const foreignNo = `R-foreign-${rid()}`;
    const foreign = await alipay.settleForeign(foreignNo, '12.34', notifyUrl);
    expect(await verdicts(foreignNo)).toEqual(['unknown_order']);
    const ran = await s.api.call(api.adminPayReconcile, { provider: 'alipay', hours: 1 }, { token: op.token });
    expect(ran.code, ran.msg).toBe(200);
    await s.api.call(api.adminPayReconcile, { provider: 'alipay', hours: 1 }, { token: op.token });
    const found = await s.api.call(api.adminPayMismatches, { page: 1, size: 50 }, { token: op.token });
    expect(found.code, found.msg).toBe(200);
    const mine = found.data.list.filter((x) => x.provider === 'alipay');
    expect(mine.filter((x) => x.kind === 'missing_credit' && x.order_no === lost.order.order_no)).toHaveLength(1);
    expect(mine.filter((x) => x.kind === 'unknown_settlement' && x.trade_no === foreign.trade_no)).toMatchObject([{ amount_fen: 1234, order_no: foreignNo }]);
    // Orders paid and credited normally, and those refunded (their trade closed by the refund), are no mismatch.
    expect(mine.filter((x) => x.order_no === ok.order.order_no || x.kind === 'unsettled_credit')).toEqual([]);
    expect(found.data.runs[0]).toMatchObject({ provider: 'alipay' });
  });

  it("reconciliation reads the day's trade bill (a zip of GBK CSV): a payment for an order number we never made, never notified, is listed once", async () => {
    const m = await quickMember(s);
    const ok = await alipayOrder(m);
    await openCashier(ok.order.pay_url);
    await payAtCashier(ok.order.order_no);
    // Refunded since: its refund row in the bill is no settlement of its own, its trade row still one.
    const refunded = await alipayOrder(m, 1);
    await openCashier(refunded.order.pay_url);
    await payAtCashier(refunded.order.order_no);
    await s.api.call(api.adminRechargeRefund, { order_no: refunded.order.order_no, reason: '用户申请退款' }, { token: op.token });
    // Alipay settled a payment under an order number that is none of ours, and sent us no notify at all.
    const silentNo = `R-silent-${rid()}`;
    const silent = alipay.pay(silentNo, '7.50');
    const silentFound = async () =>
      (await s.api.call(api.adminPayMismatches, { page: 1, size: 50 }, { token: op.token })).data.list.filter(
        (x) => x.provider === 'alipay' && x.trade_no === silent.trade_no,
      );
    // Today's bill is not written yet (isp.bill_not_exist): the trade queries find only our own orders.
    const before = await s.api.call(api.adminPayReconcile, { provider: 'alipay', hours: 1 }, { token: op.token });
    expect(before.code, before.msg).toBe(200);
    expect(await silentFound()).toEqual([]);
    // The next morning's bill holds it.
    alipay.billsThrough = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    try {
      for (let i = 0; i < 2; i++) expect((await s.api.call(api.adminPayReconcile, { provider: 'alipay', hours: 1 }, { token: op.token })).code).toBe(200);
    } finally {
      alipay.billsThrough = new Date(Date.now() - 16 * 3_600_000).toISOString().slice(0, 10);
    }
    expect(await silentFound()).toMatchObject([{ kind: 'unknown_settlement', order_no: silentNo, amount_fen: 750 }]);
    expect(alipay.calls.filter((c) => c.method === 'alipay.data.dataservice.bill.downloadurl.query').map((c) => c.biz.bill_type)).toContain('trade');
    const all = (await s.api.call(api.adminPayMismatches, { page: 1, size: 50 }, { token: op.token })).data.list;
    expect(all.filter((x) => x.order_no === ok.order.order_no || x.order_no === refunded.order.order_no)).toEqual([]);
  });
});
