/**
 * Lucky bags on a real server (SQLite, or PostgreSQL + Redis with TEST_DATABASE_URL): the anchor puts
 * up a bag, members in the room who did its task enter (the server saw the chat line, the follow, the
 * club), the draw at the end (an injected clock) is reproducible from its recorded seed, winners are
 * paid exactly once even when the draw runs twice or dies midway, what was not won goes back, and bad
 * input is refused naming the field with nothing moved.
 */
import { describe, expect, it, vi } from 'vitest';
import { api, ErrorCode, type LuckyBag, type Session } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { drawWinners } from '../src/modules/luckybag/draw.js';
import { expectSound, giftId, rechargeDirect, rid } from './financeHelpers.js';
import { fakeClock } from './helpers/fakeClock.js';
import { connectRoom, join, member, next, ownedRoom, send as emit, type RoomSocket, useRoomServer } from './roomHarness.js';

const clock = fakeClock();
// The worker's own sweep is kept out of the way (an hour): each test runs the draw itself.
const ctx = useRoomServer({ clock, env: { LUCKYBAG_PER_ANCHOR_PER_DAY: '4', LUCKYBAG_ENTRIES_PER_10S: '5', LUCKYBAG_SWEEP_MS: '3600000' } });
const coins = (n: number) => n * MONEY_UNIT;
const MINUTE = 60_000;

const balance = (userId: number, kind: 'coin' | 'gift_pending' = 'coin') =>
  ctx.s.deps.db.kysely
    .selectFrom('accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst()
    .then((r) => Number(r?.balance ?? 0));
const escrow = () =>
  ctx.s.deps.db.kysely
    .selectFrom('accounts')
    .select('balance')
    .where('kind', '=', 'luckybag_escrow')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.balance));
const transfersOf = (bagId: number) =>
  ctx.s.deps.db.kysely
    .selectFrom('transfers')
    .select(['idem_key', 'kind', 'amount'])
    .where((eb) => eb.or([eb('ref', '=', `L${bagId}`), eb('idem_key', 'like', `luckybag:${bagId}:%`)]))
    .execute();

/** A room whose anchor has coins (a 6480-coin package) and is in it. */
async function anchorRoom() {
  const r = await ownedRoom(ctx.s, ctx.op);
  await rechargeDirect(ctx.s, r.owner.user.id, 6);
  return r;
}
async function viewers(roomId: number, n: number): Promise<{ who: Session; sock: RoomSocket }[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const who = await member(ctx.s);
      const sock = await connectRoom(ctx.s, who);
      await join(sock, roomId);
      return { who, sock };
    }),
  );
}
const create = (token: string, body: Record<string, unknown>) =>
  ctx.s.api.call(api.luckyBagCreate, { request_id: rid(), prize: 'coins', task: 'chat', minutes: 1, winners: 1, ...body } as never, { token });
const enter = (token: string, bag_id: number) => ctx.s.api.call(api.luckyBagEnter, { bag_id }, { token });
const chat = async (sock: RoomSocket) => expect((await emit(sock, 'chat', { text: '来了来了', danmaku: false })).code).toBe(200);
const bagOf = (sock: RoomSocket, pred: (b: LuckyBag) => boolean, ms = 10_000) => next(sock, 'luckyBag', (p) => pred(p.bag), ms).then((p) => p.bag);

