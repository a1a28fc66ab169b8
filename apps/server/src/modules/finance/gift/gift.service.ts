import { ErrorCode, type Api, type GiftRecord, type RouteBody, type UserBrief } from '@app/contract';
import type { Conn } from '../../../db/database.js';
import { xactLock } from '../../../db/locks.js';
import { nowIso } from '../../../db/time.js';
import type { Deps } from '../../../deps.js';
import { BizError, reusedKey } from '../../../http/errors.js';
import type { FinanceConfig } from '../finance.config.js';
import { keepRefusal, opKey, pastRefusal } from '../idempotency.js';
import { Overdraft, type AccountRef, type Ledger } from '../ledger/ledger.js';
import { isUniqueViolation } from '../../../db/uniqueViolation.js';
import { briefOrGone, briefsOf, toBrief } from '../userBriefs.js';
import { giftRepository as repo, type GiftRecordRow } from './gift.repository.js';
import { tierFor, type GiftTierRow } from './giftTiers.js';
import { emitWebhook } from '../../webhook/outbox.js';

/** What gift/send takes (the contract's body). */
export type GiftSendInput = RouteBody<Api['giftSend']>;

export interface GiftSendResult {
  record: GiftRecord;
  /** The sender's coin balance right after the send. */
  coin: number;
}

/** Called after a send commits (not for a repeated request_id): the rooms feature broadcasts it, rankings count it. */
export type GiftListener = (record: GiftRecord, row: GiftRecordRow, transferId: number) => void | Promise<void>;
/** A stored gift record, as the gift path hands it to its listeners and to those it grants for. */
export type { GiftRecordRow };
/** Checked before any money moves: the rooms feature refuses a receiver who is not on stage in that room. */
export type GiftGuard = (input: GiftSendInput & { sender_id: number }) => Promise<void>;

/** A send of the same gift to the same receiver within this long continues the combo. */
const COMBO_WINDOW_MS = 10_000;

/** Gifts: one send debits the sender's coins and credits the receiver's earnings (their share) in one transaction. */
export class GiftService {
  private readonly listeners: GiftListener[] = [];
  private readonly guards: GiftGuard[] = [];

  constructor(
    private readonly deps: Deps,
    private readonly ledger: Ledger,
    private readonly config: FinanceConfig,
  ) {}

  /** Subscribes to committed sends; errors of a listener are logged, never undo the send. */
  onSent(listener: GiftListener): void {
    this.listeners.push(listener);
  }

  /** Adds a check every send must pass before money moves (throw a BizError to refuse). */
  addGuard(guard: GiftGuard): void {
    this.guards.push(guard);
  }

