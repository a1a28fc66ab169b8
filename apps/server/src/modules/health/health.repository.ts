import type { Conn } from '../../db/database.js';
import type { LiveHealthRow, NewLiveHealth } from './health.tables.js';

/** SQL of the stream health samples. */
export const healthRepository = {
  /**
   * Keeps the sample unless one of the same live and source was kept after `since`: one statement,
   * so two reports racing each other keep at most one more row than the bound allows.
   */
  async insertIfQuiet(db: Conn, row: NewLiveHealth, since: string): Promise<boolean> {
    const recent = db
      .selectFrom('live_health')
      .select('id')
      .where('room_id', '=', row.room_id)
      .where('live_started_at', '=', row.live_started_at)
      .where('source', '=', row.source)
      .where('at', '>', since);
    const res = await db
      .insertInto('live_health')
      .columns(['room_id', 'live_started_at', 'at', 'source', 'bitrate', 'target', 'fps', 'width', 'height', 'loss', 'rtt_ms', 'limited'])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(row.room_id).as('room_id'),
            eb.val(row.live_started_at).as('live_started_at'),
            eb.val(row.at).as('at'),
            eb.val(row.source).as('source'),
            eb.val(row.bitrate).as('bitrate'),
            eb.val(row.target ?? null).as('target'),
            eb.val(row.fps ?? null).as('fps'),
            eb.val(row.width ?? null).as('width'),
            eb.val(row.height ?? null).as('height'),
            eb.val(row.loss ?? null).as('loss'),
            eb.val(row.rtt_ms ?? null).as('rtt_ms'),
            eb.val(row.limited ?? null).as('limited'),
          ])
          .where((eb) => eb.not(eb.exists(recent))),
      )
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  },
  /** A live's samples taken after `since`, oldest first. */
  ofLive: (db: Conn, roomId: number, liveStartedAt: string, since: string): Promise<LiveHealthRow[]> =>
    db
      .selectFrom('live_health')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('live_started_at', '=', liveStartedAt)
      .where('at', '>=', since)
      .orderBy('at')
      .orderBy('id')
      .execute(),
};
