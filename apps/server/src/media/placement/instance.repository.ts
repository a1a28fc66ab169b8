import type { Conn } from '../../db/database.js';

/** SQL for the server instances' leases (one row per running process). */
export const instanceRepository = {
  /** Registers or refreshes the instance's lease (and the origin of its media routes when it bridges Janus rooms). */
  touch: (db: Conn, id: string, at: string, mediaUrl: string | null) =>
    db
      .insertInto('server_instances')
      .values({ id, started_at: at, seen_at: at, media_url: mediaUrl })
      .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: at, media_url: mediaUrl }))
      .execute(),

  /** Ids of instances whose lease was refreshed at or after `since`. */
  aliveSince: async (db: Conn, since: string): Promise<Set<string>> =>
    new Set((await db.selectFrom('server_instances').select('id').where('seen_at', '>=', since).execute()).map((r) => r.id)),

  /** Instances alive since `since` that bridge Janus rooms' signalling, with the origin of their media routes. */
  bridgesSince: async (db: Conn, since: string): Promise<{ id: string; url: string }[]> =>
    (await db.selectFrom('server_instances').select(['id', 'media_url']).where('seen_at', '>=', since).where('media_url', 'is not', null).execute()).flatMap(
      (r) => (r.media_url === null ? [] : [{ id: r.id, url: r.media_url }]),
    ),

  /** Forgets leases that ran out long ago (housekeeping), and this one on a clean stop. */
  removeBefore: (db: Conn, before: string) => db.deleteFrom('server_instances').where('seen_at', '<', before).execute(),
  remove: (db: Conn, id: string) => db.deleteFrom('server_instances').where('id', '=', id).execute(),
};
