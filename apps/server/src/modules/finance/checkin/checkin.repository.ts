import type { Selectable } from 'kysely';
import type { Conn } from '../../../db/database.js';
import type { CheckInsTable } from '../finance.tables.js';

export type CheckInRow = Selectable<CheckInsTable>;

/** SQL of daily check-ins. */
export const checkInRepository = {
  latest: (db: Conn, userId: number) => db.selectFrom('check_ins').selectAll().where('user_id', '=', userId).orderBy('day', 'desc').limit(1).executeTakeFirst(),

  since: (db: Conn, userId: number, fromDay: string) =>
    db.selectFrom('check_ins').selectAll().where('user_id', '=', userId).where('day', '>=', fromDay).orderBy('day').execute(),

  byKey: (db: Conn, key: string) => db.selectFrom('check_ins').selectAll().where('idem_key', '=', key).executeTakeFirst(),

  insert: (db: Conn, r: Omit<CheckInRow, 'id'>): Promise<CheckInRow> => db.insertInto('check_ins').values(r).returningAll().executeTakeFirstOrThrow(),
};
