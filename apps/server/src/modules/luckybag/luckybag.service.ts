import { ErrorCode, type Api, type LuckyBag, type LuckyBagMine, type RouteBody, type UserBrief } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import type { Conn } from '../../db/database.js';
import { xactLock } from '../../db/locks.js';
import type { Deps } from '../../deps.js';
import { BizError, reusedKey, validationError } from '../../http/errors.js';
import { fanBadges } from '../fanclub/fanBadges.js';
import { chinaDay, chinaDayStart } from '../../lib/chinaTime.js';
import type { GiftRecordRow, GiftService } from '../finance/gift/gift.service.js';
import { keepRefusal, opKey, pastRefusal } from '../finance/idempotency.js';
import { Overdraft, type AccountRef, type Ledger } from '../finance/ledger/ledger.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { briefOrGone, briefsOf } from '../user/userBriefs.js';
import type { MessageService } from '../message/message.service.js';
import type { RoomService } from '../room/room.service.js';
import { relations } from '../social/relations.js';
import { drawWinners, newSeed } from './draw.js';
import type { LuckyBagConfig } from './luckybag.config.js';
import { luckyBagRepository as repo } from './luckybag.repository.js';
import type { BagRow } from './luckybag.tables.js';

export type LuckyBagCreateInput = RouteBody<Api['luckyBagCreate']>;

/** Entry counts go out to the room at most this often. */
const COALESCE_MS = 500;
/** A drawn bag's result stays in the room's view this long. */
const RESULT_MS = 60_000;
/** What an entrant without the task is told (the task named). */
const TASK_MISSING = { chat: '发一条弹幕即可参与', follow: '关注主播即可参与', fanclub: '加入粉丝团即可参与' } as const;

const ids = (json: string | null): number[] => (json ? (JSON.parse(json) as number[]) : []);

/**
 * Lucky bags (decisions 0240–0244). The creation moves the prize's coins from the anchor into the
 * platform's lucky bag escrow and writes the bag in one transaction under the anchor's key. An entry
 * needs a member in the room (its room socket) who did the task, as the server saw it. When the time
 * ends the bag's timer, or the worker's sweep behind it, draws: under the bag's lock, a fresh seed and
 * the entrants in entry order give the winners (draw.ts); each winner's prize (a `luckybag_win`
 * transfer, or a gift through the gift path) and the refund of what was not won are posted under keys
 * of the bag, and the record is written, all in one transaction: a draw run twice or killed midway
 * pays nobody twice. The room hears `luckyBag`; winners get a notice.
 */
export class LuckyBagService {
  private escrow: AccountRef | undefined;
  private readonly timers = new Map<number, () => void>();
  private readonly pending = new Set<number>();

