import type { Conn } from '../../db/database.js';
import type { LiveRow } from './room.tables.js';

/** SQL of the lives (migration 0049): one row per go-live of a room, ended at its close. */
export const livesRepository = {
  /** Records a live; the same room and start again (a retried open, the sampler's catch-up) adds nothing. */
  async start(db: Conn, live: { room_id: number; anchor_id: number; title: string; started_at: string }): Promise<void> {
    await db
      .insertInto('lives')
      .values({ ...live, ended_at: null })
      .onConflict((oc) => oc.columns(['room_id', 'started_at']).doNothing())
      .execute();
  },
  /** Ends the room's running lives (normally one). */
  async end(db: Conn, roomId: number, at: string): Promise<void> {
    await db.updateTable('lives').set({ ended_at: at }).where('room_id', '=', roomId).where('ended_at', 'is', null).execute();
  },
  byId: (db: Conn, id: number): Promise<LiveRow | undefined> => db.selectFrom('lives').selectAll().where('id', '=', id).executeTakeFirst(),
};
