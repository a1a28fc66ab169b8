import fc from 'fast-check';
import { expect } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import type { Finance } from '../src/modules/finance/finance.js';
import type { TestServer } from './helpers/testServer.js';
import { BizError } from '../src/http/errors.js';
import { jsonNotify } from '../src/modules/finance/recharge/paymentProvider.js';

/**
 * A model of the wallet for the property tests: random operations run against the server (through
 * the service layer or over HTTP) and against plain numbers; after each batch the balances must
 * agree and the ledger's invariants must hold.
 */

export type Op =
  | { t: 'recharge'; u: number; pkg: number; dup: boolean; cancelFirst: boolean }
  | { t: 'gift'; u: number; to: number; gift: number; count: number }
  | { t: 'collect'; u: number }
  | { t: 'exchange'; u: number; amount: number }
  | { t: 'withdraw'; u: number; coins: number }
  | { t: 'review'; pick: number; approve: boolean }
  | { t: 'replay'; pick: number }
  | { t: 'checkIn'; u: number };

export const opArb = (users: number): fc.Arbitrary<Op> => {
  const u = fc.nat({ max: users - 1 });
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ t: fc.constant('recharge' as const), u, pkg: fc.nat({ max: 5 }), dup: fc.boolean(), cancelFirst: fc.boolean() }) },
    {
      weight: 8,
      arbitrary: fc.record({
        t: fc.constant('gift' as const),
        u,
        to: u,
        gift: fc.nat({ max: 5 }),
        count: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 9999 })),
      }),
    },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('collect' as const), u }) },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('exchange' as const), u, amount: fc.integer({ min: 1, max: 2_000_000_000 }) }) },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('withdraw' as const), u, coins: fc.integer({ min: 1, max: 3000 }) }) },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('review' as const), pick: fc.nat(), approve: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('replay' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('checkIn' as const), u }) },
  );
};

interface Wallet {
  coin: number;
  gift_pending: number;
  gift_earnings: number;
  frozen: number;
}

/** What the model needs to know about the world. */
export interface World {
  users: { id: number; token: string }[];
  gifts: { id: number; price: number }[];
  packages: { id: number; price_fen: number; amount: number; bonus: number }[];
  shareBp: number;
  rateBp: number;
  feeBp: number;
  checkInReward: number;
}

/** The side effects the two drivers perform; each answers a business code (200 = success). */
export interface Driver {
  recharge(userIdx: number, pkgIdx: number, opts: { dup: boolean; cancelFirst: boolean }): Promise<number>;
  gift(userIdx: number, key: string, receiverIdx: number, giftIdx: number, count: number): Promise<number>;
  collect(userIdx: number, key: string): Promise<{ code: number; collected: number }>;
  exchange(userIdx: number, key: string, amount: number): Promise<number>;
  withdraw(userIdx: number, key: string, amount: number): Promise<{ code: number; id: number }>;
  review(id: number, approve: boolean): Promise<number>;
  checkIn(userIdx: number, key: string): Promise<number>;
  wallet(userIdx: number): Promise<Wallet>;
}

const codeOf = async (p: Promise<unknown>): Promise<number> => {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof BizError) return err.code;
    throw err;
  }
};

/** Drives the service layer directly (fast). */
export function serviceDriver(f: Finance, w: World): Driver {
  const uid = (i: number) => w.users[i]!.id;
  return {
    async recharge(i, p, o) {
      const pkg = w.packages[p]!;
      const order = await f.recharge.createOrder(uid(i), { request_id: `r${Math.random().toString(36).slice(2)}xx`, package_id: pkg.id, provider: 'sandbox' });
      const notice = (status: 'paid' | 'cancelled') => ({
        ...f.sandbox.signed({ order_no: order.order_no, trade_no: 'T1', amount_fen: order.price_fen, status }),
      });
      if (o.cancelFirst) await f.recharge.callback('sandbox', jsonNotify(notice('cancelled')), null);
      await f.recharge.callback('sandbox', jsonNotify(notice('paid')), null);
      if (o.dup) await f.recharge.callback('sandbox', jsonNotify(notice('paid')), null);
      return 200;
    },
    gift: (i, key, r, g, count) => codeOf(f.gift.sendGift(uid(i), { request_id: key, room_id: 0, gift_id: w.gifts[g]!.id, count, receiver_id: uid(r) })),
    async collect(i, key) {
      const r = await f.earnings.collect(uid(i), key);
      return { code: 200, collected: r.collected };
    },
    exchange: (i, key, amount) => codeOf(f.earnings.exchange(uid(i), { request_id: key, amount })),
    async withdraw(i, key, amount) {
      try {
        const r = await f.withdraw.order(uid(i), { request_id: key, platform: 'alipay', account: 'someone@example.com', account_name: '测试', amount });
        return { code: 200, id: r.id };
      } catch (err) {
        if (err instanceof BizError) return { code: err.code, id: 0 };
        throw err;
      }
    },
    review: (id, approve) => codeOf(f.withdraw.review(id, approve ? 'approved' : 'rejected', null, '驳回')),
    checkIn: (i, key) => codeOf(f.checkIn.checkIn(uid(i), key)),
    wallet: (i) => f.wallet.wallet(uid(i)),
  };
}

