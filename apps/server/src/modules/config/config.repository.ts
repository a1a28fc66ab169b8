import type { Conn } from '../../db/database.js';
import type { GiftRow } from '../../db/schema.js';

/** SQL for settings (key/value) and the gift catalogue. */
export const configRepository = {
  settings: async (db: Conn): Promise<Map<string, string>> => new Map((await db.selectFrom('settings').selectAll().execute()).map((r) => [r.key, r.value])),

  /** Inserts or replaces settings. */
  putSettings: async (db: Conn, values: Record<string, string>): Promise<void> => {
    for (const [key, value] of Object.entries(values)) {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
  },

  /** Inserts settings that are not there yet (the seed never overrides an operator's choice). */
  addMissingSettings: async (db: Conn, values: Record<string, string>): Promise<void> => {
    for (const [key, value] of Object.entries(values)) {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
  },

  insertGifts: async (db: Conn, gifts: Omit<GiftRow, 'id'>[]): Promise<void> => {
    await db.insertInto('gifts').values(gifts).execute();
  },

  gifts: (db: Conn): Promise<GiftRow[]> => db.selectFrom('gifts').selectAll().orderBy('sort').orderBy('id').execute(),
};