  constructor(
    private readonly deps: Deps,
    private readonly ledger: Ledger,
    private readonly gifts: GiftService,
    private readonly rooms: RoomService,
    private readonly messages: MessageService,
    private readonly config: LuckyBagConfig,
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

  // ---- create -------------------------------------------------------------------------------------

  async create(anchorId: number, input: LuckyBagCreateInput): Promise<{ bag: LuckyBag; coin: number }> {
    const key = opKey('luckybag', anchorId, input.request_id);
    const bound = { room_id: input.room_id, prize: input.prize, coins: input.coins ?? 0, gift_id: input.gift_id ?? 0, winners: input.winners };
    const seen = await repo.byKey(this.db, key);
    if (seen) return this.replay(seen, anchorId, bound);
    const refused = await pastRefusal(this.db, key, bound);
    if (refused) throw refused;
    const prize = await this.prizeOf(input);
    const room = await this.rooms.room(input.room_id);
    if (room.anchor_id !== anchorId) throw new BizError(ErrorCode.LUCKYBAG_NOT_ANCHOR);
    if (room.status !== 'open') throw new BizError(ErrorCode.LUCKYBAG_ROOM_CLOSED);
    if (!(await this.deps.rooms.isPresent(room.id, anchorId))) throw new BizError(ErrorCode.LUCKYBAG_NOT_IN_ROOM);
    const [from, escrow] = await Promise.all([this.ledger.userAccounts(anchorId), this.escrowAccount()]);
    const at = this.now();
    const nowIso = new Date(at).toISOString();
    let made: { row: BagRow; coin: number } | { seen: BagRow };
    try {
      made = await this.deps.db.tx(async (conn: Conn) => {
        // The limits are counted under locks (the anchor's, then the room's: always that order).
        await xactLock(conn, this.deps.db.dialect, `luckybag:u:${anchorId}`);
        await xactLock(conn, this.deps.db.dialect, `luckybag:room:${room.id}`);
        // The same request at the same moment waited for the first: it answers the first's bag.
        const seen = await repo.byKey(conn, key);
        if (seen) return { seen };
        const today = new Date(chinaDayStart(chinaDay(at))).toISOString();
        if (await repo.openInRoom(conn, room.id)) throw new BizError(ErrorCode.LUCKYBAG_ROOM_BUSY);
        if ((await repo.countSince(conn, anchorId, today)) >= this.config.perAnchorPerDay) throw new BizError(ErrorCode.LUCKYBAG_DAILY_LIMIT);
        const row = await repo.insert(conn, {
          idem_key: key,
          room_id: room.id,
          anchor_id: anchorId,
          prize: input.prize,
          coins: prize.coins,
          gift_id: prize.gift?.id ?? null,
          gift_name: prize.gift?.name ?? '',
          gift_icon: prize.gift?.icon ?? '',
          per_winner: prize.perWinner,
          task: input.task,
          minutes: input.minutes,
          winners: input.winners,
          entrants: 0,
          status: 'open',
          ends_at: new Date(at + input.minutes * this.config.minuteMs).toISOString(),
          created_at: nowIso,
          seed: null,
          entrant_ids: null,
          winner_ids: null,
          refunded: 0,
          drawn_at: null,
        });
        const params = { room_id: room.id, winners: input.winners };
        const { balances } = await this.ledger.post(
          conn,
          [{ key, kind: 'luckybag_in', from: from.coin, to: escrow, amount: prize.coins, ref: `L${row.id}`, remark: `福袋×${input.winners}`, params }],
          nowIso,
        );
        return { row, coin: balances.get(from.coin.id)! };
      });
    } catch (err) {
      if (err instanceof Overdraft) throw await keepRefusal(this.db, key, anchorId, bound, new BizError(ErrorCode.BALANCE_NOT_ENOUGH));
      if (isUniqueViolation(err)) {
        const first = await repo.byKey(this.db, key);
        if (first) return this.replay(first, anchorId, bound);
      }
      throw err;
    }
    if ('seen' in made) return this.replay(made.seen, anchorId, bound);
    const bag = await this.publish(made.row);
    this.scheduleDraw(made.row);
    return { bag, coin: made.coin };
  }

  /** What goes into escrow and what each winner gets; refuses a prize without its coins or gift. */
  private async prizeOf(input: LuckyBagCreateInput) {
    if (input.prize === 'coins') {
      if (input.coins === undefined) throw validationError([{ path: 'coins', message: '金币福袋需要填写福袋金币' }]);
      const perWinner = Math.floor(input.coins / MONEY_UNIT / input.winners) * MONEY_UNIT;
      if (perWinner < MONEY_UNIT) throw new BizError(ErrorCode.LUCKYBAG_COINS_TOO_SMALL);
      return { coins: input.coins, perWinner, gift: undefined };
    }
    if (input.gift_id === undefined) throw validationError([{ path: 'gift_id', message: '礼物福袋需要选择礼物' }]);
    const gift = await this.gifts.catalogGift(input.gift_id);
    if (!gift) throw new BizError(ErrorCode.LUCKYBAG_GIFT_NOT_FOUND);
    return { coins: gift.price * input.winners, perWinner: gift.price, gift };
  }

  private async replay(row: BagRow, anchorId: number, bound: { room_id: number; prize: string; coins: number; gift_id: number; winners: number }) {
    const same =
      row.room_id === bound.room_id &&
      row.prize === bound.prize &&
      row.winners === bound.winners &&
      (row.prize === 'coins' ? row.coins === bound.coins : row.gift_id === bound.gift_id);
    if (!same) throw reusedKey();
    const from = await this.ledger.userAccounts(anchorId);
    return { bag: await this.view(row), coin: await this.ledger.balanceAfter(row.idem_key, from.coin.id) };
  }

  // ---- enter --------------------------------------------------------------------------------------

  async enter(userId: number, bagId: number): Promise<{ bag: LuckyBag; mine: LuckyBagMine }> {
    const turn = await this.deps.limits.take(`luckybag:enter:u:${userId}`, { max: this.config.entriesPer10s, windowMs: 10_000 });
    if (!turn.ok) throw new BizError(ErrorCode.RATE_LIMITED, `参与太快了，请${Math.ceil(turn.retryAfterMs / 1000)}秒后再试`);
    const row = await repo.byId(this.db, bagId);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, '福袋不存在');
    if (row.anchor_id === userId) throw new BizError(ErrorCode.LUCKYBAG_OWN);
    const had = await repo.entryOf(this.db, row.id, userId);
    if (had) return { bag: await this.view(row), mine: { task_done: true, entered: true, won: had.won === 1 } };
    if (row.status !== 'open' || Date.parse(row.ends_at) <= this.now()) throw new BizError(ErrorCode.LUCKYBAG_ENDED);
    if (!(await this.deps.rooms.isPresent(row.room_id, userId))) throw new BizError(ErrorCode.LUCKYBAG_NOT_IN_ROOM);
    if (!(await this.taskDone(row, userId))) throw new BizError(ErrorCode.LUCKYBAG_TASK_NOT_DONE, TASK_MISSING[row.task]);
    const added = await this.deps.db.tx(async (conn: Conn) => {
      // Entries wait for a draw under way, and none is taken after it.
      await xactLock(conn, this.deps.db.dialect, `luckybag:${row.id}`);
      const current = await repo.byId(conn, row.id);
      if (current?.status !== 'open' || Date.parse(current.ends_at) <= this.now()) throw new BizError(ErrorCode.LUCKYBAG_ENDED);
      return repo.enter(conn, row.id, userId, new Date(this.now()).toISOString());
    });
    if (added) this.publishSoon(row.id);
    const fresh = (await repo.byId(this.db, row.id)) ?? row;
    return { bag: await this.view(fresh), mine: { task_done: true, entered: true, won: false } };
  }