describe('lucky bags', () => {
  it('chat task: refused before the line, entered after; drawn at the end from a recorded seed an operator recomputes; paid once', async () => {
    const { owner, room, ownerSock } = await anchorRoom();
    const crowd = await viewers(room.id, 5);
    const before = await balance(owner.user.id);
    const escrowBefore = await escrow();

    const seen = bagOf(crowd[0]!.sock, (b) => b.status === 'open');
    const made = await create(owner.token, { room_id: room.id, coins: coins(100), winners: 3, minutes: 3 });
    expect(made.code, made.msg).toBe(200);
    const bag = made.data.bag;
    expect(bag).toMatchObject({
      prize: 'coins',
      coins: coins(100),
      per_winner: coins(33),
      task: 'chat',
      winners: 3,
      entrants: 0,
      status: 'open',
      result: null,
    });
    expect(Date.parse(bag.ends_at) - Date.parse(bag.now)).toBeGreaterThan(3 * MINUTE - 10_000);
    expect(Date.parse(bag.ends_at) - Date.parse(bag.now)).toBeLessThanOrEqual(3 * MINUTE);
    expect((await seen).id).toBe(bag.id);
    expect(made.data.coin).toBe(before - coins(100));
    expect(await escrow()).toBe(escrowBefore + coins(100));

    // Before a chat line the server refuses, naming the task; the room view says the task is not done.
    const first = crowd[0]!;
    const refused = await enter(first.who.token, bag.id);
    expect(refused.code).toBe(ErrorCode.LUCKYBAG_TASK_NOT_DONE);
    expect(refused.msg).toBe('发一条弹幕即可参与');
    expect((await ctx.s.api.call(api.luckyBagRoom, { room_id: room.id }, { token: first.who.token })).data.mine).toEqual({
      task_done: false,
      entered: false,
      won: false,
    });
    // The anchor's own chat line does not let them into their own bag.
    await chat(ownerSock);
    expect((await enter(owner.token, bag.id)).code).toBe(ErrorCode.LUCKYBAG_OWN);

    for (const v of crowd) await chat(v.sock);
    for (const v of crowd) expect((await enter(v.who.token, bag.id)).code).toBe(200);
    // Entering again answers the same; nothing is counted twice.
    const again = await enter(first.who.token, bag.id);
    expect(again.data).toMatchObject({ bag: { entrants: 5 }, mine: { entered: true } });

    // Not before its time; at its time the bag's timer draws it, and the room sees who won.
    expect(await ctx.s.services.luckyBags.draw(bag.id)).toBe(false);
    const drawnSeen = bagOf(ownerSock, (b) => b.id === bag.id && b.status === 'drawn');
    clock.advance(3 * MINUTE);
    const drawn = await drawnSeen;
    expect(drawn.result?.winners).toHaveLength(3);
    expect(drawn.result?.refunded).toBe(coins(1));
    // The draw run again (a second instance, the sweep) finds it drawn and moves nothing.
    expect(await Promise.all([ctx.s.services.luckyBags.draw(bag.id), ctx.s.services.luckyBags.sweep()])).toEqual([false, 0]);

    const winners = drawn.result!.winners.map((u) => u.id);
    for (const v of crowd) expect(await balance(v.who.user.id)).toBe(winners.includes(v.who.user.id) ? coins(33) : 0);
    expect(await balance(owner.user.id)).toBe(before - coins(99));
    expect(await escrow()).toBe(escrowBefore);
    const moved = await transfersOf(bag.id);
    expect(
      moved
        .filter((t) => t.kind === 'luckybag_win')
        .map((t) => t.idem_key)
        .sort(),
    ).toEqual(winners.map((u) => `luckybag:${bag.id}:win:${u}`).sort());
    expect(moved.filter((t) => t.kind === 'luckybag_refund').map((t) => Number(t.amount))).toEqual([coins(1)]);

    // The operator's audit recomputes the draw from its record and finds the same winners.
    const audit = await ctx.s.api.call(api.adminLuckyBagAudit, { bag_id: bag.id }, { token: ctx.op.token });
    expect(audit.code, audit.msg).toBe(200);
    expect(audit.data.entrants).toEqual(crowd.map((v) => v.who.user.id));
    expect(audit.data.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(audit.data).toMatchObject({ winners, recomputed: winners, matches: true });
    expect(drawWinners(audit.data.seed, audit.data.entrants, 3)).toEqual(winners);
    // A member may not audit.
    expect((await ctx.s.api.call(api.adminLuckyBagAudit, { bag_id: bag.id }, { token: first.who.token })).code).not.toBe(200);

    // Winners are told in their messages; the others are not.
    const won = crowd.find((v) => winners.includes(v.who.user.id))!;
    const lost = crowd.find((v) => !winners.includes(v.who.user.id))!;
    const inbox = await ctx.s.api.call(api.messageFetch, { page: 1, size: 10 }, { token: won.who.token });
    expect(inbox.data.list.find((n) => n.kind === 'lucky_bag_won')).toMatchObject({ params: { coins: '33' } });
    const other = await ctx.s.api.call(api.messageFetch, { page: 1, size: 10 }, { token: lost.who.token });
    expect(other.data.list.some((n) => n.kind === 'lucky_bag_won')).toBe(false);
    // After the draw: no entries; the room still shows the result a while, the caller's side with it.
    const late = (await viewers(room.id, 1))[0]!;
    expect((await enter(late.who.token, bag.id)).code).toBe(ErrorCode.LUCKYBAG_ENDED);
    const shown = await ctx.s.api.call(api.luckyBagRoom, { room_id: room.id }, { token: won.who.token });
    expect(shown.data).toMatchObject({ bag: { id: bag.id, status: 'drawn' }, mine: { won: true } });
    await expectSound(ctx.s.deps.db);
  }, 60_000);

  it('gift prize, follow task: fewer entrants than winners; each receives the gift from the anchor through the gift path; the unused part goes back', async () => {
    const { owner, room, ownerSock } = await anchorRoom();
    const [a, b, c] = await viewers(room.id, 3);
    const rose = await giftId(ctx.s, '玫瑰');
    const before = await balance(owner.user.id);
    const made = await create(owner.token, { room_id: room.id, prize: 'gift', gift_id: rose.id, task: 'follow', winners: 3 });
    expect(made.code, made.msg).toBe(200);
    expect(made.data.bag).toMatchObject({ prize: 'gift', coins: rose.price * 3, per_winner: rose.price, gift: { id: rose.id, name: '玫瑰' } });
    const id = made.data.bag.id;
    for (const v of [a!, b!]) {
      expect((await enter(v.who.token, id)).msg).toBe('关注主播即可参与');
      expect((await ctx.s.api.call(api.followAdd, { user_id: owner.user.id }, { token: v.who.token })).code).toBe(200);
      expect((await enter(v.who.token, id)).code).toBe(200);
    }
    expect((await enter(c!.who.token, id)).code).toBe(ErrorCode.LUCKYBAG_TASK_NOT_DONE);

    const giftLine = next(ownerSock, 'gift', (p) => p.record.receiver.id === a!.who.user.id);
    const drawnSeen = bagOf(ownerSock, (x) => x.id === id && x.status === 'drawn');
    // This time the bag's timer is gone (its instance stopped): the worker's sweep draws it.
    ctx.s.services.luckyBags.dispose();
    clock.advance(MINUTE);
    expect(await ctx.s.services.luckyBags.sweep()).toBe(1);
    const drawn = await drawnSeen;
    expect(drawn.result?.winners.map((u) => u.id).sort()).toEqual([a!.who.user.id, b!.who.user.id].sort());
    expect(drawn.result?.refunded).toBe(rose.price);
    // Shown in the room as a gift line from the anchor.
    expect((await giftLine).record).toMatchObject({ sender: { id: owner.user.id }, gift_id: rose.id, room_id: room.id });
    const records = await ctx.s.deps.db.kysely.selectFrom('gift_records').selectAll().where('idem_key', 'like', `luckybag:${id}:win:%`).execute();
    expect(records.map((r) => [r.sender_id, r.receiver_id, Number(r.total)]).sort()).toEqual(
      [
        [owner.user.id, a!.who.user.id, rose.price],
        [owner.user.id, b!.who.user.id, rose.price],
      ].sort(),
    );
    expect(await balance(a!.who.user.id, 'gift_pending')).toBe(Number(records[0]!.earning));
    expect(await balance(owner.user.id)).toBe(before - rose.price * 2);
    expect((await transfersOf(id)).filter((t) => t.kind === 'gift')).toHaveLength(2);
    await expectSound(ctx.s.deps.db);
  }, 60_000);

  it('a draw that dies midway pays nobody; the next run pays each winner exactly once', async () => {
    const { owner, room } = await anchorRoom();
    const crowd = await viewers(room.id, 4);
    for (const v of crowd) expect((await ctx.s.api.call(api.followAdd, { user_id: owner.user.id }, { token: v.who.token })).code).toBe(200);
    const made = await create(owner.token, { room_id: room.id, coins: coins(40), winners: 4, task: 'follow' });
    const id = made.data.bag.id;
    for (const v of crowd) expect((await enter(v.who.token, id)).code).toBe(200);
    const before = await balance(owner.user.id);

    // The instance dies after paying two winners (the third posting throws): the transaction goes with it.
    const ledger = ctx.s.services.finance.ledger;
    const real = ledger.post.bind(ledger);
    let calls = 0;
    const spy = vi.spyOn(ledger, 'post').mockImplementation(async (...args) => {
      if (++calls === 3) throw new Error('instance killed');
      return real(...args);
    });
    ctx.s.services.luckyBags.dispose(); // its timer is gone with the instance
    clock.advance(MINUTE);
    await expect(ctx.s.services.luckyBags.draw(id)).rejects.toThrow('instance killed');
    spy.mockRestore();
    expect((await transfersOf(id)).filter((t) => t.kind === 'luckybag_win')).toEqual([]);
    expect((await ctx.s.api.call(api.luckyBagRoom, { room_id: room.id })).data.bag?.status).toBe('open');

    // The worker's sweep (twice, as two instances would) draws it once.
    expect((await Promise.all([ctx.s.services.luckyBags.sweep(), ctx.s.services.luckyBags.sweep()])).reduce((x, y) => x + y, 0)).toBe(1);
    const wins = (await transfersOf(id)).filter((t) => t.kind === 'luckybag_win');
    expect(wins.map((t) => t.idem_key).sort()).toEqual(crowd.map((v) => `luckybag:${id}:win:${v.who.user.id}`).sort());
    for (const v of crowd) expect(await balance(v.who.user.id)).toBe(coins(10));
    expect(await balance(owner.user.id)).toBe(before);
    const audit = await ctx.s.api.call(api.adminLuckyBagAudit, { bag_id: id }, { token: ctx.op.token });
    expect(audit.data.matches).toBe(true);
    await expectSound(ctx.s.deps.db);
  }, 60_000);

  it('refuses bad input with a clear error naming the field, and moves nothing twice', async () => {
    const { owner, room, ownerSock } = await anchorRoom();
    const [v] = await viewers(room.id, 1);
    const before = await balance(owner.user.id);
    const refused = async (body: Record<string, unknown>, code: number, field?: string) => {
      const r = await create(owner.token, { room_id: room.id, ...body });
      expect(r.code, r.msg).toBe(code);
      if (field) expect(r.msg).toContain(field);
    };
    await refused({ coins: 0 }, ErrorCode.VALIDATION, '福袋金币');
    await refused({ coins: coins(10), winners: -1 }, ErrorCode.VALIDATION, '中奖人数');
    await refused({ coins: coins(500), winners: 101 }, ErrorCode.VALIDATION, '中奖人数最多100人');
    await refused({ coins: coins(10), task: 'share' }, ErrorCode.VALIDATION, '任务');
    await refused({ coins: coins(10), minutes: 2 }, ErrorCode.VALIDATION, '福袋时长');
    await refused({ coins: coins(10) + 1 }, ErrorCode.VALIDATION, '整数金币');
    await refused({}, ErrorCode.VALIDATION, 'coins');
    await refused({ prize: 'gift' }, ErrorCode.VALIDATION, 'gift_id');
    await refused({ prize: 'gift', gift_id: 999_999 }, ErrorCode.LUCKYBAG_GIFT_NOT_FOUND);
    await refused({ coins: coins(2), winners: 3 }, ErrorCode.LUCKYBAG_COINS_TOO_SMALL);
    // Over one's balance: refused, and the same key stays refused.
    const key = rid();
    const over = { request_id: key, room_id: room.id, prize: 'coins', coins: before + coins(1), task: 'chat', minutes: 1, winners: 1 } as const;
    expect((await ctx.s.api.call(api.luckyBagCreate, over, { token: owner.token })).code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    expect(await balance(owner.user.id)).toBe(before);
    // Not the anchor of the room; the anchor's socket not in the room.
    await rechargeDirect(ctx.s, v!.who.user.id, 1);
    expect((await create(v!.who.token, { room_id: room.id, coins: coins(5) })).code).toBe(ErrorCode.LUCKYBAG_NOT_ANCHOR);
    expect((await emit(ownerSock, 'leave', {})).code).toBe(200);
    expect((await create(owner.token, { room_id: room.id, coins: coins(5) })).code).toBe(ErrorCode.LUCKYBAG_NOT_IN_ROOM);
    await join(ownerSock, room.id);

    // The same request twice: one bag, the coins moved once; the key with other input is refused.
    const body = { request_id: rid(), room_id: room.id, prize: 'coins', coins: coins(20), task: 'fanclub', minutes: 1, winners: 2 } as const;
    const [r1, r2] = await Promise.all([
      ctx.s.api.call(api.luckyBagCreate, body, { token: owner.token }),
      ctx.s.api.call(api.luckyBagCreate, body, { token: owner.token }),
    ]);
    expect([r1.code, r2.code]).toEqual([200, 200]);
    expect(r1.data.bag.id).toBe(r2.data.bag.id);
    expect(await balance(owner.user.id)).toBe(before - coins(20));
    expect((await ctx.s.api.call(api.luckyBagCreate, { ...body, coins: coins(30) }, { token: owner.token })).code).toBe(ErrorCode.CONFLICT);
    // One open bag per room.
    await refused({ coins: coins(5) }, ErrorCode.LUCKYBAG_ROOM_BUSY);
    const id = r1.data.bag.id;

    // The fan club task: refused naming it; someone not in the room is refused before any task.
    expect((await enter(v!.who.token, id)).msg).toBe('加入粉丝团即可参与');
    const outsider = await member(ctx.s);
    expect((await enter(outsider.token, id)).code).toBe(ErrorCode.LUCKYBAG_NOT_IN_ROOM);
    expect((await ctx.s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: owner.user.id }, { token: v!.who.token })).code).toBe(200);
    expect((await enter(v!.who.token, id)).code).toBe(200);
    expect((await enter(v!.who.token, 999_999)).code).toBe(ErrorCode.NOT_FOUND);
    // The entry rate limit: 5 tries in 10 s, then RATE_LIMITED (a bot hammering gets nowhere).
    const tries = [];
    for (let i = 0; i < 3; i++) tries.push((await enter(v!.who.token, id)).code);
    expect(tries).toEqual([200, 200, ErrorCode.RATE_LIMITED]);

    // Past its time no entry is taken, even before the draw ran.
    ctx.s.services.luckyBags.dispose();
    clock.advance(MINUTE);
    const [w] = await viewers(room.id, 1);
    expect((await ctx.s.api.call(api.fanClubJoin, { request_id: rid(), anchor_id: owner.user.id }, { token: w!.who.token })).code).toBe(
      ErrorCode.BALANCE_NOT_ENOUGH,
    );
    expect((await enter(w!.who.token, id)).code).toBe(ErrorCode.LUCKYBAG_ENDED);
    expect(await ctx.s.services.luckyBags.sweep()).toBe(1);
    expect((await enter(w!.who.token, id)).code).toBe(ErrorCode.LUCKYBAG_ENDED);
    // A drawn bag is audited; an open or unknown one is not.
    expect((await ctx.s.api.call(api.adminLuckyBagAudit, { bag_id: 999_999 }, { token: ctx.op.token })).code).toBe(ErrorCode.NOT_FOUND);

    // Per anchor per China-time day: 4 (this file's setting), the first bag above counted.
    for (let i = 0; i < 3; i++) {
      const r = await create(owner.token, { room_id: room.id, coins: coins(1) });
      expect(r.code, r.msg).toBe(200);
      ctx.s.services.luckyBags.dispose();
      clock.advance(MINUTE);
      expect(await ctx.s.services.luckyBags.sweep()).toBe(1);
    }
    await refused({ coins: coins(1) }, ErrorCode.LUCKYBAG_DAILY_LIMIT);
    await expectSound(ctx.s.deps.db);
  }, 60_000);
});
