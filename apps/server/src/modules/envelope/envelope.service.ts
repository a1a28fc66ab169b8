import { ENVELOPE_TTL_HOURS, ErrorCode, type EnvelopeGrab, type RedEnvelope, type RouteBody, type Api, type UserBrief } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import type { Conn } from '../../db/database.js';
import { xactLock } from '../../db/locks.js';
import type { Deps } from '../../deps.js';
import { BizError, reusedKey } from '../../http/errors.js';
import { chinaDay, chinaDayStart } from '../../lib/chinaTime.js';
import { keepRefusal, opKey, pastRefusal } from '../finance/idempotency.js';
import { Overdraft, type AccountRef, type Ledger } from '../finance/ledger/ledger.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { briefOrGone, briefsOf } from '../user/userBriefs.js';
import type { RoomService } from '../room/room.service.js';
import type { EnvelopeConfig } from './envelope.config.js';
import { envelopeRepository as repo } from './envelope.repository.js';
import type { EnvelopeRow, ShareRow } from './envelope.tables.js';
import { splitShares } from './split.js';

export type EnvelopeSendInput = RouteBody<Api['envelopeSend']>;

const TTL_MS = ENVELOPE_TTL_HOURS * 3600_000;
/** Grab updates of one envelope go out at most this often (the view is read when they go). */
const COALESCE_MS = 300;

/**
 * Red envelopes (decisions 0236–0244). A send moves the whole amount from the sender's coins into the
 * platform's envelope escrow and writes the K shares, split at once (split.ts), in one transaction
 * under the sender's key. A grab takes the next free share and pays it from the escrow in one
 * transaction under the envelope's lock (PostgreSQL advisory lock; SQLite's writes are serial), so
 * shares are handed out one at a time, a share is paid at most once (its transfer's key and the
 * (envelope, user) UNIQUE index), and a crash mid-grab leaves either both or neither. What nobody
 * grabbed in 24 h goes back to the sender by the worker's sweep. Every change is told to the room as
 * `envelope`.
 */
export class EnvelopeService {
  private escrow: AccountRef | undefined;
  private readonly timers = new Map<number, () => void>();
  private readonly pending = new Set<number>();

  constructor(
    private readonly deps: Deps,
    private readonly ledger: Ledger,
    private readonly rooms: RoomService,
    private readonly config: EnvelopeConfig,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }
  private now(): number {
    return this.deps.clock.now();
  }

  private async escrowAccount(): Promise<AccountRef> {
    this.escrow ??= await repo.escrowAccount(this.db);
    return this.escrow;
  }

  // ---- send ---------------------------------------------------------------------------------------

