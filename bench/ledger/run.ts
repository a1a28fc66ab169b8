/**
 * bench/ledger: gift sends per second through the wallet's service layer with every check on
 * (idempotency key, gift and receiver lookups, combo, the gift record, two transfers, guarded
 * balance updates, four entries, one BEGIN IMMEDIATE transaction), as a ratio to bare
 * better-sqlite3 transactions writing the same rows (same schema, same pragmas) in the same run
 * (goal ≥ 0.5); then the p99 latency of sends offered at half the measured rate.
 *
 *   npx tsx bench/ledger/run.ts          (BENCH_SECONDS=6 by default)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDb } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { jsonNotify } from '../../apps/server/src/modules/finance/recharge/paymentProvider.js';
import { newInviteCode, userDefaults } from '../../apps/server/src/modules/user/newUser.js';
import { userRepository } from '../../apps/server/src/modules/user/user.repository.js';
import { isSound } from '../../apps/server/src/modules/finance/ledger/invariants.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** Alternating measurement rounds (each runs both sides for SECONDS / ROUNDS / 2). */
const ROUNDS = 6;
const SENDERS = 8;
const RECEIVERS = 4;
/** Sends kept in flight against the service (as concurrent requests would be). */
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4);

process.env.DEMO_PUBLISHER = 'off';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ledger-'));
const { app, services, deps } = await buildApp({
  ...loadConfig({}),
  dataDir: path.join(dir, 'app'),
  logLevel: 'silent',
  seedDemo: true,
  webDist: path.join(dir, 'none'),
});
const f = services.finance;
const db = deps.db.kysely;

