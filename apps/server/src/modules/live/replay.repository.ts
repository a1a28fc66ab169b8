import type { Conn } from '../../db/database.js';
import type { LiveMomentsTable, LiveReplayRow } from './live.tables.js';
import type { Insertable } from 'kysely';
import { pageOf } from '../../db/paging.js';

/** SQL of replays and the live moments on their timelines. */
export const replayRepository = {
  byId: (db: Conn, id: number) => db.selectFrom('live_replays').selectAll().where('id', '=', id).executeTakeFirst(),

  /** The settings of the replay's room as they are now (its allow_clips applies to the replay too). */
  roomSettings: async (db: Conn, roomId: number): Promise<string> =>
    (await db.selectFrom('rooms').select('settings').where('id', '=', roomId).executeTakeFirst())?.settings ?? '{}',

  /**
   * Ready replays, newest first: everyone's public ones, or one anchor's (with `own`, their private
   * and password rooms' ones too, hidden ones included).
   */
  async page(db: Conn, q: { anchorId?: number | undefined; own: boolean; page: number; size: number }): Promise<{ rows: LiveReplayRow[]; total: number }> {
    let base = db.selectFrom('live_replays').where('status', '=', 'ready');
    if (q.anchorId !== undefined) base = base.where('anchor_id', '=', q.anchorId);
    if (!q.own) base = base.where('private', '=', 0).where('password', '=', 0).where('hidden', '=', 0);
    return pageOf(base, (b) => b.selectAll().orderBy('id', 'desc'), q.page, q.size);
  },

  set: (db: Conn, id: number, fields: Partial<Pick<LiveReplayRow, 'private' | 'hidden'>>) =>
    db.updateTable('live_replays').set(fields).where('id', '=', id).execute(),

  /** Marks it deleted (its files already removed); false when it was not there to delete. */
  async markDeleted(db: Conn, id: number): Promise<boolean> {
    const r = await db
      .updateTable('live_replays')
      .set({ status: 'deleted', segments: '[]' })
      .where('id', '=', id)
      .where('status', '!=', 'deleted')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Replays past the retention: started before `before` and not yet deleted. */
  expired: (db: Conn, before: string) =>
    db.selectFrom('live_replays').selectAll().where('status', '=', 'ready').where('started_at', '<', before).orderBy('id').limit(100).execute(),

  addMoment: (db: Conn, m: Insertable<LiveMomentsTable>) => db.insertInto('live_moments').values(m).execute(),
  moments: (db: Conn, roomId: number, from: string, to: string) =>
    db
      .selectFrom('live_moments')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('at', '>=', from)
      .where('at', '<=', to)
      .orderBy('at')
      .orderBy('id')
      .limit(2000)
      .execute(),
  /** A room's moments in [from, to) (ISO times), in the order they were said, at most `limit`. */
  momentsWindow: (db: Conn, roomId: number, from: string, to: string, limit: number) =>
    db
      .selectFrom('live_moments')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('at', '>=', from)
      .where('at', '<', to)
      .orderBy('at')
      .orderBy('id')
      .limit(limit)
      .execute(),
  dropMomentsBefore: (db: Conn, before: string) => db.deleteFrom('live_moments').where('at', '<', before).execute(),
};
