import type { Conn } from '../../db/database.js';

/** SQL of counted tries (tryGuard.ts): rows keyed `u:<id>` / `a:<account>` (login), `room:<id>:u:<id>` (room passwords); a lockout is a `lock:` row. */
export const loginGuardRepository = {
  record: (db: Conn, key: string, ip: string | null, at: string) => db.insertInto('login_failures').values({ key, ip, created_at: at }).execute(),

  countSince: async (db: Conn, key: string, since: string): Promise<number> => {
    const r = await db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', key)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  latest: async (db: Conn, key: string): Promise<string | undefined> =>
    (await db.selectFrom('login_failures').select('created_at').where('key', '=', key).orderBy('created_at', 'desc').limit(1).executeTakeFirst())?.created_at,

  clear: (db: Conn, keys: string[]) => db.deleteFrom('login_failures').where('key', 'in', keys).execute(),
};