try {
  // Members: senders with plenty of coins, receivers.
  const member = async (i: number) =>
    (await userRepository.insert(db, { ...userDefaults(), account: `bench${i}`, nickname: `bench${i}`, invite_code: newInviteCode() })).id;
  const senders: number[] = [];
  const receivers: number[] = [];
  for (let i = 0; i < SENDERS; i++) senders.push(await member(i));
  for (let i = 0; i < RECEIVERS; i++) receivers.push(await member(100 + i));
  const pkg = (await f.recharge.categories()).list.at(-1)!;
  for (const u of senders) {
    for (let k = 0; k < 20; k++) {
      const o = await f.recharge.createOrder(u, { request_id: randomBytes(8).toString('hex'), package_id: pkg.id, provider: 'sandbox' });
      await f.recharge.callback(
        'sandbox',
        jsonNotify({ ...f.sandbox.signed({ order_no: o.order_no, trade_no: 'B', amount_fen: o.price_fen, status: 'paid' }) }),
        null,
      );
    }
  }
  const gift = (await db.selectFrom('gifts').select('id').orderBy('price').executeTakeFirstOrThrow()).id;

  interface Rate {
    wall: number;
    cpu: number;
  }
  const rateOf = (done: number, seconds: number, cpu0: NodeJS.CpuUsage): Rate => {
    const used = process.cpuUsage(cpu0);
    return { wall: done / seconds, cpu: done / ((used.user + used.system) / 1e6) };
  };

  let n = 0;
  const send = () => {
    const i = n++;
    return f.gift.sendGift(senders[i % SENDERS]!, {
      request_id: `bench-${i}-${randomBytes(4).toString('hex')}`,
      room_id: 0,
      gift_id: gift,
      count: 1,
      receiver_id: receivers[i % RECEIVERS]!,
    });
  };

  // 1. Service-layer throughput.
  /** Runs `seconds` of sends; answers sends per wall-clock second and per CPU second of this process. */
  async function throughput(seconds: number): Promise<Rate> {
    const end = performance.now() + seconds * 1000;
    const cpu0 = process.cpuUsage();
    let done = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (performance.now() < end) {
          await send();
          done++;
        }
      }),
    );
    return rateOf(done, seconds, cpu0);
  }

  // 2. The baseline: the same rows written by bare better-sqlite3 prepared statements in BEGIN IMMEDIATE transactions.
  const baseDir = path.join(dir, 'base');
  const baseDb = openDb({ dataDir: baseDir });
  await migrateToLatest(baseDb);
  await baseDb.close();
  const raw = new SQLite(path.join(baseDir, 'app.db'));
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  const now = new Date().toISOString();
  raw
    .prepare("insert into users (uuid, account, nickname, invite_code, created_at, updated_at) values ('u1','a1','a','I1',?,?), ('u2','a2','b','I2',?,?)")
    .run(now, now, now, now);
  const acct = raw.prepare('insert into accounts (user_id, kind, balance, allow_negative, created_at) values (?, ?, ?, 0, ?)');
  const from = Number(acct.run(1, 'coin', 1e15, now).lastInsertRowid);
  const to = Number(acct.run(2, 'gift_pending', 0, now).lastInsertRowid);
  const revenue = 1; // the migration's platform revenue account
  // The same rows the service writes for a 1-coin gift: record, gift + fee transfers, three balances, four entries.
  const insGift = raw.prepare(
    "insert into gift_records (idem_key, sender_id, receiver_id, room_id, gift_id, gift_name, gift_icon, gift_url, price, count, total, earning, combo, created_at) values (?, 1, 2, 0, 1, '棒棒糖', '/static/gifts/lollipop.svg', '', 10000, 1, 10000, 5000, 1, ?) returning id",
  );
  const insTransfer = raw.prepare(
    "insert into transfers (idem_key, kind, from_account, to_account, amount, ref, remark, created_at) values (?, ?, ?, ?, ?, ?, '棒棒糖×1', ?) returning id",
  );
  const upd = raw.prepare('update accounts set balance = balance + ? where id = ?');
  const insEntries = raw.prepare(
    "insert into entries (transfer_id, account_id, user_id, kind, amount, balance_after, created_at) values (?, ?, 1, 'gift', ?, 0, ?), (?, ?, 2, 'gift', ?, 0, ?), (?, ?, 2, 'gift_fee', ?, 0, ?), (?, ?, 0, 'gift_fee', ?, 0, ?)",
  );
  const begin = raw.prepare('begin immediate');
  const commit = raw.prepare('commit');
  let b = 0;
  const bareTx = () => {
    const key = `gift:1:bench-${b++}-${randomBytes(4).toString('hex')}`;
    const t = new Date().toISOString();
    begin.run();
    const g = (insGift.get(key, t) as { id: number }).id;
    const t1 = (insTransfer.get(key, 'gift', from, to, 10000, `G${g}`, t) as { id: number }).id;
    const t2 = (insTransfer.get(`${key}:fee`, 'gift_fee', to, revenue, 5000, `G${g}`, t) as { id: number }).id;
    upd.run(-10000, from);
    upd.run(5000, to);
    upd.run(5000, revenue);
    insEntries.run(t1, from, -10000, t, t1, to, 10000, t, t2, to, -5000, t, t2, revenue, 5000, t);
    commit.run();
  };
  async function bare(seconds: number): Promise<Rate> {
    const end = performance.now() + seconds * 1000;
    const cpu0 = process.cpuUsage();
    let done = 0;
    while (performance.now() < end) {
      for (let k = 0; k < 100; k++) bareTx();
      done += 100;
      await new Promise((r) => setImmediate(r)); // a fair event loop for both sides
    }
    return rateOf(done, seconds, cpu0);
  }

  // Warm up both, then measure in short alternating rounds so machine noise hits both alike; the
  // ratio is the median of each round's pair.
  await throughput(0.5);
  await bare(0.5);
  const rounds: { bare: Rate; gifts: Rate }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bx = await bare(SECONDS / ROUNDS / 2);
    rounds.push({ bare: bx, gifts: await throughput(SECONDS / ROUNDS / 2) });
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const rate = median(rounds.map((r) => r.gifts.wall));
  const base = median(rounds.map((r) => r.bare.wall));
  const ratios = rounds.map((r) => r.gifts.wall / r.bare.wall);
  const ratio = median(ratios);
  // Per CPU second of this process: what other processes on a busy machine take does not count.
  const cpuRatio = median(rounds.map((r) => r.gifts.cpu / r.bare.cpu));

  // 3. Latency at half the measured rate: sends offered on a fixed schedule, timed from their scheduled start.
  const offered = rate / 2;
  const total = Math.max(200, Math.round(offered * SECONDS));
  const interval = 1000 / offered;
  const lat: number[] = [];
  const t0 = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const at = t0 + i * interval;
    const wait = at - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send().then(() => void lat.push(performance.now() - at)));
  }
  await Promise.all(pending);
  lat.sort((x, y) => x - y);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))]!;

  const check = await f.check();
  console.log(`bare SQLite transactions (same rows)   ${base.toFixed(0)} tx/s (median of ${ROUNDS} rounds)`);
  console.log(`gift sends, all checks on             ${rate.toFixed(0)} gifts/s (${IN_FLIGHT} in flight, median)`);
  console.log(
    `ratio gifts / bare                     ${ratio.toFixed(2)} (median of the rounds' ratios: ${ratios.map((r) => r.toFixed(2)).join(' ')}; goal >= 0.50)`,
  );
  console.log(
    `ratio per CPU second of this process   ${cpuRatio.toFixed(2)} (${median(rounds.map((r) => r.gifts.cpu)).toFixed(0)} gifts vs ${median(rounds.map((r) => r.bare.cpu)).toFixed(0)} bare tx per CPU second)`,
  );
  console.log(
    `latency at ${offered.toFixed(0)} gifts/s (half)       p50 ${pct(50).toFixed(2)} ms  p99 ${pct(99).toFixed(2)} ms  max ${lat.at(-1)!.toFixed(2)} ms (${lat.length} sends)`,
  );
  console.log(
    `ledger after ${n} sends                sum ${check.sum}, negative ${check.negative.length}, drifted ${check.drifted.length}, unbalanced ${check.unbalanced} → ${isSound(check) ? 'sound' : 'BROKEN'}`,
  );
  raw.close();
  if (!isSound(check)) process.exitCode = 1;
} finally {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
