import type { Conn } from '../../db/database.js';
import type { AccountRef } from '../finance/ledger/ledger.js';
import type { BagRow, LuckyBagsTable } from './luckybag.tables.js';

type NewBag = Omit<LuckyBagsTable, 'id'>;
const num = (v: unknown): number => Number(v ?? 0);
const toBag = (r: BagRow): BagRow => ({ ...r, coins: num(r.coins), per_winner: num(r.per_winner), refunded: num(r.refunded) });

/** SQL of lucky bags, their entries and the chat lines that do their task. */
export const luckyBagRepository = {
  /** The platform account a bag's prize sits in between the creation and the draw. */
  escrowAccount: (db: Conn): Promise<AccountRef> =>
    db.selectFrom('accounts').select(['id', 'user_id', 'kind']).where('user_id', '=', 0).where('kind', '=', 'luckybag_escrow').executeTakeFirstOrThrow(),
  insert: async (db: Conn, row: NewBag): Promise<BagRow> => toBag(await db.insertInto('lucky_bags').values(row).returningAll().executeTakeFirstOrThrow()),
  byId: async (db: Conn, id: number): Promise<BagRow | undefined> => {
    const r = await db.selectFrom('lucky_bags').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toBag(r);
  },
  byKey: async (db: Conn, key: string): Promise<BagRow | undefined> => {
    const r = await db.selectFrom('lucky_bags').selectAll().where('idem_key', '=', key).executeTakeFirst();
    return r && toBag(r);
  },
  /** The room's open bag, if any (one at a time). */
  openInRoom: async (db: Conn, roomId: number): Promise<BagRow | undefined> => {
    const r = await db.selectFrom('lucky_bags').selectAll().where('room_id', '=', roomId).where('status', '=', 'open').orderBy('id').executeTakeFirst();
    return r && toBag(r);
  },
  /** The room's last drawn bag since a time (the result stays on screen a while). */
  drawnSince: async (db: Conn, roomId: number, since: string): Promise<BagRow | undefined> => {
    const r = await db
      .selectFrom('lucky_bags')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('status', '=', 'drawn')
      .where('drawn_at', '>=', since)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return r && toBag(r);
  },
  countSince: async (db: Conn, anchorId: number, since: string): Promise<number> =>
    num(
      (
        await db
          .selectFrom('lucky_bags')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('anchor_id', '=', anchorId)
          .where('created_at', '>=', since)
          .executeTakeFirst()
      )?.n,
    ),
  /** Marks the chat task done for the room's open chat bag (a second line changes nothing). */
  noteChat: async (db: Conn, roomId: number, userId: number, at: string): Promise<void> => {
    const bag = await db
      .selectFrom('lucky_bags')
      .select(['id', 'anchor_id'])
      .where('room_id', '=', roomId)
      .where('status', '=', 'open')
      .where('task', '=', 'chat')
      .where('ends_at', '>', at)
      .executeTakeFirst();
    if (!bag || bag.anchor_id === userId) return;
    await db
      .insertInto('lucky_bag_chats')
      .values({ bag_id: bag.id, user_id: userId, at })
      .onConflict((oc) => oc.columns(['bag_id', 'user_id']).doNothing())
      .execute();
  },
  chatted: async (db: Conn, bagId: number, userId: number): Promise<boolean> =>
    !!(await db.selectFrom('lucky_bag_chats').select('id').where('bag_id', '=', bagId).where('user_id', '=', userId).executeTakeFirst()),
  entryOf: (db: Conn, bagId: number, userId: number) =>
    db.selectFrom('lucky_bag_entries').select(['id', 'won']).where('bag_id', '=', bagId).where('user_id', '=', userId).executeTakeFirst(),
  /** Adds the entry and counts it; false when the member had entered already. */
  enter: async (db: Conn, bagId: number, userId: number, at: string): Promise<boolean> => {
    const r = await db
      .insertInto('lucky_bag_entries')
      .values({ bag_id: bagId, user_id: userId, entered_at: at, won: 0 })
      .onConflict((oc) => oc.columns(['bag_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!r) return false;
    await db
      .updateTable('lucky_bags')
      .set((eb) => ({ entrants: eb('entrants', '+', 1) }))
      .where('id', '=', bagId)
      .execute();
    return true;
  },
  /** The entrants' user ids in entry order (the draw's input). */
  entrants: async (db: Conn, bagId: number): Promise<number[]> =>
    (await db.selectFrom('lucky_bag_entries').select('user_id').where('bag_id', '=', bagId).orderBy('id').execute()).map((r) => r.user_id),
  markWinners: async (db: Conn, bagId: number, userIds: number[]): Promise<void> => {
    if (userIds.length > 0) await db.updateTable('lucky_bag_entries').set({ won: 1 }).where('bag_id', '=', bagId).where('user_id', 'in', userIds).execute();
  },
  /** The bag ends drawn with its record; undefined when it was drawn already. */
  drawn: async (
    db: Conn,
    id: number,
    d: { seed: string; entrant_ids: number[]; winner_ids: number[]; refunded: number; at: string },
  ): Promise<BagRow | undefined> => {
    const r = await db
      .updateTable('lucky_bags')
      .set({
        status: 'drawn',
        seed: d.seed,
        entrant_ids: JSON.stringify(d.entrant_ids),
        winner_ids: JSON.stringify(d.winner_ids),
        refunded: d.refunded,
        drawn_at: d.at,
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    return r && toBag(r);
  },
  /** Open bags whose time ended (the worker draws them). */
  due: async (db: Conn, now: string, limit = 50): Promise<BagRow[]> =>
    (await db.selectFrom('lucky_bags').selectAll().where('status', '=', 'open').where('ends_at', '<=', now).orderBy('ends_at').limit(limit).execute()).map(
      toBag,
    ),
};