  /**
   * Sends a gift. The same request_id again (even at the same moment) moves nothing more and
   * answers the first result: the record's UNIQUE key makes the second transaction fail, and the
   * first one's record is read back.
   */
  async sendGift(senderId: number, input: GiftSendInput): Promise<GiftSendResult> {
    const key = opKey('gift', senderId, input.request_id);
    const db = this.deps.db.kysely;
    // No lookup of the sent record up front (this is the hot path): a repeated key fails on the record's
    // UNIQUE index inside the transaction, before any balance moves, and is answered from there.
    // A check that refuses now (a gift since removed, a receiver no longer on stage) must not hide
    // the first result of a repeat either, so refusals look the key up before they are thrown.
    const refuse = async (err: BizError): Promise<GiftSendResult> => {
      const seen = await repo.byKey(db, key);
      if (seen) return this.replay(seen, input);
      throw err;
    };
    // A key refused for a short balance stays refused (idempotency.ts): a retry after a recharge is not a new send.
    const bound = { room_id: input.room_id, gift_id: input.gift_id, count: input.count, receiver_id: input.receiver_id };
    const refused = await pastRefusal(db, key, bound);
    if (refused) throw refused;
    if (input.receiver_id === senderId) return refuse(new BizError(ErrorCode.GIFT_TO_SELF));
    const gift = await repo.gift(db, input.gift_id);
    if (!gift) return refuse(new BizError(ErrorCode.GIFT_NOT_FOUND));
    const price = Number(gift.price);
    if (price <= 0) return refuse(new BizError(ErrorCode.GIFT_NOT_FOUND, '该礼物暂不可赠送'));
    const [parties, tiers] = await Promise.all([repo.parties(db, senderId, input.receiver_id), repo.tiers(db)]);
    const receiver = parties.find((p) => p.id === input.receiver_id);
    if (!receiver || receiver.is_guest) return refuse(new BizError(ErrorCode.RECEIVER_NOT_FOUND));
    const briefs = new Map(parties.map((p) => [p.id, toBrief(p)]));
    // A tier-only gift: the sender's tier is the one the ledger's recharges gave them.
    if (gift.vip_min > 0 && (parties.find((p) => p.id === senderId)?.vip_level ?? 0) < gift.vip_min) {
      return refuse(new BizError(ErrorCode.VIP_REQUIRED, `VIP${gift.vip_min}及以上才能赠送${gift.name}`));
    }
    for (const guard of this.guards) {
      try {
        await guard({ ...input, sender_id: senderId });
      } catch (err) {
        if (err instanceof BizError) return refuse(err);
        throw err;
      }
    }

    const [from, to, platform] = await Promise.all([
      this.ledger.userAccounts(senderId),
      this.ledger.userAccounts(input.receiver_id),
      this.ledger.platformAccounts(),
    ]);
    const total = price * input.count;
    const earning = Math.floor((total * this.config.giftAnchorShareBp) / 10_000);
    const fee = total - earning;
    const remark = `${gift.name}×${input.count}`;
    const params = { gift_id: gift.id, gift: gift.name, count: input.count };

    let row: GiftRecordRow;
    let coin: number;
    let transferId: number;
    try {
      ({ row, coin, transferId } = await this.deps.db.tx(async (conn: Conn) => {
        // One gift per sender at a time, so quick combo taps number ×2, ×3… and never repeat one.
        // (A named lock, not the sender's coin account: the ledger locks accounts in its own order.)
        await xactLock(conn, this.deps.db.dialect, `gift:${senderId}`);
        const now = nowIso();
        const last = await repo.lastOf(conn, senderId);
        const continues =
          last &&
          last.receiver_id === input.receiver_id &&
          last.gift_id === input.gift_id &&
          last.room_id === input.room_id &&
          Date.parse(now) - Date.parse(last.created_at) <= COMBO_WINDOW_MS;
        const record = {
          idem_key: key,
          sender_id: senderId,
          receiver_id: input.receiver_id,
          room_id: input.room_id,
          gift_id: gift.id,
          gift_name: gift.name,
          gift_icon: gift.icon,
          gift_url: gift.url,
          price,
          count: input.count,
          total,
          earning,
          combo: continues ? last.combo + 1 : 1,
          created_at: now,
        };
        const id = await repo.insert(conn, record);
        const ref = `G${id}`;
        const { ids, balances } = await this.ledger.post(
          conn,
          [
            { key, kind: 'gift', from: from.coin, to: to.gift_pending, amount: total, ref, remark, params },
            ...(fee > 0
              ? [{ key: `${key}:fee`, kind: 'gift_fee' as const, from: to.gift_pending, to: platform.revenue, amount: fee, ref, remark, params }]
              : []),
          ],
          now,
        );
        const { idem_key: _key, gift_icon: _icon, gift_url: _url, earning: _earning, ...shown } = record;
        await emitWebhook(conn, 'gift.sent', { id, ...shown }, { value: total, at: now });
        return { row: { ...record, id }, coin: balances.get(from.coin.id)!, transferId: ids[0]! };
      }));
    } catch (err) {
      if (err instanceof Overdraft) return refuse(await keepRefusal(db, key, senderId, bound, new BizError(ErrorCode.BALANCE_NOT_ENOUGH)));
      if (isUniqueViolation(err)) {
        const first = await repo.byKey(db, key);
        if (first) return this.replay(first, input);
      }
      throw err;
    }
    const record = this.toRecord(row, briefs, tiers);
    for (const listener of this.listeners) {
      Promise.resolve()
        .then(() => listener(record, row, transferId))
        .catch((err: unknown) => this.deps.log.error({ err, gift: row.id }, 'gift listener failed'));
    }
    return { record, coin };
  }

