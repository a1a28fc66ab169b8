import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import type { FanClubMemberRow } from './fanclub.tables.js';

/** SQL of fan clubs and their members (a member row is never deleted: leaving sets left_at). */
export const fanClubRepository = {
  club: (db: Conn, anchorId: number) => db.selectFrom('fan_clubs').selectAll().where('anchor_id', '=', anchorId).executeTakeFirst(),

  /** Creates the anchor's club on its first member (a concurrent first join keeps the first name). */
  ensureClub: async (db: Conn, anchorId: number, name: string, at: string): Promise<string> => {
    await db
      .insertInto('fan_clubs')
      .values({ anchor_id: anchorId, name, created_at: at })
      .onConflict((oc) => oc.column('anchor_id').doNothing())
      .execute();
    return (await db.selectFrom('fan_clubs').select('name').where('anchor_id', '=', anchorId).executeTakeFirstOrThrow()).name;
  },

  member: (db: Conn, anchorId: number, userId: number): Promise<FanClubMemberRow | undefined> =>
    db.selectFrom('fan_club_members').selectAll().where('anchor_id', '=', anchorId).where('user_id', '=', userId).executeTakeFirst(),

  /** A first join inserts the row; a return clears left_at and keeps the totals. Adds the join gift to the total. */
  join: async (db: Conn, anchorId: number, userId: number, gift: number, at: string): Promise<void> => {
    await db
      .insertInto('fan_club_members')
      .values({ anchor_id: anchorId, user_id: userId, joined_at: at, left_at: null, gift_total: gift, watch_days: 0, last_watch_day: null })
      .onConflict((oc) =>
        oc.columns(['anchor_id', 'user_id']).doUpdateSet((eb) => ({ left_at: null, gift_total: eb('fan_club_members.gift_total', '+', gift) })),
      )
      .execute();
  },

  /** Leaves; false when the user was not a current member. */
  leave: async (db: Conn, anchorId: number, userId: number, at: string): Promise<boolean> => {
    const r = await db
      .updateTable('fan_club_members')
      .set({ left_at: at })
      .where('anchor_id', '=', anchorId)
      .where('user_id', '=', userId)
      .where('left_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Adds a gift to a current member's total (gifts while not a member do not count). */
  addGift: (db: Conn, anchorId: number, userId: number, amount: number) =>
    db
      .updateTable('fan_club_members')
      .set((eb) => ({ gift_total: eb('gift_total', '+', amount) }))
      .where('anchor_id', '=', anchorId)
      .where('user_id', '=', userId)
      .where('left_at', 'is', null)
      .execute(),

  /** Counts a China-time day watched, once per day, for a current member. */
  watched: (db: Conn, anchorId: number, userId: number, day: string) =>
    db
      .updateTable('fan_club_members')
      .set((eb) => ({ watch_days: eb('watch_days', '+', 1), last_watch_day: day }))
      .where('anchor_id', '=', anchorId)
      .where('user_id', '=', userId)
      .where('left_at', 'is', null)
      .where((eb) => eb.or([eb('last_watch_day', 'is', null), eb('last_watch_day', '<>', day)]))
      .execute(),

  /** The badge fields of a current member (one read per chat message). */
  badge: (db: Conn, anchorId: number, userId: number) =>
    db
      .selectFrom('fan_club_members as m')
      .innerJoin('fan_clubs as c', 'c.anchor_id', 'm.anchor_id')
      .select(['c.name', 'm.gift_total', 'm.watch_days'])
      .where('m.anchor_id', '=', anchorId)
      .where('m.user_id', '=', userId)
      .where('m.left_at', 'is', null)
      .executeTakeFirst(),

  /** The badge fields of those of these users who are current members (a viewer list or a board). */
  badges: (db: Conn, anchorId: number, userIds: number[]) =>
    db
      .selectFrom('fan_club_members as m')
      .innerJoin('fan_clubs as c', 'c.anchor_id', 'm.anchor_id')
      .select(['m.user_id', 'c.name', 'm.gift_total', 'm.watch_days'])
      .where('m.anchor_id', '=', anchorId)
      .where('m.user_id', 'in', userIds)
      .where('m.left_at', 'is', null)
      .execute(),

  /** Current members, most given first (the club list on the anchor's page). */
  top: (db: Conn, anchorId: number, limit: number) =>
    db
      .selectFrom('fan_club_members')
      .selectAll()
      .where('anchor_id', '=', anchorId)
      .where('left_at', 'is', null)
      .orderBy('gift_total', 'desc')
      .orderBy('watch_days', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute(),

  count: async (db: Conn, anchorId: number): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('fan_club_members')
          .select(sql<number>`count(*)`.as('n'))
          .where('anchor_id', '=', anchorId)
          .where('left_at', 'is', null)
          .executeTakeFirst()
      )?.n ?? 0,
    ),

  /** Every club the user was ever in, with its name; current ones first. */
  ofUser: (db: Conn, userId: number) =>
    db
      .selectFrom('fan_club_members as m')
      .innerJoin('fan_clubs as c', 'c.anchor_id', 'm.anchor_id')
      .selectAll('m')
      .select('c.name')
      .where('m.user_id', '=', userId)
      .orderBy(sql`case when m.left_at is null then 0 else 1 end`)
      .orderBy('m.gift_total', 'desc')
      .execute(),
};
