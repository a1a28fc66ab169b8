import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { eventually } from '@app/testkit';
import { ledgerCheck, reviewWithdrawal } from '../src/modules/finance/finance.cli.js';
import { pgUrl, startTestServer, underSchemaLock, type TestServer } from './helpers/testServer.js';
import { rankRepository } from '../src/modules/finance/rank/rank.repository.js';
import { RankService } from '../src/modules/finance/rank/rank.service.js';
import { expectSound, giftId, makeOperator, quickMember, rechargeHttp, rid } from './financeHelpers.js';
import { bundled } from './helpers/bundle.js';

const C = MONEY_UNIT;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('wallet flow over HTTP', () => {
  it('recharges through the sandbox, sends a gift, collects, exchanges, withdraws, and every record shows it', async () => {
    const fan = await quickMember(s, '粉丝');
    const anchor = await quickMember(s, '主播');
    const cats = await s.api.call(api.rechargeCategory, undefined, { token: fan.token });
    expect(cats.data.list[0]).toMatchObject({ price_fen: 600, amount: 60 * C, bonus: 0 });
    expect(cats.data.providers).toEqual(['sandbox']);

    // 30 元 = 300 coins + 10 bonus.
    const orderNo = await rechargeHttp(s, fan.token, cats.data.list[1]!.id);
    const info = await s.api.call(api.userInfo, undefined, { token: fan.token });
    expect(info.data.coin).toBe(310 * C);
    const rec = await s.api.call(api.rechargeFetch, { order_no: orderNo }, { token: fan.token });
    expect(rec.data.list[0]).toMatchObject({ order_no: orderNo, status: 'paid', pay_url: '' });

    const rose = await giftId(s, '玫瑰'); // 10 coins
    const sent = await s.api.call(api.giftSend, { request_id: rid(), room_id: 0, gift_id: rose.id, count: 3, receiver_id: anchor.id }, { token: fan.token });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data.coin).toBe(280 * C);
    expect(sent.data.record).toMatchObject({ count: 3, total: 30 * C, earning: 15 * C, combo: 1, sender: { id: fan.id }, receiver: { id: anchor.id } });
    const again = await s.api.call(api.giftSend, { request_id: rid(), room_id: 0, gift_id: rose.id, count: 1, receiver_id: anchor.id }, { token: fan.token });
    expect(again.data.record.combo).toBe(2);

    const changes = await s.api.call(api.userMoneyChange, { page: 1, size: 10 }, { token: fan.token });
    expect(changes.data.list.map((c) => [c.type, c.amount, c.balance])).toEqual([
      ['gift', -10 * C, 270 * C],
      ['gift', -30 * C, 280 * C],
      ['recharge_bonus', 10 * C, 310 * C],
      ['recharge', 300 * C, 300 * C],
    ]);
    const onlyGifts = await s.api.call(api.userMoneyChange, { type: 'gift' }, { token: fan.token });
    expect(onlyGifts.data.total).toBe(2);
    // Several kinds at once (the recharge tab gathers the package bonus with its payment).
    const recharges = await s.api.call(api.userMoneyChange, { type: 'recharge,recharge_bonus' }, { token: fan.token });
    expect(recharges.data.list.map((c) => c.type)).toEqual(['recharge_bonus', 'recharge']);
    expect((await s.api.call(api.userMoneyChange, { type: 'recharge' }, { token: fan.token })).data.total).toBe(1);

    const w0 = await s.api.call(api.financeWallet, undefined, { token: anchor.token });
    expect(w0.data).toMatchObject({ coin: 0, gift_pending: 20 * C, gift_earnings: 0, frozen: 0, rules: { gift_anchor_share_bp: 5000 } });
    const received = await s.api.call(api.recordGift, {}, { token: anchor.token });
    expect(received.data.total).toBe(2);
    const stats = await s.api.call(api.statisticsGiftMoney, { days: 7 }, { token: anchor.token });
    expect(stats.data.list).toHaveLength(7);
    expect(stats.data.list[6]).toMatchObject({ amount: 20 * C, total: 40 * C, count: 2 });
    expect(stats.data.total_amount).toBe(20 * C);

    const collectKey = rid();
    const col = await s.api.call(api.receiveGiftMoney, { request_id: collectKey }, { token: anchor.token });
    expect(col.data).toMatchObject({ collected: 20 * C, wallet: { gift_pending: 0, gift_earnings: 20 * C } });
    expect((await s.api.call(api.receiveGiftMoney, { request_id: collectKey }, { token: anchor.token })).data.collected).toBe(20 * C);

    const ex = await s.api.call(api.exchangeOrder, { request_id: rid(), amount: 5 * C }, { token: anchor.token });
    expect(ex.data).toMatchObject({ amount: 5 * C, coin: 5 * C, fee: 0, wallet: { coin: 5 * C, gift_earnings: 15 * C } });
    expect((await s.api.call(api.exchangeFetch, {}, { token: anchor.token })).data.total).toBe(1);

    // Withdrawals: the minimum is 100 coins, so top the anchor up with more gifts first.
    const rocket = await giftId(s, '火箭'); // 1314 coins
    await rechargeHttp(s, fan.token, cats.data.list[5]!.id); // 6480 + 600
    await s.api.call(api.giftSend, { request_id: rid(), gift_id: rocket.id, count: 1, receiver_id: anchor.id }, { token: fan.token });
    await s.api.call(api.receiveGiftMoney, { request_id: rid() }, { token: anchor.token });
    const plat = await s.api.call(api.withdrawPlatform, undefined, { token: anchor.token });
    expect(plat.data).toMatchObject({ withdrawable: 15 * C + 657 * C, min_amount: 100 * C, fee_bp: 200 });
    const low = await s.api.call(
      api.withdrawOrder,
      { request_id: rid(), platform: 'alipay', account: '13800138000', account_name: '张三', amount: 50 * C },
      { token: anchor.token },
    );
    expect(low.code).toBe(ErrorCode.WITHDRAW_BELOW_MIN);
    const wd = await s.api.call(
      api.withdrawOrder,
      { request_id: rid(), platform: 'bank', account: '6222020200112233445', account_name: '张三', amount: 200 * C },
      { token: anchor.token },
    );
    expect(wd.code, wd.msg).toBe(200);
    expect(wd.data).toMatchObject({
      account: '6222****3445',
      account_name: '*三',
      amount: 200 * C,
      fee: 4 * C,
      payout: 196 * C,
      payout_fen: 1960,
      status: 'pending',
    });
    const wd2 = await s.api.call(
      api.withdrawOrder,
      { request_id: rid(), platform: 'wechat', account: 'wx_zhangsan', account_name: '张三', amount: 100 * C },
      { token: anchor.token },
    );
    expect((await s.api.call(api.financeWallet, undefined, { token: anchor.token })).data).toMatchObject({ frozen: 300 * C, gift_earnings: 372 * C });

    // Operator review.
    const op = await quickMember(s, '运营');
    await makeOperator(s, op.id);
    const queue = await s.api.call(api.adminWithdrawals, {}, { token: op.token });
    expect(queue.data.list.map((w) => w.id)).toEqual([wd.data.id, wd2.data.id]);
    expect(queue.data.list[0]!.account).toBe('6222020200112233445');
    expect((await s.api.call(api.adminWithdrawals, {}, { token: anchor.token })).status).toBe(403);
    const ok = await s.api.call(api.adminWithdrawApprove, { request_id: rid(), id: wd.data.id }, { token: op.token });
    expect(ok.data.status).toBe('approved');
    const no = await s.api.call(api.adminWithdrawReject, { request_id: rid(), id: wd2.data.id, reason: '账号有误' }, { token: op.token });
    expect(no.data).toMatchObject({ status: 'rejected', reason: '账号有误' });
    expect((await s.api.call(api.adminWithdrawReject, { request_id: rid(), id: wd.data.id, reason: 'x' }, { token: op.token })).code).toBe(
      ErrorCode.ORDER_NOT_PENDING,
    );
    expect((await s.api.call(api.adminWithdrawApprove, { request_id: rid(), id: wd.data.id }, { token: op.token })).data.status).toBe('approved');
    expect((await s.api.call(api.financeWallet, undefined, { token: anchor.token })).data).toMatchObject({ frozen: 0, gift_earnings: 472 * C });
    const mine = await s.api.call(api.withdrawFetch, {}, { token: anchor.token });
    expect(mine.data.list.map((w) => w.status)).toEqual(['rejected', 'approved']);

    await expectSound(s.deps.db);
  });

  it('checks in once a day, paying the streak reward once', async () => {
    const u = await quickMember(s);
    const before = await s.api.call(api.checkInInfo, undefined, { token: u.token });
    expect(before.data).toMatchObject({ checked_today: false, streak: 0 });
    expect(before.data.week).toHaveLength(7);
    const first = await s.api.call(api.checkIn, { request_id: rid() }, { token: u.token });
    expect(first.data).toMatchObject({ checked_today: true, streak: 1, reward: 1 * C, coin: 1 * C });
    const second = await s.api.call(api.checkIn, { request_id: rid() }, { token: u.token });
    expect(second.code).toBe(ErrorCode.ALREADY_CHECKED_IN);
    const both = await Promise.all([0, 1, 2].map(() => s.api.call(api.checkIn, { request_id: rid() }, { token: u.token })));
    expect(both.every((r) => r.code === ErrorCode.ALREADY_CHECKED_IN)).toBe(true);
    expect((await s.api.call(api.userInfo, undefined, { token: u.token })).data.coin).toBe(1 * C);
    await expectSound(s.deps.db);
  });

  it('ranks senders (wealth) and receivers (charm) from the ledger, with the caller’s own place', async () => {
    const [a, b, host] = [await quickMember(s, '甲'), await quickMember(s, '乙'), await quickMember(s, '台主')];
    await rechargeHttp(s, a.token, 2);
    await rechargeHttp(s, b.token, 2);
    const rose = await giftId(s, '玫瑰');
    await s.api.call(api.giftSend, { request_id: rid(), gift_id: rose.id, count: 20, receiver_id: host.id }, { token: a.token });
    await s.api.call(api.giftSend, { request_id: rid(), gift_id: rose.id, count: 25, receiver_id: host.id }, { token: b.token });
    const wealth = await s.api.call(api.rankFetch, { type: 'wealth', period: 'day' }, { token: a.token });
    const ids = wealth.data.list.map((e) => e.user.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(wealth.data.me).toMatchObject({ amount: 200 * C, user: { id: a.id } });
    expect(wealth.data.me!.rank).toBe(ids.indexOf(a.id) + 1);
    const charm = await s.api.call(api.rankFetch, { type: 'charm', period: 'all' });
    expect(charm.data.list.find((e) => e.user.id === host.id)?.amount).toBe(450 * C);
    expect(charm.data.me).toBeNull();
    // With Redis (test:scale) the sorted sets answer exactly what the ledger's SQL does.
    const sqlOnly = new RankService(s.deps, undefined, 'unused:');
    for (const type of ['wealth', 'charm'] as const) {
      for (const period of ['day', 'week', 'month', 'all'] as const) {
        for (const me of [a.id, b.id, host.id]) {
          expect(await s.services.finance.rank.fetch({ type, period, size: 50 }, me), `${type} ${period}`).toEqual(
            await sqlOnly.fetch({ type, period, size: 50 }, me),
          );
        }
      }
    }
  });

  it.skipIf(!pgUrl())('rebuilds a ranking only up to settled transfers: the watermark waits for a gift in flight (PostgreSQL)', async () => {
    const { kysely } = s.deps.db;
    const accounts = (await kysely.selectFrom('accounts').select('id').orderBy('id').limit(2).execute()).map((a) => a.id);
    const before = await rankRepository.maxTransferId(kysely);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const insertedNow = new Promise<void>((r) => (inserted = r));
    // A transfer inserted (its id taken) but not committed, like a gift between its insert and commit.
    const inFlight = kysely
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('transfers')
          .values({
            idem_key: `inflight:${rid()}`,
            kind: 'gift',
            from_account: accounts[0]!,
            to_account: accounts[1]!,
            amount: 1,
            ref: '',
            remark: '',
            created_at: new Date().toISOString(),
          })
          .execute();
        inserted();
        await held;
        throw new Error('rolled back on purpose');
      })
      .catch(() => undefined);
    await insertedNow;
    let settled: number | undefined;
    const watermark = rankRepository.settledWatermark(s.deps.db).then((n) => (settled = n));
    // The watermark queues behind the uncommitted insert's transaction instead of reading past it.
    const waiting = sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted and relation = 'transfers'::regclass`;
    await eventually(async () => (await waiting.execute(kysely)).rows[0]!.n > 0, { what: 'the watermark waiting for the transfer in flight' });
    expect(settled).toBeUndefined();
    release();
    await inFlight;
    await watermark;
    expect(settled).toBe(before);
  });

  it('reviews withdrawals and checks the books from the admin command line', async () => {
    const fan = await quickMember(s);
    const host = await quickMember(s);
    await rechargeHttp(s, fan.token, 4); // 1280 + 80
    const car = await giftId(s, '跑车'); // 520 coins
    await s.api.call(api.giftSend, { request_id: rid(), gift_id: car.id, count: 2, receiver_id: host.id }, { token: fan.token });
    await s.api.call(api.receiveGiftMoney, { request_id: rid() }, { token: host.token });
    const order = (n: number) =>
      s.api.call(
        api.withdrawOrder,
        { request_id: rid(), platform: 'bank', account: '6222020200112233445', account_name: '王五', amount: n * C },
        { token: host.token },
      );
    const [w1, w2] = [(await order(100)).data, (await order(200)).data];
    // The command line migrates before it acts: under the schema lock (testServer.ts).
    const admin = (...args: string[]) =>
      underSchemaLock('migrate', async () =>
        spawnSync(process.execPath, [...bundled('admin'), ...args], {
          env: { ...process.env, DATA_DIR: s.config.dataDir, DATABASE_URL: s.config.databaseUrl ?? '', DATABASE_SCHEMA: s.config.databaseSchema ?? '' },
          encoding: 'utf8',
          timeout: 60_000,
        }),
      );
    const approve = await admin('withdraw', 'approve', String(w1.id));
    expect(approve.status, approve.stderr).toBe(0);
    expect(approve.stdout).toContain('approved');
    // The rest through the functions the commands call (each process costs seconds).
    expect((await reviewWithdrawal(s.deps.db, s.config.finance, w2.id, 'rejected', '账户名不符')).status).toBe('rejected');
    await expect(reviewWithdrawal(s.deps.db, s.config.finance, w1.id, 'rejected', 'x')).rejects.toMatchObject({ code: ErrorCode.ORDER_NOT_PENDING });
    expect((await ledgerCheck(s.deps.db)).sound).toBe(true);
    const mine = (await s.api.call(api.withdrawFetch, {}, { token: host.token })).data.list;
    expect(mine.map((w) => [w.id, w.status, w.reason])).toEqual([
      [w2.id, 'rejected', '账户名不符'],
      [w1.id, 'approved', ''],
    ]);
    expect((await s.api.call(api.financeWallet, undefined, { token: host.token })).data).toMatchObject({ frozen: 0, gift_earnings: 420 * C });
  }, 120_000);
});