  /**
   * A gift paid from another account than the sender's coins (a lucky bag's escrow), in the
   * caller's transaction: the same record and `gift` / `gift_fee` transfers as a send, under `key`.
   * The record's room is 0, so it counts on no room board or PK score; the caller shows it in the
   * room once its transaction commits (`view` of the row, with the room's id).
   */
  async grantInTx(
    conn: Conn,
    g: {
      key: string;
      from: AccountRef;
      senderId: number;
      receiverId: number;
      /** The receiver's gift_pending and the platform's revenue account, looked up before the transaction. */
      to: AccountRef;
      revenue: AccountRef;
      gift: { id: number; name: string; icon: string; url: string; price: number };
      at: string;
    },
  ): Promise<GiftRecordRow> {
    const total = g.gift.price;
    const earning = Math.floor((total * this.config.giftAnchorShareBp) / 10_000);
    const fee = total - earning;
    const record = {
      idem_key: g.key,
      sender_id: g.senderId,
      receiver_id: g.receiverId,
      room_id: 0,
      gift_id: g.gift.id,
      gift_name: g.gift.name,
      gift_icon: g.gift.icon,
      gift_url: g.gift.url,
      price: total,
      count: 1,
      total,
      earning,
      combo: 1,
      created_at: g.at,
    };
    const id = await repo.insert(conn, record);
    const ref = `G${id}`;
    const remark = `${g.gift.name}×1`;
    const params = { gift_id: g.gift.id, gift: g.gift.name, count: 1 };
    await this.ledger.post(
      conn,
      [
        { key: g.key, kind: 'gift', from: g.from, to: g.to, amount: total, ref, remark, params },
        ...(fee > 0 ? [{ key: `${g.key}:fee`, kind: 'gift_fee' as const, from: g.to, to: g.revenue, amount: fee, ref, remark, params }] : []),
      ],
      g.at,
    );
    return { ...record, id };
  }

  /** A catalog gift as a send reads it (undefined when it is not in the catalog or costs nothing). */
  async catalogGift(giftId: number): Promise<{ id: number; name: string; icon: string; url: string; price: number } | undefined> {
    const gift = await repo.gift(this.deps.db.kysely, giftId);
    return gift && Number(gift.price) > 0 && gift.vip_min === 0
      ? { id: gift.id, name: gift.name, icon: gift.icon, url: gift.url, price: Number(gift.price) }
      : undefined;
  }

  /** The first result of a request_id, or a refusal when the key was used for a different send. */
  private async replay(row: GiftRecordRow, input: GiftSendInput): Promise<GiftSendResult> {
    if (row.receiver_id !== input.receiver_id || row.gift_id !== input.gift_id || row.count !== input.count || row.room_id !== input.room_id) {
      throw reusedKey();
    }
    const from = await this.ledger.userAccounts(row.sender_id);
    const coin = await this.ledger.balanceAfter(row.idem_key, from.coin.id);
    return { record: await this.view(row), coin };
  }

  async view(row: GiftRecordRow): Promise<GiftRecord> {
    return (await this.views([row]))[0]!;
  }

  async views(rows: GiftRecordRow[]): Promise<GiftRecord[]> {
    const db = this.deps.db.kysely;
    const [briefs, tiers] = await Promise.all([
      briefsOf(
        db,
        rows.flatMap((r) => [r.sender_id, r.receiver_id]),
      ),
      repo.tiers(db),
    ]);
    return rows.map((r) => this.toRecord(r, briefs, tiers));
  }

  private toRecord(r: GiftRecordRow, briefs: Map<number, UserBrief>, tiers: readonly GiftTierRow[]): GiftRecord {
    // Catalogue paths are site-relative; PUBLIC_URL is prefixed as common_config does.
    const abs = (p: string) => (p.startsWith('/') ? `${this.deps.config.publicUrl}${p}` : p);
    return {
      id: r.id,
      gift_id: r.gift_id,
      gift_name: r.gift_name,
      gift_icon: abs(r.gift_icon),
      gift_url: abs(r.gift_url),
      count: r.count,
      price: Number(r.price),
      total: Number(r.total),
      earning: Number(r.earning),
      combo: r.combo,
      room_id: r.room_id,
      tier: tierFor(tiers, Number(r.total)),
      sender: briefOrGone(briefs, r.sender_id),
      receiver: briefOrGone(briefs, r.receiver_id),
      created_at: r.created_at,
    };
  }

  /** record_gift: gifts received or sent, newest first. */
  async records(userId: number, direction: 'received' | 'sent', page: number, size: number) {
    const { rows, total } = await repo.page(this.deps.db.kysely, userId, direction, page, size);
    return { list: await this.views(rows), total, page, size, has_more: page * size < total };
  }
}
