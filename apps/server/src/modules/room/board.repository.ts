import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';

/** One giver's sum in a room since a moment; `last` orders equal sums (who reached theirs first). */
export interface GiverRow {
  user_id: number;
  amount: number;
  last: number;
}

/**
 * The ledger's gift transfers sent in one room since `since`: a gift record is written in the
 * transaction of its `gift` transfer under the same key, so joining it on that key sums what the
 * ledger moved (index gift_records_room_time, migration 0020).
 */
const givers = (roomId: number, since: string) => sql`
  select g.sender_id as user_id, sum(t.amount) as amount, max(g.id) as last
  from gift_records g inner join transfers t on t.idem_key = g.idem_key and t.kind = 'gift'
  where g.room_id = ${roomId} and g.created_at >= ${since}
  group by g.sender_id`;

const toRow = (x: GiverRow): GiverRow => ({ user_id: Number(x.user_id), amount: Number(x.amount), last: Number(x.last) });

/** SQL of contribution boards, the viewer list's roles and the followed anchors' rooms. */
export const boardRepository = {
  top: async (db: Conn, roomId: number, since: string, limit: number): Promise<GiverRow[]> => {
    const r = await sql<GiverRow>`select * from (${givers(roomId, since)}) s order by s.amount desc, s.last asc limit ${limit}`.execute(db);
    return r.rows.map(toRow);
  },

  /** The sums of these users (absent: nothing given). */
  of: async (db: Conn, roomId: number, since: string, userIds: number[]): Promise<GiverRow[]> => {
    if (userIds.length === 0) return [];
    const r = await sql<GiverRow>`
      select g.sender_id as user_id, sum(t.amount) as amount, max(g.id) as last
      from gift_records g inner join transfers t on t.idem_key = g.idem_key and t.kind = 'gift'
      where g.room_id = ${roomId} and g.created_at >= ${since} and g.sender_id in (${sql.join(userIds)})
      group by g.sender_id`.execute(db);
    return r.rows.map(toRow);
  },

  /** How many givers rank above this one (more given, or as much given sooner). */
  above: async (db: Conn, roomId: number, since: string, me: GiverRow): Promise<number> => {
    const r = await sql<{ n: number }>`
      select count(*) as n from (${givers(roomId, since)}) s
      where s.amount > ${me.amount} or (s.amount = ${me.amount} and s.last < ${me.last})`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  },

  /** Room admins among these users. */
  admins: async (db: Conn, roomId: number, userIds: number[]): Promise<Set<number>> => {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('room_members')
      .select('user_id')
      .where('room_id', '=', roomId)
      .where('is_admin', '=', 1)
      .where('user_id', 'in', userIds)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  },

  /** Users on a mic seat of the room. */
  seated: async (db: Conn, roomId: number): Promise<Set<number>> => {
    const rows = await db.selectFrom('room_seats').select('user_id').where('room_id', '=', roomId).where('user_id', 'is not', null).execute();
    return new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])));
  },

  /** Open rooms whose anchor the user follows: anchor live first, then newest (as the live list). */
  followingOpen: async (db: Conn, userId: number, page: number, size: number) => {
    const base = db
      .selectFrom('rooms')
      .innerJoin('follows as f', (j) => j.onRef('f.followee_id', '=', 'rooms.anchor_id').on('f.follower_id', '=', userId))
      .where('rooms.status', '=', 'open');
    return pageOf(
      base,
      (q) => q.selectAll('rooms').orderBy('rooms.anchor_live', 'desc').orderBy('rooms.started_at', 'desc').orderBy('rooms.id', 'desc'),
      page,
      size,
    );
  },
};