  private async taskDone(row: BagRow, userId: number): Promise<boolean> {
    if (row.task === 'chat') return repo.chatted(this.db, row.id, userId);
    if (row.task === 'follow') return (await relations.of(this.db, userId, [row.anchor_id])).following.has(row.anchor_id);
    return (await fanBadges.badgeOf(this.db, row.anchor_id, userId)) !== null;
  }

  /** A chat line in a room (after it was sent): it does the chat task of the room's open bag. */
  async onChat(roomId: number, userId: number): Promise<void> {
    await repo.noteChat(this.db, roomId, userId, new Date(this.now()).toISOString());
  }

  // ---- reads --------------------------------------------------------------------------------------

  async ofRoom(roomId: number, callerId: number | null): Promise<{ bag: LuckyBag | null; mine: LuckyBagMine | null }> {
    const row = (await repo.openInRoom(this.db, roomId)) ?? (await repo.drawnSince(this.db, roomId, new Date(this.now() - RESULT_MS).toISOString()));
    if (!row) return { bag: null, mine: null };
    return { bag: await this.view(row), mine: callerId === null ? null : await this.mineOf(row, callerId) };
  }

  private async mineOf(row: BagRow, userId: number): Promise<LuckyBagMine> {
    const entry = await repo.entryOf(this.db, row.id, userId);
    if (entry) return { task_done: true, entered: true, won: entry.won === 1 };
    return { task_done: row.anchor_id !== userId && (await this.taskDone(row, userId)), entered: false, won: false };
  }