  async send(senderId: number, input: EnvelopeSendInput): Promise<{ envelope: RedEnvelope; coin: number }> {
    const key = opKey('envelope', senderId, input.request_id);
    const bound = { room_id: input.room_id, amount: input.amount, shares: input.shares, countdown_s: input.countdown_s };
    const seen = await repo.byKey(this.db, key);
    if (seen) return this.replay(seen, senderId, bound);
    const refused = await pastRefusal(this.db, key, bound);
    if (refused) throw refused;

    if (input.amount < input.shares * MONEY_UNIT) throw new BizError(ErrorCode.ENVELOPE_AMOUNT_TOO_SMALL);
    const room = await this.rooms.room(input.room_id);
    if (room.status !== 'open') throw new BizError(ErrorCode.ENVELOPE_ROOM_CLOSED);
    // A password room or a private audience: being in the room's channel is what its rules let in.
    if (!(await this.deps.rooms.isPresent(room.id, senderId))) throw new BizError(ErrorCode.ENVELOPE_NOT_IN_ROOM);
    const online = (await this.deps.rooms.onlineCounts([room.id])).get(room.id) ?? 0;
    if (input.shares > online) {
      throw new BizError(ErrorCode.ENVELOPE_SHARES_OVER_ROOM, `红包个数不能超过直播间在线人数（现在${online}人）`);
    }

    const [from, escrow] = await Promise.all([this.ledger.userAccounts(senderId), this.escrowAccount()]);
    const at = this.now();
    const nowIso = new Date(at).toISOString();
    const amounts = splitShares(input.amount / MONEY_UNIT, input.shares).map((c) => c * MONEY_UNIT);
    let row: EnvelopeRow;
    let coin: number;
    try {
      ({ row, coin } = await this.deps.db.tx(async (conn: Conn) => {
        // The limits are counted under locks (the sender's, then the room's: always that order).
        await xactLock(conn, this.deps.db.dialect, `envelope:u:${senderId}`);
        await xactLock(conn, this.deps.db.dialect, `envelope:room:${room.id}`);
        const today = new Date(chinaDayStart(chinaDay(at))).toISOString();
        if ((await repo.countSentSince(conn, senderId, today)) >= this.config.perUserPerDay) throw new BizError(ErrorCode.ENVELOPE_DAILY_LIMIT);
        if ((await repo.countOpenInRoom(conn, room.id)) >= this.config.perRoomOpen) throw new BizError(ErrorCode.ENVELOPE_ROOM_LIMIT);
        const row = await repo.insert(conn, {
          idem_key: key,
          room_id: room.id,
          sender_id: senderId,
          amount: input.amount,
          shares: input.shares,
          greeting: input.greeting,
          countdown_s: input.countdown_s,
          status: 'open',
          opens_at: new Date(at + input.countdown_s * this.config.countdownSecondMs).toISOString(),
          expires_at: new Date(at + TTL_MS).toISOString(),
          grabbed: 0,
          grabbed_amount: 0,
          refunded: 0,
          created_at: nowIso,
          ended_at: null,
        });
        await repo.insertShares(conn, row.id, amounts);
        const params = { room_id: room.id, shares: input.shares };
        const { balances } = await this.ledger.post(
          conn,
          [{ key, kind: 'envelope_send', from: from.coin, to: escrow, amount: input.amount, ref: `E${row.id}`, remark: `红包×${input.shares}`, params }],
          nowIso,
        );
        return { row, coin: balances.get(from.coin.id)! };
      }));
    } catch (err) {
      if (err instanceof Overdraft) throw await keepRefusal(this.db, key, senderId, bound, new BizError(ErrorCode.BALANCE_NOT_ENOUGH));
      if (isUniqueViolation(err)) {
        const first = await repo.byKey(this.db, key);
        if (first) return this.replay(first, senderId, bound);
      }
      throw err;
    }
    const envelope = await this.publish(row);
    this.scheduleOpening(row);
    return { envelope, coin };
  }

  private async replay(row: EnvelopeRow, senderId: number, bound: { room_id: number; amount: number; shares: number; countdown_s: number }) {
    if (row.room_id !== bound.room_id || row.amount !== bound.amount || row.shares !== bound.shares || row.countdown_s !== bound.countdown_s) {
      throw reusedKey();
    }
    const from = await this.ledger.userAccounts(senderId);
    return { envelope: await this.view(row), coin: await this.ledger.balanceAfter(row.idem_key, from.coin.id) };
  }

  // ---- grab ---------------------------------------------------------------------------------------

  async grab(userId: number, envelopeId: number): Promise<{ envelope: RedEnvelope; amount: number; coin: number }> {
    const turn = await this.deps.limits.take(`envelope:grab:u:${userId}`, { max: this.config.grabsPer10s, windowMs: 10_000 });
    if (!turn.ok) throw new BizError(ErrorCode.RATE_LIMITED, `抢得太快了，请${Math.ceil(turn.retryAfterMs / 1000)}秒后再试`);
    const row = await repo.byId(this.db, envelopeId);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, '红包不存在');
    const mine = await repo.shareOf(this.db, row.id, userId);
    if (mine) return this.grabbed(row, mine, userId);
    this.assertGrabbable(row);
    if (!(await this.deps.rooms.isPresent(row.room_id, userId))) throw new BizError(ErrorCode.ENVELOPE_NOT_IN_ROOM);

