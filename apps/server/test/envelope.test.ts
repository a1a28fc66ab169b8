/**
 * Red envelopes on a real server (SQLite, or PostgreSQL + Redis with TEST_DATABASE_URL): the room
 * hears an envelope arrive, count down and open; 200 members grab at once and the shares sum to the
 * amount exactly; a second grab answers the same share; what nobody took goes back after 24 h (an
 * injected clock); bad input is refused naming the field, and nothing moves twice.
 */
import { describe, expect, it } from 'vitest';
import { api, ErrorCode, type RedEnvelope, type Session } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { expectSound, rechargeDirect, rid } from './financeHelpers.js';
import { fakeClock } from './helpers/fakeClock.js';
import { collect, connectRoom, join, member, next, ownedRoom, type RoomSocket, useRoomServer } from './roomHarness.js';

const clock = fakeClock();
// A small per-room and per-day allowance, so the limits are reached in a few sends.
const ctx = useRoomServer({ clock, env: { ENVELOPE_PER_ROOM_OPEN: '3', ENVELOPE_PER_USER_PER_DAY: '5', ENVELOPE_GRABS_PER_10S: '5' } });
const coins = (n: number) => n * MONEY_UNIT;

async function coinOf(userId: number): Promise<number> {
  return ctx.s.deps.db.kysely
    .selectFrom('accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('kind', '=', 'coin')
    .executeTakeFirst()
    .then((r) => Number(r?.balance ?? 0));
}
const escrow = () =>
  ctx.s.deps.db.kysely
    .selectFrom('accounts')
    .select('balance')
    .where('kind', '=', 'envelope_escrow')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.balance));

/** A member with coins (a 6480-coin package) whose socket is in the room. */
async function richIn(roomId: number): Promise<{ who: Session; sock: RoomSocket }> {
  const who = await member(ctx.s);
  await rechargeDirect(ctx.s, who.user.id, 6);
  const sock = await connectRoom(ctx.s, who);
  await join(sock, roomId);
  return { who, sock };
}
async function crowd(roomId: number, n: number): Promise<Session[]> {
  const out: Session[] = [];
  for (let i = 0; i < n; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, n - i) }, async () => {
        const who = await member(ctx.s);
        await join(await connectRoom(ctx.s, who), roomId);
        return who;
      }),
    );
    out.push(...batch);
  }
  return out;
}
const send = (token: string, body: Record<string, unknown>) =>
  ctx.s.api.call(api.envelopeSend, { request_id: rid(), countdown_s: 0, ...body } as never, { token });
const grab = (token: string, envelope_id: number) => ctx.s.api.call(api.envelopeGrab, { envelope_id }, { token });
const envelopeOf = (sock: RoomSocket, pred: (e: RedEnvelope) => boolean, ms = 10_000) =>
  next(sock, 'envelope', (p) => pred(p.envelope), ms).then((p) => p.envelope);