/** Drives the real HTTP API (the operator reviews through the admin routes). */
export function httpDriver(s: TestServer, w: World, operatorToken: string): Driver {
  const tok = (i: number) => ({ token: w.users[i]!.token });
  return {
    async recharge(i, p, o) {
      const order = await s.api.call(api.rechargeOrder, { request_id: `r${Math.random().toString(36).slice(2)}xx`, package_id: w.packages[p]!.id }, tok(i));
      const notice = (status: 'paid' | 'cancelled') => ({
        ...s.services.finance.sandbox.signed({ order_no: order.data.order_no, trade_no: 'T1', amount_fen: order.data.price_fen, status }),
      });
      if (o.cancelFirst) await s.api.call(api.sandboxPayCallback, notice('cancelled'));
      const r = await s.api.call(api.sandboxPayCallback, notice('paid'));
      if (o.dup) await s.api.call(api.sandboxPayCallback, notice('paid'));
      return r.code;
    },
    gift: async (i, key, r, g, count) =>
      (await s.api.call(api.giftSend, { request_id: key, gift_id: w.gifts[g]!.id, count, receiver_id: w.users[r]!.id }, tok(i))).code,
    async collect(i, key) {
      const r = await s.api.call(api.receiveGiftMoney, { request_id: key }, tok(i));
      return { code: r.code, collected: r.data?.collected ?? 0 };
    },
    exchange: async (i, key, amount) => (await s.api.call(api.exchangeOrder, { request_id: key, amount }, tok(i))).code,
    async withdraw(i, key, amount) {
      const r = await s.api.call(
        api.withdrawOrder,
        { request_id: key, platform: 'alipay', account: 'someone@example.com', account_name: '测试', amount },
        tok(i),
      );
      return { code: r.code, id: r.data?.id ?? 0 };
    },
    review: async (id, approve) =>
      (
        await s.api.call(
          approve ? api.adminWithdrawApprove : api.adminWithdrawReject,
          { request_id: `v${id}xxxxxxx`, id, ...(approve ? {} : { reason: '驳回' }) },
          { token: operatorToken },
        )
      ).code,
    checkIn: async (i, key) => (await s.api.call(api.checkIn, { request_id: key }, tok(i))).code,
    wallet: async (i) => {
      const r = await s.api.call(api.financeWallet, undefined, tok(i));
      const { coin, gift_pending, gift_earnings, frozen } = r.data;
      return { coin, gift_pending, gift_earnings, frozen };
    },
  };
}

/** Runs ops against a driver and the model, asserting each outcome the model can predict. */
export class Model {
  readonly wallets: Wallet[];
  private readonly done: { op: Op; key: string; userIdx: number }[] = [];
  private readonly pending: { id: number; u: number; amount: number; fee: number }[] = [];
  private readonly checkedIn = new Set<number>();
  private seq = 0;

  constructor(
    private readonly w: World,
    private readonly d: Driver,
    private readonly prefix: string,
  ) {
    this.wallets = w.users.map(() => ({ coin: 0, gift_pending: 0, gift_earnings: 0, frozen: 0 }));
  }

  private key(): string {
    return `key-${this.prefix}-${String(++this.seq).padStart(6, '0')}`;
  }

