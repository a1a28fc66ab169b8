import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { expectSound, giftId, quickMember, rechargeHttp, rid } from './financeHelpers.js';

const C = MONEY_UNIT;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const coinOf = async (token: string) => (await s.api.call(api.userInfo, undefined, { token })).data.coin;

describe('concurrent money', () => {
  it('50 gifts at once that together exceed the balance: exactly the affordable ones succeed, none overdraws', async () => {
    const fan = await quickMember(s);
    const host = await quickMember(s);
    await rechargeHttp(s, fan.token, 2); // 300 + 10 coins
    const rose = await giftId(s, '玫瑰'); // 10 coins: 31 are affordable
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => s.api.call(api.giftSend, { request_id: rid(), gift_id: rose.id, count: 1, receiver_id: host.id }, { token: fan.token })),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(31);
    expect(codes.filter((c) => c === ErrorCode.BALANCE_NOT_ENOUGH)).toHaveLength(19);
    expect(answers.find((a) => a.code === ErrorCode.BALANCE_NOT_ENOUGH)!.msg).toContain('充值');
    expect(await coinOf(fan.token)).toBe(0);
    // Every answered balance is distinct: each success saw its own debit.
    expect(new Set(answers.filter((a) => a.code === 200).map((a) => a.data.coin)).size).toBe(31);
    // One combo run: the room sees ×1 … ×31, no number twice (gifts of one sender go one at a time).
    expect(
      answers
        .filter((a) => a.code === 200)
        .map((a) => a.data.record.combo)
        .sort((x, y) => x - y),
    ).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect((await s.api.call(api.financeWallet, undefined, { token: host.token })).data.gift_pending).toBe(155 * C);
    await expectSound(s.deps.db);
  });

  it('the same idempotency key sent at once moves money once and answers the first result to all', async () => {
    const fan = await quickMember(s);
    const host = await quickMember(s);
    await rechargeHttp(s, fan.token, 2);
    const rose = await giftId(s, '玫瑰');
    const key = rid();
    const same = await Promise.all(
      Array.from({ length: 8 }, () => s.api.call(api.giftSend, { request_id: key, gift_id: rose.id, count: 2, receiver_id: host.id }, { token: fan.token })),
    );
    expect(same.map((a) => a.code)).toEqual(Array(8).fill(200));
    expect(new Set(same.map((a) => a.data.record.id)).size).toBe(1);
    expect(new Set(same.map((a) => a.data.coin))).toEqual(new Set([290 * C]));
    expect(await coinOf(fan.token)).toBe(290 * C);
    // The key used for another send is refused, not answered with the first one.
    const other = await s.api.call(api.giftSend, { request_id: key, gift_id: rose.id, count: 3, receiver_id: host.id }, { token: fan.token });
    expect(other.code).toBe(ErrorCode.CONFLICT);
    // Still the first result later, when the same send would now be refused (no coins left).
    const spend = await s.api.call(api.giftSend, { request_id: rid(), gift_id: rose.id, count: 29, receiver_id: host.id }, { token: fan.token });
    expect(spend.data.coin).toBe(0);
    const later = await s.api.call(api.giftSend, { request_id: key, gift_id: rose.id, count: 2, receiver_id: host.id }, { token: fan.token });
    expect([later.code, later.data.record.id, later.data.coin]).toEqual([200, same[0]!.data.record.id, 290 * C]);

    // Collect, exchange and withdraw keys too.
    const ck = rid();
    const cols = await Promise.all([0, 1, 2, 3].map(() => s.api.call(api.receiveGiftMoney, { request_id: ck }, { token: host.token })));
    expect(cols.map((c) => c.data.collected)).toEqual([155 * C, 155 * C, 155 * C, 155 * C]);
    const ek = rid();
    const exs = await Promise.all([0, 1, 2].map(() => s.api.call(api.exchangeOrder, { request_id: ek, amount: 4 * C }, { token: host.token })));
    expect(new Set(exs.map((e) => e.data.id)).size).toBe(1);
    const ok = rid();
    const orders = await Promise.all([0, 1, 2].map(() => s.api.call(api.rechargeOrder, { request_id: ok, package_id: 1 }, { token: fan.token })));
    expect(new Set(orders.map((o) => o.data.order_no)).size).toBe(1);
    expect((await s.api.call(api.financeWallet, undefined, { token: host.token })).data).toMatchObject({ coin: 4 * C, gift_earnings: 151 * C });
    await expectSound(s.deps.db);
  });

  it('a key refused for short earnings stays refused once earnings arrive (exchange, withdrawal; copies at once too)', async () => {
    const fan = await quickMember(s);
    const host = await quickMember(s);
    const ek = rid();
    const wk = rid();
    const w = { request_id: wk, platform: 'bank' as const, account: '6222020200112233445', account_name: '王五', amount: 100 * C };
    const first = await Promise.all([
      ...[0, 1, 2].map(() => s.api.call(api.exchangeOrder, { request_id: ek, amount: 4 * C }, { token: host.token })),
      ...[0, 1, 2].map(() => s.api.call(api.withdrawOrder, w, { token: host.token })),
    ]);
    expect(first.map((a) => a.code)).toEqual(Array(6).fill(ErrorCode.EARNINGS_NOT_ENOUGH));

    // 150 coins of earnings arrive.
    await rechargeHttp(s, fan.token, 2);
    const rose = await giftId(s, '玫瑰');
    expect((await s.api.call(api.giftSend, { request_id: rid(), gift_id: rose.id, count: 30, receiver_id: host.id }, { token: fan.token })).code).toBe(200);
    expect((await s.api.call(api.receiveGiftMoney, { request_id: rid() }, { token: host.token })).data.collected).toBe(150 * C);

    // The same requests again: the same refusal, nothing moves. Another request under the key: CONFLICT.
    const again = await Promise.all([
      s.api.call(api.exchangeOrder, { request_id: ek, amount: 4 * C }, { token: host.token }),
      s.api.call(api.withdrawOrder, w, { token: host.token }),
    ]);
    expect(again.map((a) => [a.code, a.msg])).toEqual(first.slice(0, 2).map((a) => [ErrorCode.EARNINGS_NOT_ENOUGH, a.msg]));
    const other = await Promise.all([
      s.api.call(api.exchangeOrder, { request_id: ek, amount: 5 * C }, { token: host.token }),
      s.api.call(api.withdrawOrder, { ...w, platform: 'wechat', account: 'wx_wangwu' }, { token: host.token }),
    ]);
    expect(other.map((a) => [a.code, a.msg])).toEqual(other.map(() => [ErrorCode.CONFLICT, 'request_id 已用于另一笔操作']));
    expect((await s.api.call(api.financeWallet, undefined, { token: host.token })).data).toMatchObject({ coin: 0, gift_earnings: 150 * C });
    expect((await s.api.call(api.withdrawFetch, {}, { token: host.token })).data.total).toBe(0);
    // A new key is a new request: it goes through.
    expect((await s.api.call(api.exchangeOrder, { request_id: rid(), amount: 4 * C }, { token: host.token })).code).toBe(200);
    await expectSound(s.deps.db);
  });

  it('opposite gifts, collections, exchanges and recharges all at once keep the books (row locks in one order)', async () => {
    const users = [await quickMember(s), await quickMember(s), await quickMember(s)];
    for (const u of users) await rechargeHttp(s, u.token, 3);
    const heart = await giftId(s, '爱心');
    const jobs = [];
    for (let i = 0; i < 60; i++) {
      const from = users[i % 3]!;
      const to = users[(i + 1 + (i % 2)) % 3]!;
      jobs.push(s.api.call(api.giftSend, { request_id: rid(), gift_id: heart.id, count: 1 + (i % 3), receiver_id: to.id }, { token: from.token }));
      if (i % 5 === 0) jobs.push(s.api.call(api.receiveGiftMoney, { request_id: rid() }, { token: to.token }));
      if (i % 7 === 0) jobs.push(s.api.call(api.exchangeOrder, { request_id: rid(), amount: 3 * C }, { token: from.token }));
      if (i % 11 === 0) jobs.push(s.api.call(api.checkIn, { request_id: rid() }, { token: from.token }));
    }
    const codes = (await Promise.all(jobs)).map((a) => a.code);
    expect(
      codes.every((c) => [200, ErrorCode.BALANCE_NOT_ENOUGH, ErrorCode.EARNINGS_NOT_ENOUGH, ErrorCode.ALREADY_CHECKED_IN].includes(c as never)),
      String(codes),
    ).toBe(true);
    await expectSound(s.deps.db);
  });
});

