/**
 * The creator dashboard (decisions 0245–0249): a live's figures equal a recount of the ledger rows
 * (gifts and coins) and of the worker's viewer samples (peak, average, watch time); follows, fan club
 * joins, the PK result and stream health of the live are shown; only the anchor reads their lives
 * (11360), bad ids name the field, a non-anchor is told to apply; the worker's sampler writes a
 * sample per live room and drops those past LIVE_STATS_RETENTION_DAYS (the injected clock moves
 * past it). Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type LiveCard, type RoomInfo, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { giftId, rechargeHttp, rid } from './financeHelpers.js';
import { fakeClock } from './helpers/fakeClock.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { closeSockets, liveAnchorOn, member, memberIn, operator } from './roomHarness.js';

const clock = fakeClock();
let s: TestServer;
let op: Session;
let A: { who: Session; room: RoomInfo };
let B: { who: Session; room: RoomInfo };
let card: LiveCard;

beforeAll(async () => {
  s = await startTestServer({ clock, env: { LIVE_STATS_SAMPLE_MS: '200', LIVE_STATS_RETENTION_DAYS: '1', ROOM_GRACE_MS: '600000', PK_SWEEP_MS: '200' } });
  op = await operator(s);
  A = await liveAnchorOn(s, op);
  B = await liveAnchorOn(s, op);
}, 60_000);
afterAll(async () => {
  closeSockets();
  await s?.close();
});

const db = () => s.deps.db.kysely;
const samplesOf = (liveId: number) => db().selectFrom('live_viewer_samples').selectAll().where('live_id', '=', liveId).orderBy('id').execute();
const liveOfRoom = (roomId: number) => db().selectFrom('lives').selectAll().where('room_id', '=', roomId).orderBy('id', 'desc').executeTakeFirstOrThrow();
const ok = <T extends { code: number; msg: string }>(r: T): T => {
  expect(r.code, r.msg).toBe(200);
  return r;
};

describe('creator dashboard', () => {
  it("shows a live's figures as the ledger and the viewer samples recount them", async () => {
    const fan1 = await memberIn(s, A.room.id);
    const fan2 = await memberIn(s, A.room.id);
    await rechargeHttp(s, fan1.who.token, 2);
    await rechargeHttp(s, fan2.who.token, 2);
    const rose = await giftId(s, '玫瑰');
    const heart = await giftId(s, '爱心');
    const gift = async (who: Session, g: { id: number }, count: number) =>
      ok(await s.api.call(api.giftSend, { request_id: rid(), room_id: A.room.id, gift_id: g.id, count, receiver_id: A.who.user.id }, { token: who.token }));
    await gift(fan1.who, rose, 3);
    await gift(fan2.who, heart, 1);
    await gift(fan1.who, rose, 2);
    ok(await s.api.call(api.followAdd, { user_id: A.who.user.id }, { token: fan1.who.token }));
    ok(await s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: A.who.user.id }, { token: fan2.who.token }));
    ok(
      await s.api.call(
        api.liveHealthReport,
        { room_id: A.room.id, bitrate: 900_000, target: 1_000_000, fps: 25, width: 720, height: 1280, loss: 0.02, rtt_ms: 40, limited: 'none' },
        { token: A.who.token },
      ),
    );
    // A PK that A ends early: a loss for A.
    const inv = ok(await s.api.call(api.pkInvite, { room_id: B.room.id, duration_s: 60 }, { token: A.who.token }));
    ok(await s.api.call(api.pkAnswer, { battle_id: inv.data.battle.id, accept: true }, { token: B.who.token }));
    ok(await s.api.call(api.pkEnd, { battle_id: inv.data.battle.id }, { token: A.who.token }));

    // The worker's sampler sees the anchor and the two fans.
    const live = await liveOfRoom(A.room.id);
    expect([live.anchor_id, live.started_at, live.ended_at]).toEqual([A.who.user.id, A.room.started_at, null]);
    await eventually(async () => (await samplesOf(live.id)).filter((x) => x.viewers === 3).length >= 3, {
      what: 'three samples of 3 viewers',
      timeout: 15_000,
    });
    ok(await s.api.call(api.roomClose, { room_id: A.room.id }, { token: A.who.token }));
    expect((await liveOfRoom(A.room.id)).ended_at).not.toBeNull();

    const lives = ok(await s.api.call(api.creatorLives, { page: 1, size: 20 }, { token: A.who.token })).data;
    expect(lives.total).toBe(1);
    card = lives.list[0]!;
    const stats = ok(await s.api.call(api.creatorLive, { id: card.id }, { token: A.who.token })).data;

    // Recount: the samples…
    const samples = await samplesOf(live.id);
    const watchMs = samples.reduce((t, x) => t + x.viewers * x.ms, 0);
    const spanMs = samples.reduce((t, x) => t + x.ms, 0);
    expect(stats.viewers).toMatchObject({
      peak: Math.max(...samples.map((x) => x.viewers)),
      average: Math.round(watchMs / spanMs),
      watch_s: Math.round(watchMs / 1000),
    });
    expect(stats.viewers.peak).toBe(3);
    expect(stats.viewers.list).toHaveLength(samples.length);
    // …and the ledger: the gift transfers of the gift records of this room, and their fees.
    const records = await db().selectFrom('gift_records').select(['idem_key', 'sender_id']).where('room_id', '=', A.room.id).execute();
    const transfers = await db()
      .selectFrom('transfers')
      .select(['idem_key', 'kind', 'amount'])
      .where('idem_key', 'in', [...records.map((r) => r.idem_key), ...records.map((r) => `${r.idem_key}:fee`)])
      .execute();
    const coins = transfers.filter((t) => t.kind === 'gift').reduce((t, x) => t + Number(x.amount), 0);
    const fees = transfers.filter((t) => t.kind === 'gift_fee').reduce((t, x) => t + Number(x.amount), 0);
    expect(coins).toBe(5 * rose.price + heart.price);
    expect(stats.gifts).toMatchObject({ coins, earnings: coins - fees, count: 3, senders: 2 });
    expect(stats.gifts.list.reduce((t, b) => t + b.coins, 0)).toBe(coins);
    expect(card).toMatchObject({ id: live.id, room_id: A.room.id, peak_viewers: 3, coins, ended_at: expect.any(String) });
    const byFan1 = transfers.filter((t) => t.kind === 'gift' && records.find((r) => r.idem_key === t.idem_key)?.sender_id === fan1.who.user.id);
    const fan1Coins = byFan1.reduce((t, x) => t + Number(x.amount), 0);
    expect(stats.top_gifters.map((g) => [g.user.id, g.coins, g.count]).sort((a, b) => Number(b[1]) - Number(a[1]))).toEqual(
      [
        [fan1.who.user.id, fan1Coins, 2],
        [fan2.who.user.id, coins - fan1Coins, 1],
      ].sort((a, b) => Number(b[1]) - Number(a[1])),
    );
    expect([stats.new_followers, stats.new_fans]).toEqual([1, 1]);
    const battle = await db().selectFrom('pk_battles').selectAll().where('id', '=', inv.data.battle.id).executeTakeFirstOrThrow();
    expect(stats.pk).toEqual([
      expect.objectContaining({
        id: battle.id,
        opponent: expect.objectContaining({ id: B.who.user.id }),
        result: 'lose',
        score: Number(battle.a_score),
        opponent_score: Number(battle.b_score),
      }),
    ]);
    expect(stats.health).toMatchObject({ samples: 1, bitrate_avg: 900_000, fps_avg: 25, loss_max: 0.02 });

    // The week and the month: the entries of A's gift account (gifts and the fan club join, less the fees).
    const acc = await db()
      .selectFrom('accounts')
      .select('id')
      .where('user_id', '=', A.who.user.id)
      .where('kind', '=', 'gift_pending')
      .executeTakeFirstOrThrow();
    const entries = await db()
      .selectFrom('entries')
      .select(['kind', 'amount'])
      .where('account_id', '=', acc.id)
      .where('kind', 'in', ['gift', 'gift_fee'])
      .execute();
    const earned = entries.reduce((t, e) => t + Number(e.amount), 0);
    const income = ok(await s.api.call(api.creatorEarnings, undefined, { token: A.who.token })).data;
    expect(income.week).toMatchObject({ days: 7, earnings: earned, previous_earnings: 0 });
    expect(income.month).toMatchObject({ days: 30, earnings: earned });
    expect(income.list).toHaveLength(30);
    expect(income.list.at(-1)).toMatchObject({ earnings: earned, coins: entries.filter((e) => e.kind === 'gift').reduce((t, e) => t + Number(e.amount), 0) });
    expect(earned).toBeGreaterThan(0);
  }, 60_000);

  it("refuses another anchor's live, bad ids naming the field, and a member who is not an anchor", async () => {
    expect((await s.api.call(api.creatorLive, { id: card.id }, { token: B.who.token })).code).toBe(ErrorCode.NOT_OWN_LIVE);
    const bad = await s.api.call(api.creatorLive, { id: 'abc' as unknown as number }, { token: A.who.token });
    expect([bad.status, bad.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(bad.msg).toMatch(/^id: /);
    expect((await s.api.call(api.creatorLive, { id: 0 }, { token: A.who.token })).msg).toMatch(/^id: /);
    expect((await s.api.call(api.creatorLives, { page: 0, size: 20 }, { token: A.who.token })).msg).toMatch(/^page: /);
    expect((await s.api.call(api.creatorLive, { id: 2_000_000 }, { token: A.who.token })).code).toBe(ErrorCode.NOT_FOUND);
    const plain = await member(s);
    expect((await s.api.call(api.creatorEarnings, undefined, { token: plain.token })).code).toBe(ErrorCode.NOT_ANCHOR);
    expect((await s.api.call(api.creatorLives, { page: 1, size: 20 }, { token: plain.token })).code).toBe(ErrorCode.NOT_ANCHOR);
    expect((await s.api.call(api.creatorLive, { id: card.id }, { token: plain.token })).code).toBe(ErrorCode.NOT_ANCHOR);
    expect((await s.api.call(api.creatorLives, { page: 1, size: 20 })).status).toBe(401);
  });

  it('samples only live rooms, and drops samples past LIVE_STATS_RETENTION_DAYS', async () => {
    const closed = await liveOfRoom(A.room.id);
    const open = await liveOfRoom(B.room.id);
    const kept = (await samplesOf(closed.id)).length;
    // B's room is still live: its samples keep coming, A's (closed) do not.
    const before = (await samplesOf(open.id)).length;
    await eventually(async () => (await samplesOf(open.id)).length >= before + 2, { what: "new samples of B's live" });
    expect((await samplesOf(closed.id)).length).toBe(kept);
    // A day and a minute later, the old samples are gone and B's live is sampled at the new time.
    clock.advance(86_400_000 + 60_000);
    const cutoff = new Date(clock.now() - 86_400_000).toISOString();
    await eventually(async () => (await samplesOf(closed.id)).length === 0, { what: "A's samples dropped" });
    const fresh = await eventually(async () => {
      const rows = await samplesOf(open.id);
      return rows.length > 0 && rows.every((x) => x.at >= cutoff) ? rows : undefined;
    });
    expect(fresh.at(-1)!.viewers).toBeGreaterThanOrEqual(1);
  });
});