    const [to, escrow] = await Promise.all([this.ledger.userAccounts(userId), this.escrowAccount()]);
    let done: { row: EnvelopeRow; share: ShareRow; coin: number } | { share: ShareRow; again: true };
    try {
      done = await this.deps.db.tx(async (conn: Conn) => {
        await xactLock(conn, this.deps.db.dialect, `envelope:${row.id}`);
        const again = await repo.shareOf(conn, row.id, userId);
        if (again) return { share: again, again: true as const };
        const current = await repo.byId(conn, row.id);
        this.assertGrabbable(current!);
        const share = await repo.nextFree(conn, row.id);
        if (!share) throw new BizError(ErrorCode.ENVELOPE_EMPTY);
        const at = new Date(this.now()).toISOString();
        if (!(await repo.claim(conn, share.id, userId, at))) throw new BizError(ErrorCode.ENVELOPE_EMPTY);
        const params = { room_id: row.room_id, sender_id: row.sender_id };
        const { balances } = await this.ledger.post(
          conn,
          [
            {
              key: `envelope:${row.id}:share:${share.seq}`,
              kind: 'envelope_grab',
              from: escrow,
              to: to.coin,
              amount: share.amount,
              ref: `E${row.id}`,
              remark: '抢红包',
              params,
            },
          ],
          at,
        );
        const next = await repo.countGrab(conn, row.id, share.amount, at);
        return { row: next, share: { ...share, user_id: userId, grabbed_at: at }, coin: balances.get(to.coin.id)! };
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const first = await repo.shareOf(this.db, row.id, userId);
        if (first) return this.grabbed(row, first, userId);
      }
      throw err;
    }
    if ('again' in done) return this.grabbed(row, done.share, userId);
    if (done.row.status === 'finished') await this.publish(done.row);
    else this.publishSoon(done.row.id);
    return { envelope: await this.view(done.row), amount: done.share.amount, coin: done.coin };
  }

  /** A member's share answered again (a second tap, a retry): the same amount, nothing moves. */
  private async grabbed(row: EnvelopeRow, share: ShareRow, userId: number) {
    const to = await this.ledger.userAccounts(userId);
    const fresh = (await repo.byId(this.db, row.id)) ?? row;
    return {
      envelope: await this.view(fresh),
      amount: share.amount,
      coin: await this.ledger.balanceAfter(`envelope:${row.id}:share:${share.seq}`, to.coin.id),
    };
  }

  private assertGrabbable(row: EnvelopeRow): void {
    const now = this.now();
    if (row.status === 'expired' || Date.parse(row.expires_at) <= now) throw new BizError(ErrorCode.ENVELOPE_EXPIRED);
    if (row.status === 'finished') throw new BizError(ErrorCode.ENVELOPE_EMPTY);
    if (Date.parse(row.opens_at) > now) throw new BizError(ErrorCode.ENVELOPE_NOT_OPEN);
  }

  // ---- reads --------------------------------------------------------------------------------------

  async ofRoom(roomId: number): Promise<{ list: RedEnvelope[] }> {
    const now = this.now();
    const rows = (await repo.openInRoom(this.db, roomId)).filter((r) => Date.parse(r.expires_at) > now);
    return { list: await this.views(rows) };
  }

