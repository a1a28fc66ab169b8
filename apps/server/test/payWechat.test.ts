/**
 * WeChat Pay API v3 as a payment provider (decisions 0211–0214): the `wechatpay-axios-plugin` SDK
 * talks to a stand-in of WeChat Pay's API on 127.0.0.1 (WECHAT_PAY_API_BASE) that checks the
 * merchant's request signatures and signs its answers and notifies with a platform key pair it makes.
 * A paid H5 order credits once; a forged, tampered, replayed, wrong-amount, unknown-order, oversize
 * or malformed notify credits nothing and gets a clear refusal; an order past its TTL is closed at
 * WeChat Pay; refunds take the coins back (held when spent); reconciliation lists a missing credit
 * and an unknown settlement.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, fullPath } from '@app/contract';
import { WechatPayStandIn } from '@app/testkit';
import { closeDueOrders, expectSound, makeOperator, orderStates, quickMember, rid, spendOnRoses } from './financeHelpers.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

const wx = new WechatPayStandIn();
let s: TestServer;
let op: { id: number; token: string };
let notifyUrl: string;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  await wx.start();
  s = await startTestServer({ env: { PAY_PROVIDERS: 'sandbox,wechat', ...wx.env } });
  notifyUrl = `${s.url}${fullPath(api.wechatPayNotify)}`;
  wx.notifyUrl = notifyUrl;
  op = await quickMember(s);
  await makeOperator(s, op.id);
});
afterAll(async () => {
  await s?.close();
  await wx.stop();
});

const coinsOf = async (m: { token: string }) => (await s.api.call(api.financeWallet, undefined, { token: m.token })).data.coin;

/** A member's WeChat Pay order for a package, and the trade the stand-in made for it. */
async function wechatOrder(m: { token: string }, packageIndex = 0) {
  const cats = await s.api.call(api.rechargeCategory, undefined, { token: m.token });
  const pkg = cats.data.list[packageIndex]!;
  const order = await s.api.call(
    api.rechargeOrder,
    { request_id: rid(), package_id: pkg.id, provider: 'wechat' },
    { token: m.token, headers: { 'User-Agent': PHONE } },
  );
  expect(order.code, order.msg).toBe(200);
  return { pkg, order: order.data, trade: wx.trades.get(order.data.order_no)! };
}

/** The notify WeChat Pay sends once a trade is paid (the resource as the order query shows it). */
const paidNotify = (trade: object) => {
  const { notify_url: _n, payer_client_ip: _i, prepay_id: _p, time_expire: _e, description: _d, ...resource } = trade as Record<string, unknown>;
  return wx.notifyBody(resource);
};

const deliver = (body: string, headers = wx.headers(body)) => wx.deliver(body, headers);

/** What the order's callback log says, in order. */
const verdicts = async (orderNo: string) =>
  (await s.deps.db.kysely.selectFrom('payment_callbacks').select('verdict').where('order_no', '=', orderNo).orderBy('id').execute()).map((r) => r.verdict);

