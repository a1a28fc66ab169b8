import type { Conn } from '../../db/database.js';
import type { Segment } from './hlsPlaylist.js';
import type { LiveReplayRow, NewLiveEgress } from './live.tables.js';

/** SQL of the egress claims and of the recordings they write. */
export const egressRepository = {
  /** Claims a room's egress for `row.instance`: true when the row is now ours (new, or an earlier one of ours). A gone instance's row is swept first. */
  async claim(db: Conn, row: NewLiveEgress): Promise<boolean> {
    await db
      .insertInto('live_egress')
      .values(row)
      .onConflict((oc) => oc.column('room_id').doNothing())
      .execute();
    const held = await db.selectFrom('live_egress').select('instance').where('room_id', '=', row.room_id).executeTakeFirst();
    if (held?.instance !== row.instance) return false;
    await db.updateTable('live_egress').set(row).where('room_id', '=', row.room_id).where('instance', '=', row.instance).execute();
    return true;
  },
  release: (db: Conn, roomId: number, instance: string) =>
    db.deleteFrom('live_egress').where('room_id', '=', roomId).where('instance', '=', instance).execute(),
  byRoom: (db: Conn, roomId: number) => db.selectFrom('live_egress').selectAll().where('room_id', '=', roomId).executeTakeFirst(),
  all: (db: Conn) => db.selectFrom('live_egress').selectAll().execute(),
  setViewers: (db: Conn, roomId: number, instance: string, n: number) =>
    db.updateTable('live_egress').set({ webrtc_viewers: n }).where('room_id', '=', roomId).where('instance', '=', instance).execute(),
  via: async (db: Conn, roomId: number) => (await db.selectFrom('live_room_via').select('via').where('room_id', '=', roomId).executeTakeFirst())?.via ?? 'auto',
  vias: (db: Conn) => db.selectFrom('live_room_via').selectAll().execute(),
  async setVia(db: Conn, roomId: number, via: 'auto' | 'hls'): Promise<void> {
    if (via === 'auto') await db.deleteFrom('live_room_via').where('room_id', '=', roomId).execute();
    else
      await db
        .insertInto('live_room_via')
        .values({ room_id: roomId, via })
        .onConflict((oc) => oc.column('room_id').doUpdateSet({ via }))
        .execute();
  },

  insertReplay: async (db: Conn, r: Omit<LiveReplayRow, 'id' | 'segments' | 'duration' | 'bytes' | 'private' | 'hidden' | 'ended_at'>) =>
    (await db.insertInto('live_replays').values(r).returning('id').executeTakeFirstOrThrow()).id,
  /** The recording so far (status stays 'recording'). */
  saveSegments: (db: Conn, id: number, segments: Segment[], duration: number, bytes: number) =>
    db
      .updateTable('live_replays')
      .set({ segments: JSON.stringify(segments), duration, bytes })
      .where('id', '=', id)
      .where('status', '=', 'recording')
      .execute(),
  /** The live ended: the recording is a replay (or, with nothing recorded, nothing). */
  async finishReplay(db: Conn, id: number, at: string): Promise<void> {
    const r = await db.selectFrom('live_replays').select('duration').where('id', '=', id).executeTakeFirst();
    const status = r && r.duration > 0 ? 'ready' : 'deleted';
    await db.updateTable('live_replays').set({ status, ended_at: at }).where('id', '=', id).where('status', '=', 'recording').execute();
  },
  replay: (db: Conn, id: number) => db.selectFrom('live_replays').selectAll().where('id', '=', id).executeTakeFirst(),
};