  async detail(envelopeId: number, callerId: number | null): Promise<{ envelope: RedEnvelope; grabs: EnvelopeGrab[]; mine: number | null }> {
    const row = await repo.byId(this.db, envelopeId);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, '红包不存在');
    const shares = await repo.grabs(this.db, row.id);
    const briefs = await briefsOf(this.db, [row.sender_id, ...shares.map((s) => s.user_id!)]);
    const mine = callerId === null ? undefined : shares.find((s) => s.user_id === callerId);
    return {
      envelope: this.toView(row, briefs, shares[0]),
      grabs: shares.map((s) => this.toGrab(s, briefs)),
      mine: mine ? mine.amount : null,
    };
  }

  private async view(row: EnvelopeRow): Promise<RedEnvelope> {
    return (await this.views([row]))[0]!;
  }

  private async views(rows: EnvelopeRow[]): Promise<RedEnvelope[]> {
    const ended = rows.filter((r) => r.status !== 'open').map((r) => r.id);
    const best = await repo.bestOf(this.db, ended);
    const briefs = await briefsOf(this.db, [...rows.map((r) => r.sender_id), ...[...best.values()].map((s) => s.user_id!)]);
    return rows.map((r) => this.toView(r, briefs, best.get(r.id)));
  }

  private toGrab(s: ShareRow, briefs: Map<number, UserBrief>): EnvelopeGrab {
    return { user: briefOrGone(briefs, s.user_id!), amount: s.amount, at: s.grabbed_at! };
  }

  private toView(r: EnvelopeRow, briefs: Map<number, UserBrief>, best: ShareRow | undefined): RedEnvelope {
    const now = this.now();
    const status = r.status !== 'open' ? r.status : Date.parse(r.expires_at) <= now ? 'expired' : Date.parse(r.opens_at) > now ? 'waiting' : 'open';
    return {
      id: r.id,
      room_id: r.room_id,
      sender: briefOrGone(briefs, r.sender_id),
      amount: r.amount,
      shares: r.shares,
      greeting: r.greeting,
      countdown_s: r.countdown_s,
      status,
      opens_at: r.opens_at,
      expires_at: r.expires_at,
      grabbed: r.grabbed,
      grabbed_amount: r.grabbed_amount,
      refunded: r.refunded,
      best: r.status !== 'open' && best ? this.toGrab(best, briefs) : null,
      now: new Date(now).toISOString(),
    };
  }

  // ---- the room hears it --------------------------------------------------------------------------

  private async publish(row: EnvelopeRow): Promise<RedEnvelope> {
    const envelope = await this.view(row);
    this.deps.rooms.toRoom(row.room_id, 'envelope', { room_id: row.room_id, envelope });
    return envelope;
  }

  /** A burst of grabs is told as one update every COALESCE_MS (with the counts as they are then). */
  private publishSoon(id: number): void {
    if (this.pending.has(id)) return;
    this.pending.add(id);
    this.deps.clock.after(COALESCE_MS, () => {
      this.pending.delete(id);
      void (async () => {
        const row = await repo.byId(this.db, id);
        // Past its time the sweep tells the room, with what went back.
        if (row?.status === 'open' && Date.parse(row.expires_at) > this.now()) await this.publish(row);
      })().catch((err: unknown) => this.deps.log.warn({ err, envelope: id }, 'envelope update failed'));
    });
  }

  /** The room hears the opening when the countdown ends (clients count down themselves; this confirms it). */
  private scheduleOpening(row: EnvelopeRow): void {
    const ms = Date.parse(row.opens_at) - this.now();
    if (ms <= 0) return;
    const cancel = this.deps.clock.after(ms, () => {
      this.timers.delete(row.id);
      void (async () => {
        const now = await repo.byId(this.db, row.id);
        if (now?.status === 'open') await this.publish(now);
      })().catch((err: unknown) => this.deps.log.warn({ err, envelope: row.id }, 'envelope opening not told'));
    });
    this.timers.set(row.id, cancel);
  }

  // ---- refunds (the worker) -----------------------------------------------------------------------

  /** One round of the worker's sweep: every open envelope past its 24 h gives back what was not grabbed. */
  async sweep(running: () => boolean = () => true): Promise<number> {
    let n = 0;
    for (const row of await repo.due(this.db, new Date(this.now()).toISOString())) {
      if (!running()) break;
      if (await this.refund(row)) n++;
    }
    return n;
  }

  private async refund(row: EnvelopeRow): Promise<boolean> {
    const [from, escrow] = await Promise.all([this.ledger.userAccounts(row.sender_id), this.escrowAccount()]);
    const done = await this.deps.db.tx(async (conn: Conn) => {
      await xactLock(conn, this.deps.db.dialect, `envelope:${row.id}`);
      const free = await repo.freeAmount(conn, row.id);
      const at = new Date(this.now()).toISOString();
      const expired = await repo.expire(conn, row.id, free, at);
      if (!expired) return undefined;
      if (free > 0) {
        await this.ledger.post(
          conn,
          [
            {
              key: `envelope:${row.id}:refund`,
              kind: 'envelope_refund',
              from: escrow,
              to: from.coin,
              amount: free,
              ref: `E${row.id}`,
              remark: '红包退回',
              params: { room_id: row.room_id },
            },
          ],
          at,
        );
      }
      return expired;
    });
    if (!done) return false;
    await this.publish(done).catch((err: unknown) => this.deps.log.warn({ err, envelope: row.id }, 'envelope expiry not told'));
    return true;
  }

  dispose(): void {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }
}