  /** The operator's check: the draw recomputed from its record. */
  async audit(bagId: number) {
    const row = await repo.byId(this.db, bagId);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, '福袋不存在');
    if (row.status !== 'drawn' || !row.seed) throw new BizError(ErrorCode.VALIDATION, 'bag_id: 福袋还没开奖');
    const entrants = ids(row.entrant_ids);
    const winners = ids(row.winner_ids);
    const recomputed = drawWinners(row.seed, entrants, row.winners);
    return {
      bag: await this.view(row),
      seed: row.seed,
      entrants,
      winners,
      recomputed,
      matches: recomputed.length === winners.length && recomputed.every((u, i) => u === winners[i]),
    };
  }

  private async view(row: BagRow): Promise<LuckyBag> {
    const winners = ids(row.winner_ids);
    const briefs = await briefsOf(this.db, [row.anchor_id, ...winners]);
    return this.toView(row, briefs, winners);
  }

  private toView(r: BagRow, briefs: Map<number, UserBrief>, winners: number[]): LuckyBag {
    const abs = (p: string) => (p.startsWith('/') ? `${this.deps.config.publicUrl}${p}` : p);
    return {
      id: r.id,
      room_id: r.room_id,
      anchor: briefOrGone(briefs, r.anchor_id),
      prize: r.prize,
      coins: r.coins,
      gift: r.prize === 'gift' && r.gift_id !== null ? { id: r.gift_id, name: r.gift_name, icon: abs(r.gift_icon), price: r.per_winner } : null,
      per_winner: r.per_winner,
      task: r.task,
      minutes: r.minutes,
      winners: r.winners,
      entrants: r.entrants,
      status: r.status,
      ends_at: r.ends_at,
      result: r.status === 'drawn' && r.drawn_at ? { winners: winners.map((u) => briefOrGone(briefs, u)), refunded: r.refunded, drawn_at: r.drawn_at } : null,
      now: new Date(this.now()).toISOString(),
    };
  }

  // ---- the room hears it --------------------------------------------------------------------------

  private async publish(row: BagRow): Promise<LuckyBag> {
    const bag = await this.view(row);
    this.deps.rooms.toRoom(row.room_id, 'luckyBag', { room_id: row.room_id, bag });
    return bag;
  }

  private publishSoon(id: number): void {
    if (this.pending.has(id)) return;
    this.pending.add(id);
    this.deps.clock.after(COALESCE_MS, () => {
      this.pending.delete(id);
      void (async () => {
        const row = await repo.byId(this.db, id);
        if (row?.status === 'open') await this.publish(row);
      })().catch((err: unknown) => this.deps.log.warn({ err, bag: id }, 'lucky bag update failed'));
    });
  }

  /** The instance that created the bag draws it on time; the worker's sweep draws it if that one is gone. */
  private scheduleDraw(row: BagRow): void {
    const cancel = this.deps.clock.after(Math.max(0, Date.parse(row.ends_at) - this.now()), () => {
      this.timers.delete(row.id);
      void this.draw(row.id).catch((err: unknown) => this.deps.log.warn({ err, bag: row.id }, 'lucky bag draw failed; the sweep retries'));
    });
    this.timers.set(row.id, cancel);
  }

  // ---- the draw -----------------------------------------------------------------------------------

  /** One round of the worker's sweep: every open bag whose time ended is drawn. */
  async sweep(running: () => boolean = () => true): Promise<number> {
    let n = 0;
    for (const row of await repo.due(this.db, new Date(this.now()).toISOString())) {
      if (!running()) break;
      if (await this.draw(row.id)) n++;
    }
    return n;
  }

  /**
   * Draws a bag whose time ended; false when it is not due or was drawn already (by another run).
   * The winners' accounts are looked up before the transaction (SQLite has one writer), from the
   * entrants as they stand: no entry is taken past the end, and the transaction checks the list is
   * still the same.
   */
  async draw(bagId: number): Promise<boolean> {
    const first = await repo.byId(this.db, bagId);
    if (!first || first.status !== 'open' || Date.parse(first.ends_at) > this.now()) return false;
    const entrants = await repo.entrants(this.db, bagId);
    const seed = newSeed();
    const winners = drawWinners(seed, entrants, first.winners);
    const [anchor, escrow, platform, accounts] = await Promise.all([
      this.ledger.userAccounts(first.anchor_id),
      this.escrowAccount(),
      this.ledger.platformAccounts(),
      Promise.all(winners.map((u) => this.ledger.userAccounts(u))),
    ]);
    const gift = first.prize === 'gift' && first.gift_id !== null ? await this.gifts.catalogGift(first.gift_id) : undefined;
    const done = await this.deps.db.tx(async (conn: Conn) => {
      await xactLock(conn, this.deps.db.dialect, `luckybag:${bagId}`);
      const row = await repo.byId(conn, bagId);
      if (row?.status !== 'open') return undefined;
      const now = await repo.entrants(conn, row.id);
      if (now.length !== entrants.length || now.some((u, i) => u !== entrants[i])) throw new Error(`lucky bag ${row.id}: entries changed past its end`);
      const at = new Date(this.now()).toISOString();
      const ref = `L${row.id}`;
      const granted: GiftRecordRow[] = [];
      for (const [i, userId] of winners.entries()) {
        const key = `luckybag:${row.id}:win:${userId}`;
        const to = accounts[i]!;
        if (row.prize === 'coins') {
          const params = { room_id: row.room_id, anchor_id: row.anchor_id };
          await this.ledger.post(conn, [{ key, kind: 'luckybag_win', from: escrow, to: to.coin, amount: row.per_winner, ref, remark: '福袋中奖', params }], at);
        } else {
          // The gift as it was put up (its price is what sits in escrow), its animation as the catalog has it now.
          const g = { id: row.gift_id!, name: row.gift_name, icon: row.gift_icon, url: gift?.url ?? '', price: row.per_winner };
          const spec = { key, from: escrow, senderId: row.anchor_id, receiverId: userId, to: to.gift_pending, revenue: platform.revenue, gift: g, at };
          granted.push(await this.gifts.grantInTx(conn, spec));
        }
      }
      const refunded = row.coins - row.per_winner * winners.length;
      if (refunded > 0) {
        const params = { room_id: row.room_id };
        await this.ledger.post(
          conn,
          [{ key: `luckybag:${row.id}:refund`, kind: 'luckybag_refund', from: escrow, to: anchor.coin, amount: refunded, ref, remark: '福袋退回', params }],
          at,
        );
      }
      await repo.markWinners(conn, row.id, winners);
      const drawn = await repo.drawn(conn, row.id, { seed, entrant_ids: entrants, winner_ids: winners, refunded, at });
      return drawn && { row: drawn, granted };
    });
    if (!done) return false;
    await this.told(done.row, done.granted).catch((err: unknown) => this.deps.log.warn({ err, bag: bagId }, 'lucky bag result not told'));
    return true;
  }

  /** The room sees the result (and each gift as a gift line); the winners get a notice in their messages. */
  private async told(row: BagRow, granted: GiftRecordRow[]): Promise<void> {
    const bag = await this.publish(row);
    for (const g of granted) this.deps.rooms.toRoom(row.room_id, 'gift', { record: { ...(await this.gifts.view(g)), room_id: row.room_id } });
    const winners = ids(row.winner_ids);
    if (winners.length === 0) return;
    const name = bag.anchor.nickname;
    const coins = String(row.per_winner / MONEY_UNIT);
    const prize = row.prize === 'coins' ? `${coins}金币` : `礼物「${row.gift_name}」`;
    await this.messages.notify(
      winners,
      { type: 'activity', title: '福袋中奖啦', content: `恭喜！你在「${name}」的直播间抽中了福袋：${prize}` },
      { kind: 'lucky_bag_won', params: row.prize === 'coins' ? { name, coins } : { name, gift: row.gift_name } },
    );
  }

  dispose(): void {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }
}
