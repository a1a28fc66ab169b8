import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type PkBattle, type RoomInfo, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { expectSound, giftId, rechargeHttp, rid } from './financeHelpers.js';
import { anchor, closeSockets, collect, connectRoom, join, member, next, openRoom, operator, type RoomSocket } from './roomHarness.js';
import { metricOf } from './helpers/metricsText.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
let op: Session;

// Short times: a 2 s invitation, a 2 s punishment, a stream lost after 1 s, a sweep every 200 ms.
beforeAll(async () => {
  s = await startTestServer({ env: { PK_INVITE_S: '2', PK_PUNISH_S: '2', PK_STREAM_LOST_S: '1', PK_SWEEP_MS: '200' } });
  op = await operator(s);
});
afterAll(async () => {
  closeSockets();
  await s?.close();
});

interface Live {
  who: Session;
  room: RoomInfo;
  sock: RoomSocket;
}

/**
 * An anchor whose room is open, whose socket is in it, and whose anchor stream is up: the media
 * engine's `publisher-up` for the anchor seat, as the SFU reports it (the browser suite publishes real media).
 */
async function liveAnchor(): Promise<Live> {
  const who = await anchor(s, op);
  const room = await openRoom(s, who);
  const sock = await connectRoom(s, who);
  await join(sock, room.id);
  await streamUp(room.id, who.user.id, true);
  return { who, room, sock };
}
async function streamUp(roomId: number, userId: number, up: boolean) {
  await s.services.room.onPublisher(String(roomId), 'anchor', String(userId), up);
  await eventually(async () => (await s.services.room.room(roomId)).anchor_live === (up ? 1 : 0));
}

async function viewer(roomId: number, coins = true) {
  const who = await member(s);
  if (coins) await rechargeHttp(s, who.token, 2);
  const sock = await connectRoom(s, who);
  await join(sock, roomId);
  return { who, sock };
}

const call = <R>(p: Promise<{ code: number; msg: string; data: R }>) => p;
const invite = (from: Live, to: Live, duration_s?: number) =>
  call(s.api.call(api.pkInvite, { room_id: to.room.id, ...(duration_s ? { duration_s } : {}) }, { token: from.who.token }));
