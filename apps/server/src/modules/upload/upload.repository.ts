import type { Conn } from '../../db/database.js';
import type { UploadRow } from '../../db/schema.js';

/** SQL for uploaded files. */
export const uploadRepository = {
  insert: (db: Conn, row: Omit<UploadRow, 'id'>): Promise<UploadRow> => db.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow(),

  byKeyOfUser: (db: Conn, userId: number, key: string): Promise<UploadRow | undefined> =>
    db.selectFrom('uploads').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst(),
};