describe('WeChat Pay H5', () => {
  it('an order opens an H5 payment of its price that comes back to the recharge page; the H5 page pays it and the notify credits once', async () => {
    const m = await quickMember(s);
    const cats = await s.api.call(api.rechargeCategory, undefined, { token: m.token });
    expect(cats.data.providers).toEqual(['sandbox', 'wechat']);
    const { pkg, order, trade } = await wechatOrder(m, 1);
    expect(trade).toMatchObject({ amount: { total: pkg.price_fen, currency: 'CNY' }, trade_state: 'NOTPAY', payer_client_ip: '127.0.0.1' });
    expect(trade.notify_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/pay\/wechat\/notify$/);
    const payUrl = new URL(order.pay_url);
    expect(payUrl.searchParams.get('prepay_id')).toBe(trade.prepay_id);
    expect(payUrl.searchParams.get('redirect_url')).toContain('#/pages/user/recharge');
    // The payer confirms on the H5 page: the stand-in posts the signed, encrypted notify, then sends the payer back.
    const confirm = await fetch(
      `${wx.url}/h5pay/confirm?prepay_id=${trade.prepay_id}&redirect_url=${encodeURIComponent(payUrl.searchParams.get('redirect_url')!)}`,
      {
        method: 'POST',
        redirect: 'manual',
      },
    );
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toContain('#/pages/user/recharge');
    expect(wx.notified.at(-1)).toEqual({ out_trade_no: order.order_no, status: 200 });
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
    // WeChat Pay repeats a notify until it is acknowledged: the repeats credit nothing more.
    const again = paidNotify(wx.trades.get(order.order_no)!);
    const answers = await Promise.all([deliver(again), deliver(again)]);
    for (const a of answers) expect(a).toMatchObject({ status: 200, body: { code: 200, data: { order_no: order.order_no, status: 'paid' } } });
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
    expect(await verdicts(order.order_no)).toEqual(['credited', 'duplicate', 'duplicate']);
    expect((await s.api.call(api.rechargeFetch, { order_no: order.order_no }, { token: m.token })).data.list[0]).toMatchObject({ status: 'paid', pay_url: '' });
    await expectSound(s.deps.db);
  });

  it('inside the WeChat app an order is refused with a clear message before anything is made (H5 pay does not work there)', async () => {
    const m = await quickMember(s);
    const cats = await s.api.call(api.rechargeCategory, undefined, { token: m.token });
    const before = wx.trades.size;
    const ua = `${PHONE} MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN`;
    const r = await s.api.call(
      api.rechargeOrder,
      { request_id: rid(), package_id: cats.data.list[0]!.id, provider: 'wechat' },
      { token: m.token, headers: { 'User-Agent': ua } },
    );
    expect(r).toMatchObject({ code: ErrorCode.WECHAT_PAY_OPEN_IN_BROWSER, msg: expect.stringContaining('在浏览器打开') });
    expect(wx.trades.size).toBe(before);
    expect((await s.api.call(api.rechargeFetch, { page: 1, size: 5 }, { token: m.token })).data.total).toBe(0);
  });

  it('refuses and logs a forged, tampered, replayed or wrongly keyed notify, a wrong amount, another merchant, an unknown order: nothing credited', async () => {
    const m = await quickMember(s);
    const { order, trade } = await wechatOrder(m);
    const done = { ...trade, trade_state: 'SUCCESS', transaction_id: '4200000000000000000000000001', success_time: '2026-12-01T10:00:00+08:00' };
    const paid = paidNotify(done);
    const refused = async (body: string, headers: Record<string, string>, verdict: string) => {
      const r = await deliver(body, headers);
      expect(r.status, verdict).toBe(400);
      expect(r.body.code, verdict).toBe(ErrorCode.PAYMENT_REFUSED);
      return r.body.msg;
    };
    const someoneElse = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    // Signed with another key; a body changed after signing; another key's serial; an old timestamp (a replay); no signature at all.
    expect(await refused(paid, wx.headers(paid, { key: someoneElse }), 'forged')).toBe('支付回调校验失败：签名错误');
    await refused(paid.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '), wx.headers(paid), 'tampered');
    await refused(paid, wx.headers(paid, { serial: 'PUB_KEY_ID_0000' }), 'unknown serial');
    expect(await refused(paid, wx.headers(paid, { timestamp: Math.floor(Date.now() / 1000) - 3600 }), 'replayed')).toBe('支付回调校验失败：回调已过期');
    const { 'wechatpay-signature': _sig, ...unsigned } = wx.headers(paid);
    await refused(paid, unsigned, 'no signature');
    // Correctly signed, but not this order's money, or encrypted with another APIv3 key.
    const cheap = paidNotify({ ...done, amount: { ...done.amount, total: 1 } });
    expect(await refused(cheap, wx.headers(cheap), 'amount')).toBe('支付回调校验失败：金额与订单不符');
    const otherKey = wx.notifyBody(done, { apiV3Key: 'k'.repeat(32) });
    expect(await refused(otherKey, wx.headers(otherKey), 'other APIv3 key')).toMatch(/^支付回调校验失败：回调格式错误/);
    const merchant = paidNotify({ ...done, mchid: '1900000000' });
    await refused(merchant, wx.headers(merchant), 'another merchant');
    const unknown = paidNotify({ ...done, out_trade_no: 'R-nobody-wx' });
    expect(await refused(unknown, wx.headers(unknown), 'unknown')).toBe('支付回调校验失败：订单不存在');

    expect(await coinsOf(m)).toBe(0);
    expect((await s.api.call(api.rechargeFetch, { order_no: order.order_no }, { token: m.token })).data.list[0]!.status).toBe('pending');
    expect(await verdicts(order.order_no)).toEqual([
      'bad_signature',
      'bad_signature',
      'bad_signature',
      'stale',
      'bad_signature',
      'amount_mismatch',
      'malformed',
    ]);
    expect(await verdicts('R-nobody-wx')).toEqual(['unknown_order']);
  });

  it('answers oversize and malformed bodies with a clear 4xx envelope, never a 5xx; a notify of no payment is acknowledged', async () => {
    const post = async (body: string, headers: Record<string, string>) => {
      const res = await fetch(notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
    };
    const big = JSON.stringify({ id: 'x', event_type: 'TRANSACTION.SUCCESS', resource: {}, pad: 'x'.repeat(80 * 1024) });
    expect(await post(big, wx.headers(big))).toMatchObject({ status: 413, body: { code: ErrorCode.BODY_TOO_LARGE } });
    expect(await post('{"id": "x", "event_type"', wx.headers('{"id": "x", "event_type"'))).toMatchObject({ status: 400, body: { code: ErrorCode.VALIDATION } });
    const noResource = JSON.stringify({ id: 'x', event_type: 'TRANSACTION.SUCCESS' });
    expect(await post(noResource, wx.headers(noResource))).toMatchObject({
      status: 400,
      body: { code: ErrorCode.VALIDATION, msg: expect.stringContaining('resource') },
    });
    // Signed, but its resource is no AEAD_AES_256_GCM ciphertext: refused as malformed.
    const garbled = JSON.stringify({
      id: 'x',
      event_type: 'TRANSACTION.SUCCESS',
      resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext: 'AAAA', nonce: 'n', associated_data: '' },
    });
    expect(await post(garbled, wx.headers(garbled))).toMatchObject({ status: 400, body: { code: ErrorCode.PAYMENT_REFUSED } });
    // A refund's notify concerns no recharge payment: acknowledged, moves nothing.
    const refund = wx.notifyBody({ mchid: wx.mchid, out_trade_no: 'R1', refund_status: 'SUCCESS' }, { eventType: 'REFUND.SUCCESS' });
    expect(await post(refund, wx.headers(refund))).toMatchObject({ status: 200, body: { code: 200, data: { status: 'ignored' } } });
  });

  it('closes an order unpaid past its TTL at WeChat Pay; one paid meanwhile is credited instead', async () => {
    const m = await quickMember(s);
    const a = await wechatOrder(m);
    const b = await wechatOrder(m, 1);
    wx.pay(b.order.order_no); // paid, but its notify never came
    const r = await closeDueOrders(s);
    expect(r.closed).toBeGreaterThanOrEqual(1);
    expect(r.credited).toBeGreaterThanOrEqual(1);
    expect(wx.trades.get(a.order.order_no)!.trade_state).toBe('CLOSED');
    expect(await orderStates(s, m)).toMatchObject({ [a.order.order_no]: { status: 'cancelled', pay_url: '' }, [b.order.order_no]: { status: 'paid' } });
    expect(await coinsOf(m)).toBe(b.pkg.amount + b.pkg.bonus);
    expect(await verdicts(a.order.order_no)).toEqual(['expired']);
    expect(await verdicts(b.order.order_no)).toEqual(['credited']);
  });

  it('a refund takes the coins back through the ledger and refunds at WeChat Pay once; spent coins hold it, never below zero', async () => {
    const m = await quickMember(s);
    const { pkg, order } = await wechatOrder(m, 1);
    await deliver(paidNotify(wx.pay(order.order_no)));
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
    wx.failRefunds = true;
    const failed = await s.api.call(api.adminRechargeRefund, { order_no: order.order_no, reason: '用户申请退款' }, { token: op.token });
    wx.failRefunds = false;
    expect(failed.data).toMatchObject({ status: 'failed', error: expect.stringContaining('NOT_ENOUGH') });
    expect(await coinsOf(m)).toBe(0);
    const refund = await s.api.call(api.adminRechargeRefund, { order_no: order.order_no, reason: '用户申请退款' }, { token: op.token });
    expect(refund.data).toMatchObject({ status: 'refunded', coins: pkg.amount + pkg.bonus, price_fen: pkg.price_fen });
    await s.api.call(api.adminRechargeRefund, { order_no: order.order_no, reason: '再点一次' }, { token: op.token });
    const mine = wx.refunds.filter((r) => r.transaction_id === wx.trades.get(order.order_no)!.transaction_id);
    expect(mine).toEqual([expect.objectContaining({ refund: pkg.price_fen, refund_id: refund.data.provider_ref })]);
    expect(await coinsOf(m)).toBe(0);

    // Spent: a gift took most of the coins. The refund is held; nothing moves.
    const spender = await quickMember(s);
    const paid = await wechatOrder(spender, 1);
    await deliver(paidNotify(wx.pay(paid.order.order_no)));
    const left = await spendOnRoses(s, spender);
    const held = await s.api.call(api.adminRechargeRefund, { order_no: paid.order.order_no, reason: '用户申请退款' }, { token: op.token });
    expect(held.data.status).toBe('held');
    expect(await coinsOf(spender)).toBe(left);
    expect(wx.refunds.filter((r) => r.transaction_id === wx.trades.get(paid.order.order_no)!.transaction_id)).toEqual([]);
    await expectSound(s.deps.db);
  });

  it('reconciliation lists a missing credit (from the order query) and an unknown settlement (from the trade bill), once however often it runs', async () => {
    const m = await quickMember(s);
    const lost = await wechatOrder(m);
    wx.pay(lost.order.order_no); // WeChat Pay took the money; its notify never arrived
    const foreign = wx.settleForeign(`Rforeign${Date.now()}`, 1234);
    const ran = await s.api.call(api.adminPayReconcile, { provider: 'wechat', hours: 1 }, { token: op.token });
    expect(ran.code, ran.msg).toBe(200);
    await s.api.call(api.adminPayReconcile, { provider: 'wechat', hours: 1 }, { token: op.token });
    const found = await s.api.call(api.adminPayMismatches, { page: 1, size: 50 }, { token: op.token });
    const of = (kind: string, ref: (x: (typeof found.data.list)[number]) => boolean) => found.data.list.filter((x) => x.kind === kind && ref(x));
    expect(of('missing_credit', (x) => x.order_no === lost.order.order_no)).toMatchObject([{ provider: 'wechat', amount_fen: lost.pkg.price_fen }]);
    expect(of('unknown_settlement', (x) => x.trade_no === foreign.transaction_id)).toMatchObject([
      { amount_fen: 1234, provider: 'wechat', order_no: foreign.out_trade_no },
    ]);
    // Orders paid and credited normally (the tests above) are no mismatch.
    expect(found.data.list.filter((x) => x.provider === 'wechat' && x.kind !== 'missing_credit' && x.kind !== 'unknown_settlement')).toEqual([]);
    expect(found.data.runs[0]).toMatchObject({ provider: 'wechat' });
  });
});
