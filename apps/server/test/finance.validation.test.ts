import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, MAX_AMOUNT, type RouteDef } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { expectSound, giftId, makeOperator, quickMember, rechargeHttp, rid } from './financeHelpers.js';

const C = MONEY_UNIT;
let s: TestServer;
let me: { id: number; token: string };
let other: { id: number; token: string };
let rose: { id: number; price: number };

beforeAll(async () => {
  s = await startTestServer();
  me = await quickMember(s);
  other = await quickMember(s);
  rose = await giftId(s, '玫瑰');
  await rechargeHttp(s, me.token, 2);
});
afterAll(async () => {
  await s?.close();
});

/** Calls with input and expects [status, code]. */
async function expectRefused(def: RouteDef, input: Record<string, unknown>, status: number, code: number, token = me.token) {
  const r = await s.api.call(def, input, { token });
  expect([r.status, r.code], `${def.path} ${JSON.stringify(input)} → ${r.msg}`).toEqual([status, code]);
  return r;
}

const BAD_AMOUNTS = [0, -1, -10 * C, 1.5, 0.0001, MAX_AMOUNT + 1, 1e300, '100', null, true];

describe('bad input on every wallet call', () => {
  it('gift/send: counts, ids, keys, self, unknown gift and receiver', async () => {
    const base = { request_id: rid(), gift_id: rose.id, count: 1, receiver_id: other.id };
    for (const count of [0, -1, 1.5, 10_000, 1e9, '2', null])
      await expectRefused(api.giftSend, { ...base, request_id: rid(), count }, 400, ErrorCode.VALIDATION);
    for (const gift_id of [0, -3, 2.5, 'x']) await expectRefused(api.giftSend, { ...base, request_id: rid(), gift_id }, 400, ErrorCode.VALIDATION);
    for (const request_id of ['', 'short', 'x'.repeat(65), 'has space!!', 12345678])
      await expectRefused(api.giftSend, { ...base, request_id }, 400, ErrorCode.VALIDATION);
    const { request_id: _, ...noKey } = base;
    await expectRefused(api.giftSend, noKey, 400, ErrorCode.VALIDATION);
    await expectRefused(api.giftSend, { ...base, amount: 1 }, 400, ErrorCode.VALIDATION); // unknown field
    await expectRefused(api.giftSend, { ...base, gift_id: 999_999 }, 200, ErrorCode.GIFT_NOT_FOUND);
    await expectRefused(api.giftSend, { ...base, receiver_id: me.id }, 200, ErrorCode.GIFT_TO_SELF);
    await expectRefused(api.giftSend, { ...base, receiver_id: 999_999 }, 200, ErrorCode.RECEIVER_NOT_FOUND);
    const guest = await s.api.call(api.visitor, undefined, { headers: { Device: `dev-${rid()}` } });
    await expectRefused(api.giftSend, { ...base, receiver_id: guest.data.user.id }, 200, ErrorCode.RECEIVER_NOT_FOUND);
    await expectRefused(api.giftSend, { ...base, count: 9999 }, 200, ErrorCode.BALANCE_NOT_ENOUGH);
    // Guests and strangers cannot send at all.
    await expectRefused(api.giftSend, base, 401, ErrorCode.GUEST_NOT_ALLOWED, guest.data.token);
    expect((await s.api.call(api.giftSend, base)).status).toBe(401);
    // Nothing of that moved money.
    expect((await s.api.call(api.financeWallet, undefined, { token: me.token })).data.coin).toBe(310 * C);
  });

  it('exchange and withdrawal amounts: negative, zero, fractional, huge, not whole coins, below the minimum, above the balance', async () => {
    for (const amount of BAD_AMOUNTS) await expectRefused(api.exchangeOrder, { request_id: rid(), amount }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.exchangeOrder, { request_id: rid(), amount: 5 * C }, 200, ErrorCode.EARNINGS_NOT_ENOUGH);
    const w = { request_id: rid(), platform: 'bank', account: '6222020200112233445', account_name: '李四' };
    for (const amount of BAD_AMOUNTS) await expectRefused(api.withdrawOrder, { ...w, request_id: rid(), amount }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.withdrawOrder, { ...w, request_id: rid(), amount: 150 * C + 1 }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.withdrawOrder, { ...w, request_id: rid(), amount: 99 * C }, 200, ErrorCode.WITHDRAW_BELOW_MIN);
    await expectRefused(api.withdrawOrder, { ...w, request_id: rid(), amount: 100 * C }, 200, ErrorCode.EARNINGS_NOT_ENOUGH);
    await expectRefused(api.withdrawOrder, { ...w, request_id: rid(), platform: 'paypal', amount: 100 * C }, 400, ErrorCode.VALIDATION);
    for (const [platform, account] of [
      ['bank', '1234'],
      ['bank', 'abcdabcdabcd'],
      ['alipay', 'not-an-account'],
      ['wechat', '1abc'],
    ]) {
      await expectRefused(api.withdrawOrder, { ...w, request_id: rid(), platform, account, amount: 100 * C }, 400, ErrorCode.VALIDATION);
    }
    await expectRefused(api.withdrawOrder, { ...w, request_id: rid(), account_name: '', amount: 100 * C }, 400, ErrorCode.VALIDATION);
  });

  it('recharge: packages and providers that do not exist, someone else’s order answered as not found', async () => {
    for (const package_id of [0, -1, 1.5, 'x']) await expectRefused(api.rechargeOrder, { request_id: rid(), package_id }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.rechargeOrder, { request_id: rid(), package_id: 999 }, 200, ErrorCode.NOT_FOUND);
    await expectRefused(api.rechargeOrder, { request_id: rid(), package_id: 1, provider: 'paypal' }, 400, ErrorCode.VALIDATION);
    const mine = (await s.api.call(api.rechargeFetch, {}, { token: me.token })).data.list[0]!;
    await expectRefused(api.rechargeFetch, { order_no: mine.order_no }, 200, ErrorCode.NOT_FOUND, other.token);
    await expectRefused(api.rechargeFetch, { order_no: 'R-none' }, 200, ErrorCode.NOT_FOUND);
    // The callback's own fields.
    const cb = { order_no: mine.order_no, trade_no: 'T', status: 'paid', timestamp: 1, nonce: rid(), sign: 'a'.repeat(64) };
    for (const amount_fen of [-1, 1.5, 'x']) await expectRefused(api.sandboxPayCallback, { ...cb, amount_fen }, 400, ErrorCode.VALIDATION);
  });

  it('someone else’s withdrawal is not found, and only operators review', async () => {
    // Give `other` withdrawable earnings: me → other gifts, collected.
    await s.api.call(api.giftSend, { request_id: rid(), gift_id: rose.id, count: 30, receiver_id: other.id }, { token: me.token });
    await s.api.call(api.receiveGiftMoney, { request_id: rid() }, { token: other.token });
    const wd = await s.api.call(
      api.withdrawOrder,
      { request_id: rid(), platform: 'alipay', account: 'li@example.com', account_name: '李四', amount: 100 * C },
      { token: other.token },
    );
    expect(wd.code, wd.msg).toBe(200);
    await expectRefused(api.withdrawFetch, { id: wd.data.id }, 200, ErrorCode.NOT_FOUND, me.token);
    expect((await s.api.call(api.withdrawFetch, { id: wd.data.id }, { token: other.token })).data.list[0]!.account).toBe('li@e****.com');
    await expectRefused(api.adminWithdrawApprove, { request_id: rid(), id: wd.data.id }, 403, ErrorCode.FORBIDDEN);
    const op = await quickMember(s);
    await makeOperator(s, op.id);
    await expectRefused(api.adminWithdrawApprove, { request_id: rid(), id: 999_999 }, 200, ErrorCode.NOT_FOUND, op.token);
    await expectRefused(api.adminWithdrawReject, { request_id: rid(), id: wd.data.id, reason: '' }, 400, ErrorCode.VALIDATION, op.token);
    await expectRefused(api.adminWithdrawApprove, { request_id: rid(), id: -1 }, 400, ErrorCode.VALIDATION, op.token);
  });

  it('list and query calls refuse bad filters and paging', async () => {
    await expectRefused(api.userMoneyChange, { type: 'bogus' }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.userMoneyChange, { type: 'recharge,bogus' }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.userMoneyChange, { type: 'recharge,' }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.userMoneyChange, { account: 'savings' }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.userMoneyChange, { page: 0 }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.userMoneyChange, { size: 51 }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.recordGift, { direction: 'sideways' }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.statisticsGiftMoney, { days: 5 }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.rankFetch, { type: 'beauty' }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.rankFetch, { period: 'year' }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.rankFetch, { size: 101 }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.receiveGiftMoney, {}, 400, ErrorCode.VALIDATION);
    await expectRefused(api.checkIn, { request_id: rid(), bonus: 100 }, 400, ErrorCode.VALIDATION);
    await expectRefused(api.withdrawFetch, { id: 'x' }, 400, ErrorCode.VALIDATION);
    expect((await s.api.call(api.financeWallet)).status).toBe(401);
  });

  it('leaves the books balanced after all of it', async () => {
    await expectSound(s.deps.db);
  });
});