describe('red envelopes', () => {
  it('arrives, counts down, opens; 200 members grab at once, each ≥ 1 coin, the shares sum exactly; the room sees the best share', async () => {
    const { room, ownerSock } = await ownedRoom(ctx.s, ctx.op);
    const sender = await richIn(room.id);
    const members = await crowd(room.id, 200);
    const before = await coinOf(sender.who.user.id);
    const escrowBefore = await escrow();

    const arrived = envelopeOf(ownerSock, (e) => e.status === 'waiting');
    const sent = await send(sender.who.token, { room_id: room.id, amount: coins(1000), shares: 200, countdown_s: 60, greeting: '恭喜发财' });
    expect(sent.code, sent.msg).toBe(200);
    const env = sent.data.envelope;
    expect(env).toMatchObject({ status: 'waiting', amount: coins(1000), shares: 200, countdown_s: 60, grabbed: 0, greeting: '恭喜发财', best: null });
    expect(Date.parse(env.opens_at) - Date.parse(env.now)).toBeGreaterThan(55_000);
    expect(Date.parse(env.expires_at) - Date.parse(env.opens_at)).toBe(24 * 3600_000 - 60_000);
    expect((await arrived).id).toBe(env.id);
    expect(sent.data.coin).toBe(before - coins(1000));
    expect(await escrow()).toBe(escrowBefore + coins(1000));
    // A (re)joining client starts from envelope/room.
    expect((await ctx.s.api.call(api.envelopeRoom, { room_id: room.id })).data.list.map((e) => e.id)).toEqual([env.id]);

    // Before the countdown ends nobody can grab.
    expect((await grab(members[0]!.token, env.id)).code).toBe(ErrorCode.ENVELOPE_NOT_OPEN);
    const opened = envelopeOf(ownerSock, (e) => e.id === env.id && e.status === 'open');
    clock.advance(60_000);
    await opened;

    const finished = envelopeOf(ownerSock, (e) => e.id === env.id && e.status === 'finished', 90_000);
    const results = await Promise.all(members.map((m) => grab(m.token, env.id)));
    for (const r of results) expect(r.code, r.msg).toBe(200);
    const amounts = results.map((r) => r.data.amount);
    expect(amounts.every((a) => a >= MONEY_UNIT && a % MONEY_UNIT === 0)).toBe(true);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(coins(1000));
    expect(new Set(amounts).size).toBeGreaterThan(3);
    const done = await finished;
    expect(done).toMatchObject({ grabbed: 200, grabbed_amount: coins(1000) });
    expect(done.best?.amount).toBe(Math.max(...amounts));
    expect(await escrow()).toBe(escrowBefore);

    // Each member's coins went up by their share exactly once; a second grab answers the same share.
    const m0 = members[0]!;
    expect(await coinOf(m0.user.id)).toBe(amounts[0]);
    const again = await grab(m0.token, env.id);
    expect(again.code, again.msg).toBe(200);
    expect(again.data.amount).toBe(amounts[0]);
    expect(await coinOf(m0.user.id)).toBe(amounts[0]);
    // Nothing is left for the anchor, who came too late.
    const owner = await ctx.s.deps.db.kysely.selectFrom('rooms').select('anchor_id').where('id', '=', room.id).executeTakeFirstOrThrow();
    const late = await ctx.s.api.call(api.envelopeGrab, { envelope_id: env.id }, { token: (await sessionOf(owner.anchor_id)).token });
    expect(late.code).toBe(ErrorCode.ENVELOPE_EMPTY);
    const detail = await ctx.s.api.call(api.envelopeDetail, { envelope_id: env.id }, { token: m0.token });
    expect(detail.data.grabs).toHaveLength(200);
    expect(detail.data.grabs[0]!.amount).toBe(Math.max(...amounts));
    expect(detail.data.mine).toBe(amounts[0]);
    // The shares' transfers: one per share, each once.
    const transfers = await ctx.s.deps.db.kysely.selectFrom('transfers').select(['idem_key', 'amount']).where('ref', '=', `E${env.id}`).execute();
    expect(transfers.filter((t) => t.idem_key.includes(':share:'))).toHaveLength(200);
    await expectSound(ctx.s.deps.db);
  }, 120_000);

  it('gives back what nobody grabbed after 24 h (the injected clock), once; a grab after that is refused', async () => {
    const { room, ownerSock } = await ownedRoom(ctx.s, ctx.op);
    const sender = await richIn(room.id);
    const [a, b] = await crowd(room.id, 3);
    const before = await coinOf(sender.who.user.id);
    const sent = await send(sender.who.token, { room_id: room.id, amount: coins(50), shares: 5 });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data.envelope.status).toBe('open');
    const id = sent.data.envelope.id;
    const ga = await grab(a!.token, id);
    const gb = await grab(b!.token, id);
    expect([ga.code, gb.code]).toEqual([200, 200]);
    const taken = ga.data.amount + gb.data.amount;

    // A minute short of 24 h nothing moves.
    clock.advance(24 * 3600_000 - 60_000);
    await ctx.s.services.envelopes.sweep();
    expect(await coinOf(sender.who.user.id)).toBe(before - coins(50));

    const expired = envelopeOf(ownerSock, (e) => e.id === id && e.status === 'expired' && e.refunded > 0);
    clock.advance(60_000);
    await ctx.s.services.envelopes.sweep();
    const seen = await expired;
    expect(seen).toMatchObject({ refunded: coins(50) - taken, grabbed: 2 });
    expect(seen.best?.amount).toBe(Math.max(ga.data.amount, gb.data.amount));
    expect(await coinOf(sender.who.user.id)).toBe(before - taken);
    // Again: nothing more goes back.
    expect(await ctx.s.services.envelopes.sweep()).toBe(0);
    expect(await coinOf(sender.who.user.id)).toBe(before - taken);
    const refunds = await ctx.s.deps.db.kysely.selectFrom('transfers').select('amount').where('idem_key', '=', `envelope:${id}:refund`).execute();
    expect(refunds.map((r) => Number(r.amount))).toEqual([coins(50) - taken]);
    const [c] = await crowd(room.id, 1);
    expect((await grab(c!.token, id)).code).toBe(ErrorCode.ENVELOPE_EXPIRED);
    // The same member asking again still sees their share; the room's list has no expired envelope.
    expect((await grab(a!.token, id)).data.amount).toBe(ga.data.amount);
    expect((await ctx.s.api.call(api.envelopeRoom, { room_id: room.id })).data.list).toEqual([]);
    await expectSound(ctx.s.deps.db);
  }, 60_000);

  it('refuses bad input with a clear error naming the field, and moves nothing twice', async () => {
    const { room } = await ownedRoom(ctx.s, ctx.op);
    const sender = await richIn(room.id);
    await crowd(room.id, 3);
    const before = await coinOf(sender.who.user.id);
    const refused = async (body: Record<string, unknown>, code: number, field?: string) => {
      const r = await send(sender.who.token, { room_id: room.id, ...body });
      expect(r.code, r.msg).toBe(code);
      if (field) expect(r.msg).toContain(field);
      return r;
    };
    // 0 coins, a negative count, a countdown not offered, part coins, more shares than people, less than a coin each.
    await refused({ amount: 0, shares: 1 }, ErrorCode.VALIDATION, '红包金额');
    await refused({ amount: coins(10), shares: -1 }, ErrorCode.VALIDATION, '红包个数');
    await refused({ amount: coins(10), shares: 2, countdown_s: 30 }, ErrorCode.VALIDATION, '倒计时');
    await refused({ amount: coins(10) + 1, shares: 2 }, ErrorCode.VALIDATION, '整数金币');
    await refused({ amount: coins(100), shares: 6 }, ErrorCode.ENVELOPE_SHARES_OVER_ROOM, '5人');
    await refused({ amount: coins(3), shares: 4 }, ErrorCode.ENVELOPE_AMOUNT_TOO_SMALL);
    // Over one's balance: refused, and the same key stays refused after a recharge.
    const key = rid();
    const over = await ctx.s.api.call(
      api.envelopeSend,
      { request_id: key, room_id: room.id, amount: before + coins(1), shares: 2, countdown_s: 0 },
      { token: sender.who.token },
    );
    expect(over.code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    expect(await coinOf(sender.who.user.id)).toBe(before);
    expect(await ctx.s.services.finance.ledger.transferByKey(`envelope:${sender.who.user.id}:${key}`)).toBeUndefined();
    // Someone not in the room (a password room's outsider too) can neither send nor grab.
    const outsider = await member(ctx.s);
    await rechargeDirect(ctx.s, outsider.user.id, 1);
    expect((await send(outsider.token, { room_id: room.id, amount: coins(5), shares: 1 })).code).toBe(ErrorCode.ENVELOPE_NOT_IN_ROOM);

    // The same request twice: one envelope, the coins moved once; the key with other input is refused.
    const once = rid();
    const body = { request_id: once, room_id: room.id, amount: coins(20), shares: 2, countdown_s: 0 };
    const [r1, r2] = await Promise.all([
      ctx.s.api.call(api.envelopeSend, body, { token: sender.who.token }),
      ctx.s.api.call(api.envelopeSend, body, { token: sender.who.token }),
    ]);
    expect([r1.code, r2.code]).toEqual([200, 200]);
    expect(r1.data.envelope.id).toBe(r2.data.envelope.id);
    expect(await coinOf(sender.who.user.id)).toBe(before - coins(20));
    expect((await ctx.s.api.call(api.envelopeSend, { ...body, amount: coins(30) }, { token: sender.who.token })).code).toBe(ErrorCode.CONFLICT);
    expect((await grab(outsider.token, r1.data.envelope.id)).code).toBe(ErrorCode.ENVELOPE_NOT_IN_ROOM);

    // Per room: 3 open at once; per member: 5 a day.
    expect((await send(sender.who.token, { room_id: room.id, amount: coins(2), shares: 1 })).code).toBe(200);
    expect((await send(sender.who.token, { room_id: room.id, amount: coins(2), shares: 1 })).code).toBe(200);
    await refused({ amount: coins(2), shares: 1 }, ErrorCode.ENVELOPE_ROOM_LIMIT);
    const other = await ownedRoom(ctx.s, ctx.op);
    const second = await connectRoom(ctx.s, sender.who);
    await join(second, other.room.id);
    expect((await send(sender.who.token, { room_id: other.room.id, amount: coins(2), shares: 1 })).code).toBe(200);
    expect((await send(sender.who.token, { room_id: other.room.id, amount: coins(2), shares: 1 })).code).toBe(200);
    expect((await send(sender.who.token, { room_id: other.room.id, amount: coins(2), shares: 1 })).code).toBe(ErrorCode.ENVELOPE_DAILY_LIMIT);
    expect(await coinOf(sender.who.user.id)).toBe(before - coins(28));

    // The grab rate limit: 5 tries in 10 s, then RATE_LIMITED (a bot hammering grab gets nowhere).
    const bot = (await crowd(room.id, 1))[0]!;
    const tries = [];
    for (let i = 0; i < 6; i++) tries.push((await grab(bot.token, r1.data.envelope.id)).code);
    expect(tries.slice(0, 5).every((c) => c === 200)).toBe(true);
    expect(tries[5]).toBe(ErrorCode.RATE_LIMITED);
    await expectSound(ctx.s.deps.db);
  }, 60_000);
});

/** A session for an existing user (the anchor of a room made by the harness). */
async function sessionOf(userId: number): Promise<{ token: string }> {
  const { token } = await ctx.s.services.sessions.issue(ctx.s.deps.db.kysely, userId, {});
  return { token };
}

// The room socket listing `collect` is kept for the checks above that wait on many events.
void collect;
