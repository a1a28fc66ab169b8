import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import type { PkBattlesTable, PkRow } from './pk.tables.js';
import { pageOf } from '../../db/paging.js';

type Status = PkBattlesTable['status'];
export const ACTIVE: Status[] = ['inviting', 'battle', 'punish'];
export const LINKED: Status[] = ['battle', 'punish'];

/** SQL of PK battles, the anchors busy in one, the random-match queue, and battle scores from gift records. */
export const pkRepository = {
  byId: (db: Conn, id: number) => db.selectFrom('pk_battles').selectAll().where('id', '=', id).executeTakeFirst(),

  insert: async (db: Conn, row: Omit<PkRow, 'id'>): Promise<PkRow> => {
    const r = await db.insertInto('pk_battles').values(row).returningAll().executeTakeFirstOrThrow();
    return r;
  },

  /** Marks both anchors busy; a unique violation means one of them is in an invitation or battle already. */
  takeBusy: (db: Conn, battleId: number, anchorIds: number[]) =>
    db
      .insertInto('pk_busy')
      .values(anchorIds.map((anchor_id) => ({ anchor_id, battle_id: battleId })))
      .execute(),
  freeBusy: (db: Conn, battleId: number) => db.deleteFrom('pk_busy').where('battle_id', '=', battleId).execute(),
  busyOf: async (db: Conn, anchorIds: number[]) =>
    anchorIds.length === 0
      ? new Set<number>()
      : new Set((await db.selectFrom('pk_busy').select('anchor_id').where('anchor_id', 'in', anchorIds).execute()).map((r) => r.anchor_id)),

  /**
   * Moves a battle from one status to the next if it is still in `from` (the one transition that
   * wins when a timer, the sweep on another instance and an anchor's tap race). Answers the new row.
   */
  transition: async (db: Conn, id: number, from: Status[], patch: Partial<Omit<PkRow, 'id'>>): Promise<PkRow | undefined> => {
    const r = await db.updateTable('pk_battles').set(patch).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return undefined;
    return db.selectFrom('pk_battles').selectAll().where('id', '=', id).executeTakeFirst();
  },

  setDown: (db: Conn, id: number, side: 'a' | 'b', since: string | null) =>
    db
      .updateTable('pk_battles')
      .set(side === 'a' ? { a_down_since: since } : { b_down_since: since })
      .where('id', '=', id)
      .execute(),

  /** The room's battle in one of these statuses (newest first). */
  ofRoom: (db: Conn, roomId: number, statuses: Status[]) =>
    db
      .selectFrom('pk_battles')
      .selectAll()
      .where((eb) => eb.or([eb('a_room_id', '=', roomId), eb('b_room_id', '=', roomId)]))
      .where('status', 'in', statuses)
      .orderBy('id', 'desc')
      .executeTakeFirst(),

  /** Battles past their deadline, and every linked battle (its streams are checked each sweep). */
  due: (db: Conn, now: string) =>
    db
      .selectFrom('pk_battles')
      .selectAll()
      .where('status', 'in', ACTIVE)
      .where((eb) => eb.or([eb('due_at', '<=', now), eb('status', 'in', LINKED)]))
      .execute(),

  /** Gift value sent in a room in [from, to): a battle side's score, read from the gift records the ledger's transfers made. */
  score: async (db: Conn, roomId: number, from: string, to: string): Promise<number> => {
    const r = await db
      .selectFrom('gift_records')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), sql<number>`0`).as('n'))
      .where('room_id', '=', roomId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** The three highest senders in a room in [from, to). */
  top: async (db: Conn, roomId: number, from: string, to: string) =>
    (
      await db
        .selectFrom('gift_records')
        .select((eb) => ['sender_id', eb.fn.sum<number>('total').as('amount')])
        .where('room_id', '=', roomId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .groupBy('sender_id')
        .orderBy(sql`sum(total)`, 'desc')
        .orderBy('sender_id', 'asc')
        .limit(3)
        .execute()
    ).map((r) => ({ user_id: r.sender_id, amount: Number(r.amount) })),

  /** Open rooms whose anchor publishes now, the caller's left out. */
  liveRooms: async (db: Conn, exceptAnchor: number, page: number, size: number) => {
    const base = db.selectFrom('rooms').where('status', '=', 'open').where('anchor_live', '=', 1).where('anchor_id', '!=', exceptAnchor);
    return pageOf(base, (q) => q.select(['id', 'anchor_id', 'title', 'cover']).orderBy('started_at', 'desc').orderBy('id', 'desc'), page, size);
  },

  // ---- random match ----

  queued: (db: Conn, anchorId: number) => db.selectFrom('pk_queue').selectAll().where('anchor_id', '=', anchorId).executeTakeFirst(),
  enqueue: (db: Conn, row: { anchor_id: number; room_id: number; duration_s: number; since: string }) =>
    db
      .insertInto('pk_queue')
      .values(row)
      .onConflict((oc) => oc.column('anchor_id').doUpdateSet({ room_id: row.room_id, duration_s: row.duration_s, since: row.since }))
      .execute(),
  dequeue: async (db: Conn, anchorId: number) =>
    Number((await db.deleteFrom('pk_queue').where('anchor_id', '=', anchorId).executeTakeFirst()).numDeletedRows) === 1,
  /** The anchors waiting longest (since after `fresh`), the caller left out. */
  waiting: (db: Conn, exceptAnchor: number, fresh: string) =>
    db.selectFrom('pk_queue').selectAll().where('anchor_id', '!=', exceptAnchor).where('since', '>', fresh).orderBy('since', 'asc').limit(5).execute(),
  dropStale: (db: Conn, before: string) => db.deleteFrom('pk_queue').where('since', '<=', before).execute(),

  // ---- history and ranking ----

  history: async (db: Conn, anchorId: number, page: number, size: number) => {
    const base = db
      .selectFrom('pk_battles')
      .where('status', '=', 'ended')
      .where('started_at', 'is not', null)
      .where((eb) => eb.or([eb('a_anchor_id', '=', anchorId), eb('b_anchor_id', '=', anchorId)]));
    const [rows, tally] = await Promise.all([
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      base
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          sql<number>`sum(case when (winner = 'a' and a_anchor_id = ${anchorId}) or (winner = 'b' and b_anchor_id = ${anchorId}) then 1 else 0 end)`.as('wins'),
          sql<number>`sum(case when winner = 'draw' then 1 else 0 end)`.as('draws'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    const total = Number(tally.n);
    const wins = Number(tally.wins ?? 0);
    const draws = Number(tally.draws ?? 0);
    return { rows, total, wins, draws, losses: total - wins - draws };
  },

  /** Wins per anchor of battles decided since `from` (most first, then lowest id). */
  wins: async (db: Conn, from: string) => {
    const rows = await db
      .selectFrom('pk_battles')
      .select((eb) => [sql<number>`case when winner = 'a' then a_anchor_id else b_anchor_id end`.as('user_id'), eb.fn.countAll<number>().as('wins')])
      .where('winner', 'in', ['a', 'b'])
      .where('ends_at', '>=', from)
      .groupBy(sql`case when winner = 'a' then a_anchor_id else b_anchor_id end`)
      .execute();
    return rows.map((r) => ({ user_id: Number(r.user_id), wins: Number(r.wins) })).sort((x, y) => y.wins - x.wins || x.user_id - y.user_id);
  },
};