describe('payment callbacks', () => {
  const secret = () => s.services.finance.config.paySandboxSecret;
  const sign = (b: { amount_fen: number; nonce: string; order_no: string; status: string; timestamp: number; trade_no: string }, key = secret()) =>
    createHmac('sha256', key).update([b.amount_fen, b.nonce, b.order_no, b.status, b.timestamp, b.trade_no].join('|')).digest('hex');
  const body = (order_no: string, amount_fen: number, over: Partial<{ status: string; timestamp: number; key: string }> = {}) => {
    const b = {
      order_no,
      trade_no: `T${rid()}`,
      amount_fen,
      status: over.status ?? 'paid',
      timestamp: over.timestamp ?? Math.floor(Date.now() / 1000),
      nonce: rid(),
    };
    return { ...b, sign: sign(b, over.key) };
  };
  const verdicts = async (orderNo: string) =>
    (await s.deps.db.kysely.selectFrom('payment_callbacks').select('verdict').where('order_no', '=', orderNo).orderBy('id').execute()).map((r) => r.verdict);

  it('credits a duplicated valid callback once, even when the copies arrive together', async () => {
    const u = await quickMember(s);
    const order = (await s.api.call(api.rechargeOrder, { request_id: rid(), package_id: 2 }, { token: u.token })).data;
    const cb = body(order.order_no, order.price_fen);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => s.api.call(api.sandboxPayCallback, i < 3 ? cb : body(order.order_no, order.price_fen))),
    );
    expect(answers.map((a) => [a.code, a.data.status])).toEqual(Array(6).fill([200, 'paid']));
    expect(await coinOf(u.token)).toBe(310 * C);
    const v = await verdicts(order.order_no);
    expect(v.filter((x) => x === 'credited')).toHaveLength(1);
    expect(v.filter((x) => x === 'duplicate')).toHaveLength(5);
    await expectSound(s.deps.db);
  });

  it('refuses and logs forged, amount-changed, replayed (stale) and unknown-order callbacks', async () => {
    const u = await quickMember(s);
    const order = (await s.api.call(api.rechargeOrder, { request_id: rid(), package_id: 6 }, { token: u.token })).data;
    const good = body(order.order_no, order.price_fen);
    const cases = [
      { name: 'forged with another key', b: body(order.order_no, order.price_fen, { key: 'guessed-secret' }) },
      { name: 'amount changed after signing', b: { ...good, amount_fen: 1 } },
      { name: 'status changed after signing', b: { ...body(order.order_no, order.price_fen, { status: 'cancelled' }), status: 'paid' } },
      { name: 'replayed after the window', b: body(order.order_no, order.price_fen, { timestamp: Math.floor(Date.now() / 1000) - 3600 }) },
      { name: 'signed for a smaller amount', b: body(order.order_no, 1) },
      { name: 'unknown order', b: body('R000000000000nope', order.price_fen) },
    ];
    for (const c of cases) {
      const r = await s.api.call(api.sandboxPayCallback, c.b);
      expect([r.status, r.code], c.name).toEqual([400, ErrorCode.PAYMENT_REFUSED]);
    }
    const bad = await s.api.call(api.sandboxPayCallback, { ...good, sign: 'zz' });
    expect(bad.status).toBe(400); // not even a signature: schema validation
    expect(await coinOf(u.token)).toBe(0);
    expect(await verdicts(order.order_no)).toEqual(['bad_signature', 'bad_signature', 'bad_signature', 'stale', 'amount_mismatch']);
    expect(await verdicts('R000000000000nope')).toEqual(['unknown_order']);
    expect((await s.api.call(api.rechargeFetch, { order_no: order.order_no }, { token: u.token })).data.list[0]!.status).toBe('pending');
    // The genuine one still goes through.
    expect((await s.api.call(api.sandboxPayCallback, good)).code).toBe(200);
    expect(await coinOf(u.token)).toBe(7080 * C);
  });

  it('cancels a pending order; a payment confirmed after the cancel still credits (the money was taken)', async () => {
    const u = await quickMember(s);
    const order = (await s.api.call(api.rechargeOrder, { request_id: rid(), package_id: 1 }, { token: u.token })).data;
    const c = await s.api.call(api.sandboxPayCallback, body(order.order_no, order.price_fen, { status: 'cancelled' }));
    expect(c.data.status).toBe('cancelled');
    expect((await s.api.call(api.rechargeFetch, { status: 'cancelled' }, { token: u.token })).data.list[0]).toMatchObject({
      order_no: order.order_no,
      pay_url: '',
    });
    expect((await s.api.call(api.sandboxPayCallback, body(order.order_no, order.price_fen))).data.status).toBe('paid');
    expect(await coinOf(u.token)).toBe(60 * C);
  });

  it('serves the sandbox checkout page, whose buttons post a valid signed result', async () => {
    const u = await quickMember(s);
    const order = (await s.api.call(api.rechargeOrder, { request_id: rid(), package_id: 1 }, { token: u.token })).data;
    expect(order.pay_url).toBe(`/api/pay/sandbox/checkout/${order.order_no}`);
    const page = await fetch(`${s.url}${order.pay_url}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('确认支付');
    expect(html).toContain('取消');
    const pay = JSON.parse(/PAY = (\{.*?\}),/.exec(html)![1]!) as Record<string, unknown>;
    expect((await s.api.call(api.sandboxPayCallback, pay)).code).toBe(200);
    expect(await coinOf(u.token)).toBe(60 * C);
    expect(await (await fetch(`${s.url}${order.pay_url}`)).text()).toContain('该订单已支付');
    expect((await fetch(`${s.url}/api/pay/sandbox/checkout/nope`)).status).toBe(404);
  });
});
