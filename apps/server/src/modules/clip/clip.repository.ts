import type { Conn } from '../../db/database.js';
import type { ClipRow, NewClip } from './clip.tables.js';

/** SQL of clips (the rows; the video each becomes is the video module's), and what they read of rooms, egress and replays. */
export const clipRepository = {
  byRequest: (db: Conn, userId: number, requestId: string) =>
    db.selectFrom('live_clips').selectAll().where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst(),

  /** Clips the member made since `since` (ISO time): the hourly limit. */
  async countSince(db: Conn, userId: number, since: string): Promise<number> {
    const r = await db
      .selectFrom('live_clips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  insert: (db: Conn, row: NewClip): Promise<ClipRow> => db.insertInto('live_clips').values(row).returningAll().executeTakeFirstOrThrow(),

  /** What a clip needs of its room: open, settings, password, anchor, title. */
  room: (db: Conn, id: number) =>
    db.selectFrom('rooms').select(['id', 'status', 'settings', 'password_hash', 'anchor_id', 'title']).where('id', '=', id).executeTakeFirst(),

  /** The room's running egress (any instance): its live playlist and the recording it writes. */
  egress: (db: Conn, roomId: number) => db.selectFrom('live_egress').select(['playlist', 'replay_id']).where('room_id', '=', roomId).executeTakeFirst(),

  replay: (db: Conn, id: number) =>
    db
      .selectFrom('live_replays')
      .select(['id', 'room_id', 'anchor_id', 'title', 'segments', 'status', 'password', 'private', 'hidden'])
      .where('id', '=', id)
      .executeTakeFirst(),
};
