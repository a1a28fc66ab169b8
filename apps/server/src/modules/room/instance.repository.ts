import type { Conn } from '../../db/database.js';

/** SQL for the server instances' leases (one row per running process). */
export const instanceRepository = {
  /** Registers or refreshes the instance's lease. */
  touch: (db: Conn, id: string, at: string) =>
    db
      .insertInto('server_instances')
      .values({ id, started_at: at, seen_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: at }))
      .execute(),

  /** Ids of instances whose lease was refreshed at or after `since`. */
  aliveSince: async (db: Conn, since: string): Promise<Set<string>> =>
    new Set((await db.selectFrom('server_instances').select('id').where('seen_at', '>=', since).execute()).map((r) => r.id)),

  /** Forgets leases that ran out long ago (housekeeping), and this one on a clean stop. */
  removeBefore: (db: Conn, before: string) => db.deleteFrom('server_instances').where('seen_at', '<', before).execute(),
  remove: (db: Conn, id: string) => db.deleteFrom('server_instances').where('id', '=', id).execute(),
};
