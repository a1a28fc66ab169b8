import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { api, type OperatorRole } from '@app/contract';
import type { Db } from '../src/db/database.js';
import { userRepository } from '../src/modules/user/user.repository.js';
import { operators } from '../src/modules/operator/operators.js';
import { newInviteCode, userDefaults } from '../src/modules/user/newUser.js';
import { checkLedger } from '../src/modules/finance/ledger/invariants.js';
import type { TestServer } from './helpers/testServer.js';
import { jsonNotify } from '../src/modules/finance/recharge/paymentProvider.js';

/** A fresh idempotency key. */
export const rid = (): string => randomBytes(12).toString('hex');

let seq = 0;
/** A member created straight in the database (fast: no captcha or SMS), with a session token. */
export async function quickMember(s: TestServer, nickname?: string): Promise<{ id: number; token: string }> {
  const n = ++seq;
  const user = await userRepository.insert(s.deps.db.kysely, {
    ...userDefaults(),
    account: `fin${process.pid}_${n}_${randomBytes(3).toString('hex')}`,
    nickname: nickname ?? `钱包${n}`,
    invite_code: newInviteCode(),
  });
  const { token } = await s.services.sessions.issue(s.deps.db.kysely, user.id, {});
  return { id: user.id, token };
}

/** Makes a member an operator (an owner, unless another console role is named). */
export async function makeOperator(s: TestServer, userId: number, role: OperatorRole = 'owner'): Promise<void> {
  await operators.grant(s.deps.db.kysely, userId, role);
}

/** Recharges a package over HTTP: order, then the sandbox's signed "paid" callback. Answers the order number. */
export async function rechargeHttp(s: TestServer, token: string, packageId = 1): Promise<string> {
  const order = await s.api.call(api.rechargeOrder, { request_id: rid(), package_id: packageId }, { token });
  expect(order.code, order.msg).toBe(200);
  const cb = s.services.finance.sandbox.signed({ order_no: order.data.order_no, trade_no: `T${rid()}`, amount_fen: order.data.price_fen, status: 'paid' });
  const paid = await s.api.call(api.sandboxPayCallback, { ...cb });
  expect(paid.code, paid.msg).toBe(200);
  return order.data.order_no;
}

/** Credits coins straight through the service layer (a paid recharge of the package). */
export async function rechargeDirect(s: TestServer, userId: number, packageId = 1): Promise<void> {
  const f = s.services.finance;
  const order = await f.recharge.createOrder(userId, { request_id: rid(), package_id: packageId, provider: 'sandbox' });
  await f.recharge.callback(
    'sandbox',
    jsonNotify({ ...f.sandbox.signed({ order_no: order.order_no, trade_no: 'T', amount_fen: order.price_fen, status: 'paid' }) }),
    null,
  );
}

/** Asserts every ledger invariant over the whole database. */
export async function expectSound(db: Db): Promise<void> {
  const c = await checkLedger(db.kysely);
  expect(c).toEqual({ sum: 0, negative: [], drifted: [], unbalanced: 0 });
}

/** The id of a seeded gift by name (the demo seed prices them 1, 10, 66, 520, 1314, 3344 coins). */
export async function giftId(s: TestServer, name = '玫瑰'): Promise<{ id: number; price: number }> {
  const g = await s.deps.db.kysely.selectFrom('gifts').select(['id', 'price']).where('name', '=', name).executeTakeFirstOrThrow();
  return { id: g.id, price: Number(g.price) };
}

/** Closes the recharge orders past their TTL: none is due before it; answers what closing the due ones did. */
export async function closeDueOrders(s: TestServer): Promise<{ closed: number; credited: number }> {
  const ttl = s.config.finance.rechargeOrderTtlMs;
  expect(await s.services.finance.recharge.closeExpired(ttl)).toEqual({ closed: 0, credited: 0 });
  return s.services.finance.recharge.closeExpired(ttl, Date.now() + ttl + 1000);
}

/** The member's recharge orders' states, by order number. */
export async function orderStates(s: TestServer, m: { token: string }): Promise<Record<string, { status: string; pay_url: string }>> {
  const list = (await s.api.call(api.rechargeFetch, { page: 1, size: 20 }, { token: m.token })).data.list;
  return Object.fromEntries(list.map((o) => [o.order_no, { status: o.status, pay_url: o.pay_url }]));
}

/** The member spends most of their coins: two roses to a fresh member. Answers the coins left. */
export async function spendOnRoses(s: TestServer, spender: { token: string }): Promise<number> {
  const anchor = await quickMember(s);
  const rose = await giftId(s, '玫瑰');
  const sent = await s.api.call(api.giftSend, { request_id: rid(), room_id: 0, gift_id: rose.id, count: 2, receiver_id: anchor.id }, { token: spender.token });
  expect(sent.code, sent.msg).toBe(200);
  return (await s.api.call(api.financeWallet, undefined, { token: spender.token })).data.coin;
}