const answer = (who: Live, battle: PkBattle, accept: boolean) => call(s.api.call(api.pkAnswer, { battle_id: battle.id, accept }, { token: who.who.token }));
const pkOf = (sock: RoomSocket, pred: (b: PkBattle) => boolean, ms = 10_000) => next(sock, 'pk', (p) => pred(p.battle), ms).then((p) => p.battle);
const giftIn = async (token: string, room: RoomInfo, gift: { id: number }, count = 1) => {
  const r = await s.api.call(api.giftSend, { request_id: rid(), gift_id: gift.id, count, receiver_id: room.anchor.id, room_id: room.id }, { token });
  expect(r.code, r.msg).toBe(200);
  return r.data.record;
};
const roomGiftTotal = async (roomId: number, from: string, to: string) => {
  const rows = await s.deps.db.kysely
    .selectFrom('gift_records')
    .select('total')
    .where('room_id', '=', roomId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute();
  return rows.reduce((n, r) => n + Number(r.total), 0);
};

describe('PK battles', () => {
  it('invite, accept, gifts in both rooms score as the gift records say, result, punishment, end; history and weekly wins', async () => {
    const A = await liveAnchor();
    const B = await liveAnchor();
    const fanA = await viewer(A.room.id);
    const fanB = await viewer(B.room.id);
    const fanB2 = await viewer(B.room.id);
    const rose = await giftId(s, '玫瑰');
    const heart = await giftId(s, '爱心');

    // The invited anchor sees the invitation in their room; viewers do not.
    const invited = pkOf(B.sock, (b) => b.status === 'inviting');
    const viewersSeen = collect(fanB.sock, 'pk');
    const inv = await invite(A, B, 5);
    expect(inv.code, inv.msg).toBe(200);
    expect(inv.data.battle).toMatchObject({ status: 'inviting', a: { room_id: A.room.id }, b: { room_id: B.room.id }, duration_s: 5 });
    expect(Date.parse(inv.data.battle.answer_by) - Date.parse(inv.data.battle.invited_at)).toBe(2000);
    const seen = await invited;
    expect(seen.id).toBe(inv.data.battle.id);
    expect(viewersSeen).toEqual([]);
    // The candidates list shows B busy now.
    const cands = await s.api.call(api.pkAnchors, { page: 1, size: 50 }, { token: A.who.token });
    expect(cands.data.list.find((c) => c.room_id === B.room.id)?.busy).toBe(true);
    expect(cands.data.list.some((c) => c.room_id === A.room.id)).toBe(false);

    // Accept: both rooms' viewers hear the battle start.
    const startA = pkOf(fanA.sock, (b) => b.status === 'battle');
    const startB = pkOf(fanB.sock, (b) => b.status === 'battle');
    const acc = await answer(B, inv.data.battle, true);
    expect(acc.code, acc.msg).toBe(200);
    expect(acc.data.battle.status).toBe('battle');
    await Promise.all([startA, startB]);
    expect(await metricOf(s, 'liveapp_pk_battles')).toBe(1);
    // A viewer coming back (a reconnect) starts from pk/room; the other room's anchor is playable.
    const state = await s.api.call(api.pkRoom, { room_id: B.room.id });
    expect(state.data.battle).toMatchObject({ id: acc.data.battle.id, status: 'battle' });
    const creds = await s.api.call(api.pkMedia, { room_id: B.room.id }, { token: fanB.who.token });
    expect(creds.data).toMatchObject({ kind: 'play', seats: ['anchor'] });
    expect(creds.data.url).toContain(`/api/media/whep/${A.room.id}`);
    const outsider = await member(s);
    expect((await s.api.call(api.pkMedia, { room_id: B.room.id }, { token: outsider.token })).code).toBe(ErrorCode.ROOM_NOT_JOINED);

    // Gifts in both rooms: the bar in each room follows the gift records.
    const scored = pkOf(fanA.sock, (b) => b.a.score > 0 && b.b.score > 0 && b.b.top.length === 2);
    await giftIn(fanA.who.token, A.room, rose, 3);
    await giftIn(fanB.who.token, B.room, heart, 1);
    await giftIn(fanB2.who.token, B.room, rose, 1);
    const mid = await scored;
    const started = acc.data.battle.started_at!;
    const endsAt = acc.data.battle.ends_at!;
    expect(mid.a.score).toBe(await roomGiftTotal(A.room.id, started, endsAt));
    expect(mid.b.score).toBe(await roomGiftTotal(B.room.id, started, endsAt));
    expect(mid.b.top.map((t) => t.user.id)).toEqual([fanB.who.user.id, fanB2.who.user.id]);
    expect(mid.a.top).toEqual([{ user: expect.objectContaining({ id: fanA.who.user.id }), amount: mid.a.score }]);

    // Time is up: the result in both rooms, then the punishment period, then the end.
    const [resA, resB] = await Promise.all([pkOf(fanA.sock, (b) => b.status === 'punish'), pkOf(fanB.sock, (b) => b.status === 'punish')]);
    expect(resA.winner).toBe(mid.b.score > mid.a.score ? 'b' : mid.a.score > mid.b.score ? 'a' : 'draw');
    expect(resB).toMatchObject({ winner: resA.winner, a: { score: mid.a.score }, b: { score: mid.b.score }, end_reason: 'time' });
    expect(Date.parse(resA.punish_ends_at!) - Date.parse(resA.ends_at!)).toBe(2000);
    const ended = await pkOf(fanB.sock, (b) => b.status === 'ended');
    expect(ended.winner).toBe(resA.winner);
    expect((await s.api.call(api.pkRoom, { room_id: A.room.id })).data.battle).toBeNull();

    // A gift after the end goes to the room as any gift, and scores nothing.
    const coinBefore = (await s.api.call(api.financeWallet, undefined, { token: fanA.who.token })).data.coin;
    const late = await giftIn(fanA.who.token, A.room, rose, 1);
    expect((await s.api.call(api.financeWallet, undefined, { token: fanA.who.token })).data.coin).toBe(coinBefore - late.total);
    const hist = await s.api.call(api.pkHistory, { anchor_id: A.who.user.id });
    expect(hist.data.list[0]).toMatchObject({ id: acc.data.battle.id, my_score: mid.a.score, their_score: mid.b.score, opponent: { id: B.who.user.id } });
    expect(hist.data.list[0]!.result).toBe(resA.winner === 'a' ? 'win' : resA.winner === 'b' ? 'lose' : 'draw');

    const winner = resA.winner === 'a' ? A : B;
    const rank = await s.api.call(api.pkRank, { size: 100 }, { token: winner.who.token });
    expect(rank.data.me).toMatchObject({ wins: 1, rank: expect.any(Number) });
    expect(rank.data.list.find((e) => e.user.id === winner.who.user.id)?.wins).toBe(1);
    await expectSound(s.deps.db);
  }, 30_000);

  it('refuses an anchor not live, oneself, a second invitation at once, bad durations and strangers with clear errors', async () => {
    const A = await liveAnchor();
    const B = await liveAnchor();
    const C = await liveAnchor();
    const dark = await anchor(s, op);
    const darkRoom = await openRoom(s, dark);

    expect((await s.api.call(api.pkInvite, { room_id: darkRoom.id }, { token: A.who.token })).code).toBe(ErrorCode.PK_NOT_LIVE);
    expect((await invite(A, A)).code).toBe(ErrorCode.PK_SELF);
    // The inviter must be live too.
    const darkLive = { who: dark, room: darkRoom } as Live;
    expect((await invite(darkLive, A)).code).toBe(ErrorCode.PK_NOT_LIVE);
    const bad = await s.api.call(api.pkInvite, { room_id: B.room.id, duration_s: 2 } as never, { token: A.who.token });
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    expect(bad.msg).toContain('duration_s');

    // Two invitations at once (A→B and C→B): one wins, the other is PK_BUSY; nothing is left half made.
    const [x, y] = await Promise.all([invite(A, B), invite(C, B)]);
    expect([x.code, y.code].sort()).toEqual([200, ErrorCode.PK_BUSY].sort());
    const won = x.code === 200 ? x.data.battle : y.data.battle;
    const loser = x.code === 200 ? C : A;
    expect(await s.deps.db.kysely.selectFrom('pk_busy').select('anchor_id').where('anchor_id', '=', loser.who.user.id).execute()).toEqual([]);
    // A stranger cannot answer it; the inviter cannot answer their own.
    expect((await s.api.call(api.pkAnswer, { battle_id: won.id, accept: true }, { token: loser.who.token })).code).toBe(ErrorCode.PK_NOT_PARTY);
    const inviter = loser === A ? C : A;
    expect((await answer(inviter, won, true)).code).toBe(ErrorCode.PK_NOT_PARTY);
    // Declined: both anchors are free again.
    const declined = pkOf(inviter.sock, (b) => b.status === 'declined');
    expect((await answer(B, won, false)).data.battle.status).toBe('declined');
    await declined;
    expect((await answer(B, won, true)).code).toBe(ErrorCode.PK_ENDED);
    expect((await s.api.call(api.pkAnswer, { battle_id: 999_999, accept: true }, { token: B.who.token })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await invite(A, C)).code).toBe(200);
  }, 30_000);

  it('an invitation not answered in time expires in both anchors’ rooms; a late answer is PK_INVITE_EXPIRED and starts nothing', async () => {
    const A = await liveAnchor();
    const B = await liveAnchor();
    const inv = await invite(A, B);
    const [ea, eb] = await Promise.all([pkOf(A.sock, (b) => b.status === 'expired'), pkOf(B.sock, (b) => b.status === 'expired')]);
    expect(ea.id).toBe(inv.data.battle.id);
    expect(eb.ended_at! >= inv.data.battle.answer_by).toBe(true);
    const late = await answer(B, inv.data.battle, true);
    expect(late.code).toBe(ErrorCode.PK_INVITE_EXPIRED);
    expect((await s.api.call(api.pkRoom, { room_id: A.room.id })).data.battle).toBeNull();
    expect((await s.deps.db.kysely.selectFrom('pk_battles').select('status').where('id', '=', inv.data.battle.id).executeTakeFirstOrThrow()).status).toBe(
      'expired',
    );
  });

  it('an early end is a loss for the anchor who ends; a stream down past PK_STREAM_LOST_S ends the battle', async () => {
    const A = await liveAnchor();
    const B = await liveAnchor();
    const fanA = await viewer(A.room.id);
    const inv = await invite(A, B, 60);
    await answer(B, inv.data.battle, true);
    const rose = await giftId(s, '玫瑰');
    await giftIn(fanA.who.token, A.room, rose, 5);
    const endSeen = pkOf(fanA.sock, (b) => b.status === 'ended');
    const ended = await s.api.call(api.pkEnd, { battle_id: inv.data.battle.id }, { token: A.who.token });
    expect(ended.data.battle).toMatchObject({ status: 'ended', winner: 'b', end_reason: 'forfeit', ended_by: A.who.user.id });
    expect(ended.data.battle.a.score).toBeGreaterThan(0);
    expect((await endSeen).winner).toBe('b');
    expect((await s.api.call(api.pkEnd, { battle_id: inv.data.battle.id }, { token: B.who.token })).code).toBe(ErrorCode.PK_ENDED);

    // Again; now B's stream drops and stays down.
    const again = await invite(B, A, 60);
    expect(again.code, again.msg).toBe(200);
    await answer(A, again.data.battle, true);
    const lost = pkOf(A.sock, (b) => b.status === 'ended' && b.id === again.data.battle.id);
    await streamUp(B.room.id, B.who.user.id, false);
    const t0 = Date.now();
    const gone = await lost;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    // B invited, so B is side a: their lost stream is their loss.
    expect(gone).toMatchObject({ end_reason: 'stream_lost', ended_by: B.who.user.id, winner: 'b', a: { anchor: { id: B.who.user.id } } });
    const hist = await s.api.call(api.pkHistory, { anchor_id: A.who.user.id });
    expect(hist.data).toMatchObject({ total: 2, wins: 1, losses: 1, draws: 0 });
  }, 30_000);

  it('random match pairs two waiting anchors and starts the battle in both rooms', async () => {
    const A = await liveAnchor();
    const B = await liveAnchor();
    // Other tests' anchors may be waiting: clear the queue so this pair meets.
    await s.deps.db.kysely.deleteFrom('pk_queue').execute();
    const first = await s.api.call(api.pkMatch, { duration_s: 30 }, { token: A.who.token });
    expect(first.data).toEqual({ battle: null, waiting: true });
    const heard = pkOf(A.sock, (b) => b.status === 'battle');
    const second = await s.api.call(api.pkMatch, { duration_s: 300 }, { token: B.who.token });
    expect(second.data.waiting).toBe(false);
    expect(second.data.battle).toMatchObject({ mode: 'random', status: 'battle', duration_s: 30, a: { room_id: A.room.id }, b: { room_id: B.room.id } });
    expect((await heard).id).toBe(second.data.battle!.id);
    expect((await s.api.call(api.pkMatch, { duration_s: 300 }, { token: A.who.token })).code).toBe(ErrorCode.PK_BUSY);
    await s.api.call(api.pkEnd, { battle_id: second.data.battle!.id }, { token: A.who.token });
    expect((await s.api.call(api.pkMatchCancel, undefined, { token: A.who.token })).data.waiting).toBe(false);
  });
});

describe('PK deadlines across instances', () => {
  it('a deadline whose timer died with its instance is acted on by the worker’s sweep (from the row)', async () => {
    const A = await liveAnchor();
    const B = await liveAnchor();
    const inv = await invite(A, B);
    // This instance "dies" as far as its timers go: only the row's due_at is left.
    s.services.pk.dispose();
    const expired = await pkOf(B.sock, (b) => b.status === 'expired' && b.id === inv.data.battle.id);
    expect(expired.ended_at! >= inv.data.battle.answer_by).toBe(true);
  });
});

describe('PK and the room', () => {
  it('a room closed during the battle ends it at once, as that anchor’s loss', async () => {
    const A = await liveAnchor();
    const B = await liveAnchor();
    const inv = await invite(A, B, 60);
    await answer(B, inv.data.battle, true);
    const ended = pkOf(A.sock, (b) => b.status === 'ended' && b.id === inv.data.battle.id);
    expect((await s.api.call(api.roomClose, { room_id: B.room.id }, { token: B.who.token })).code).toBe(200);
    expect(await ended).toMatchObject({ end_reason: 'room_closed', ended_by: B.who.user.id, winner: 'a' });
    expect(await s.deps.db.kysely.selectFrom('pk_busy').select('anchor_id').where('battle_id', '=', inv.data.battle.id).execute()).toEqual([]);
  });
});