  async run(op: Op): Promise<void> {
    const w = this.w;
    const key = this.key();
    switch (op.t) {
      case 'recharge': {
        const pkg = w.packages[op.pkg]!;
        expect(await this.d.recharge(op.u, op.pkg, op)).toBe(200);
        this.wallets[op.u]!.coin += pkg.amount + pkg.bonus;
        return;
      }
      case 'gift': {
        const code = await this.d.gift(op.u, key, op.to, op.gift, op.count);
        const total = w.gifts[op.gift]!.price * op.count;
        const from = this.wallets[op.u]!;
        if (op.u === op.to) return void expect(code).toBe(ErrorCode.GIFT_TO_SELF);
        if (from.coin < total) return void expect(code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
        expect(code).toBe(200);
        from.coin -= total;
        this.wallets[op.to]!.gift_pending += Math.floor((total * w.shareBp) / 10_000);
        this.done.push({ op, key, userIdx: op.u });
        return;
      }
      case 'collect': {
        const r = await this.d.collect(op.u, key);
        const m = this.wallets[op.u]!;
        expect(r).toEqual({ code: 200, collected: m.gift_pending });
        // A key that found nothing to collect moved nothing and is not remembered (it may collect later).
        if (m.gift_pending > 0) this.done.push({ op, key, userIdx: op.u });
        m.gift_earnings += m.gift_pending;
        m.gift_pending = 0;
        return;
      }
      case 'exchange': {
        const code = await this.d.exchange(op.u, key, op.amount);
        const m = this.wallets[op.u]!;
        const coin = Math.floor((op.amount * w.rateBp) / 10_000);
        if (coin <= 0) return void expect(code).toBe(ErrorCode.VALIDATION);
        if (m.gift_earnings < op.amount) return void expect(code).toBe(ErrorCode.EARNINGS_NOT_ENOUGH);
        expect(code).toBe(200);
        m.gift_earnings -= op.amount;
        m.coin += coin;
        this.done.push({ op, key, userIdx: op.u });
        return;
      }
      case 'withdraw': {
        const amount = op.coins * 10_000;
        const r = await this.d.withdraw(op.u, key, amount);
        const m = this.wallets[op.u]!;
        if (m.gift_earnings < amount) return void expect(r.code).toBe(ErrorCode.EARNINGS_NOT_ENOUGH);
        expect(r.code).toBe(200);
        m.gift_earnings -= amount;
        m.frozen += amount;
        this.pending.push({ id: r.id, u: op.u, amount, fee: 0 });
        this.done.push({ op, key, userIdx: op.u });
        return;
      }
      case 'review': {
        if (this.pending.length === 0) return;
        const [p] = this.pending.splice(op.pick % this.pending.length, 1);
        expect(await this.d.review(p!.id, op.approve)).toBe(200);
        const m = this.wallets[p!.u]!;
        m.frozen -= p!.amount;
        if (!op.approve) m.gift_earnings += p!.amount;
        // Reviewing it again the same way changes nothing.
        expect(await this.d.review(p!.id, op.approve)).toBe(200);
        return;
      }
      case 'replay': {
        // The same request again: answered, but nothing moves.
        if (this.done.length === 0) return;
        const prev = this.done[op.pick % this.done.length]!;
        const before = await this.d.wallet(prev.userIdx);
        const p = prev.op;
        if (p.t === 'gift') expect(await this.d.gift(p.u, prev.key, p.to, p.gift, p.count)).toBe(200);
        if (p.t === 'collect') expect((await this.d.collect(p.u, prev.key)).code).toBe(200);
        if (p.t === 'exchange') expect(await this.d.exchange(p.u, prev.key, p.amount)).toBe(200);
        if (p.t === 'withdraw') expect((await this.d.withdraw(p.u, prev.key, p.coins * 10_000)).code).toBe(200);
        expect(await this.d.wallet(prev.userIdx)).toEqual(before);
        return;
      }
      case 'checkIn': {
        const code = await this.d.checkIn(op.u, key);
        if (this.checkedIn.has(op.u)) return void expect(code).toBe(ErrorCode.ALREADY_CHECKED_IN);
        expect(code).toBe(200);
        this.checkedIn.add(op.u);
        this.wallets[op.u]!.coin += w.checkInReward;
        return;
      }
    }
  }

  /** Every user's balances on the server equal the model's. */
  async compare(): Promise<void> {
    for (let i = 0; i < this.wallets.length; i++) expect(await this.d.wallet(i), `user ${i}`).toEqual(this.wallets[i]);
  }
}
