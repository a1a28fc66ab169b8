import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.js';
import type { RefusedRequestsTable } from './finance.tables.js';

export type RefusalRow = Selectable<RefusedRequestsTable>;

/** SQL of the refusals kept by idempotency key (idempotency.ts). */
export const refusalRepository = {
  byKey: (db: Conn, key: string) => db.selectFrom('refused_requests').selectAll().where('idem_key', '=', key).executeTakeFirst(),

  /** Keeps the first refusal of a key (copies sent at once were all refused the same way). */
  insert: async (db: Conn, r: RefusalRow): Promise<void> => {
    await db
      .insertInto('refused_requests')
      .values(r)
      .onConflict((oc) => oc.column('idem_key').doNothing())
      .execute();
  },
};
