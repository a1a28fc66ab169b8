import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import type { LiveRow } from '../room/room.tables.js';
import type { ViewerSampleRow } from './creator.tables.js';
import { pageOf } from '../../db/paging.js';

/** A gift to the anchor in their room, with what the ledger moved for it. */
export interface LedgerGift {
  sender_id: number;
  created_at: string;
  /** The `gift` transfer: the coins the sender spent. */
  coins: number;
  /** The `gift_fee` transfer (the platform's part), 0 when none. */
  fee: number;
}

/** A window of a live: `to` null while it goes on. */
export interface Span {
  from: string;
  to: string | null;
}

/** SQL of the creator dashboard: lives, viewer samples, and the ledger rows the figures are summed from. */
export const creatorRepository = {
  async livesPage(db: Conn, anchorId: number, page: number, size: number): Promise<{ rows: LiveRow[]; total: number }> {
    const base = db.selectFrom('lives').where('anchor_id', '=', anchorId);
    return pageOf(base, (q) => q.selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc'), page, size);
  },

  /** Each live's highest sample. */
  async peaks(db: Conn, liveIds: number[]): Promise<Map<number, number>> {
    if (liveIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('live_viewer_samples')
      .select(['live_id', (eb) => eb.fn.max('viewers').as('peak')])
      .where('live_id', 'in', liveIds)
      .groupBy('live_id')
      .execute();
    return new Map(rows.map((r) => [r.live_id, Number(r.peak)]));
  },

  samples: (db: Conn, liveId: number): Promise<ViewerSampleRow[]> =>
    db.selectFrom('live_viewer_samples').selectAll().where('live_id', '=', liveId).orderBy('at').orderBy('id').execute(),

  /** Gifts to the anchor in the room during the span, each with its ledger transfers (joined by idempotency key). */
  ledgerGifts: (db: Conn, roomId: number, anchorId: number, span: Span): Promise<LedgerGift[]> => {
    let q = db
      .selectFrom('gift_records as g')
      .innerJoin('transfers as t', 't.idem_key', 'g.idem_key')
      .leftJoin('transfers as f', (j) => j.on(sql<boolean>`f.idem_key = g.idem_key || ':fee'`))
      .select(['g.sender_id', 'g.created_at', 't.amount as coins', 'f.amount as fee'])
      .where('g.receiver_id', '=', anchorId)
      .where('g.room_id', '=', roomId)
      .where('g.created_at', '>=', span.from)
      .where('t.kind', '=', 'gift');
    if (span.to !== null) q = q.where('g.created_at', '<=', span.to);
    return q
      .orderBy('g.created_at')
      .execute()
      .then((rows) => rows.map((r) => ({ sender_id: r.sender_id, created_at: r.created_at, coins: Number(r.coins), fee: Number(r.fee ?? 0) })));
  },

  /** The entries of an anchor's gift account since `from`: +coins of each gift, −the platform's fee. */
  giftEntries: (db: Conn, accountId: number, from: string) =>
    db
      .selectFrom('entries')
      .select(['kind', 'amount', 'created_at'])
      .where('account_id', '=', accountId)
      .where('kind', 'in', ['gift', 'gift_fee'])
      .where('created_at', '>=', from)
      .execute(),

  /** Members who followed the anchor during the span (and still follow). */
  async followsIn(db: Conn, anchorId: number, span: Span): Promise<number> {
    let q = db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('followee_id', '=', anchorId)
      .where('created_at', '>=', span.from);
    if (span.to !== null) q = q.where('created_at', '<=', span.to);
    return Number((await q.executeTakeFirstOrThrow()).n);
  },
  /** Fan club members who joined (or rejoined) during the span. */
  async fansIn(db: Conn, anchorId: number, span: Span): Promise<number> {
    let q = db
      .selectFrom('fan_club_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('anchor_id', '=', anchorId)
      .where('joined_at', '>=', span.from);
    if (span.to !== null) q = q.where('joined_at', '<=', span.to);
    return Number((await q.executeTakeFirstOrThrow()).n);
  },

  /** The room's battles that ended during the span with a result. */
  battlesIn: (db: Conn, roomId: number, span: Span) => {
    let q = db
      .selectFrom('pk_battles')
      .selectAll()
      .where((eb) => eb.or([eb('a_room_id', '=', roomId), eb('b_room_id', '=', roomId)]))
      .where('winner', 'is not', null)
      .where('ended_at', '>=', span.from);
    if (span.to !== null) q = q.where('ended_at', '<=', span.to);
    return q.orderBy('ended_at').execute();
  },

  /** Writes one sample per live. */
  async insertSamples(db: Conn, rows: { live_id: number; at: string; viewers: number; ms: number }[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('live_viewer_samples').values(rows).execute();
  },

  /** Drops the samples taken before `before`; answers how many. */
  async prune(db: Conn, before: string): Promise<number> {
    const r = await db.deleteFrom('live_viewer_samples').where('at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  /** Ends the lives whose room closed (or went live again) without ending them. */
  async endGone(db: Conn, at: string): Promise<void> {
    await db
      .updateTable('lives')
      .set({ ended_at: at })
      .where('ended_at', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('rooms')
              .select('rooms.id')
              .whereRef('rooms.id', '=', 'lives.room_id')
              .whereRef('rooms.started_at', '=', 'lives.started_at')
              .where('rooms.status', '=', 'open'),
          ),
        ),
      )
      .execute();
  },

  /** The open rooms that are live, with their lives row (null before it is written). */
  liveRooms: (db: Conn) =>
    db
      .selectFrom('rooms as r')
      .leftJoin('lives as l', (j) => j.onRef('l.room_id', '=', 'r.id').onRef('l.started_at', '=', 'r.started_at'))
      .select(['r.id as room_id', 'r.anchor_id', 'r.title', 'r.started_at', 'l.id as live_id'])
      .where('r.status', '=', 'open')
      .where('r.started_at', 'is not', null)
      .execute(),
};
