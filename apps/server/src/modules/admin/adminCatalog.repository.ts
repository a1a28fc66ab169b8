import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import type { GiftsTable } from '../../db/schema.js';
import type { RechargePackagesTable } from '../finance/finance.tables.js';
import { SETTING_DEFAULTS } from '../config/settings.js';

type GiftFields = Omit<GiftsTable, 'id' | 'created_at' | 'names'>;
type PackageFields = Omit<RechargePackagesTable, 'id' | 'created_at' | 'names' | 'tag_names'>;

/** SQL of the console's catalogue: gifts, the gift version, recharge packages. */
export const adminCatalogRepository = {
  gifts: (db: Conn) => db.selectFrom('gifts').selectAll().orderBy('sort').orderBy('id').execute(),

  insertGift: (db: Conn, g: GiftFields, at: string) =>
    db
      .insertInto('gifts')
      .values({ ...g, created_at: at })
      .returningAll()
      .executeTakeFirstOrThrow(),

  updateGift: (db: Conn, id: number, g: GiftFields) => db.updateTable('gifts').set(g).where('id', '=', id).returningAll().executeTakeFirst(),

  deleteGift: async (db: Conn, id: number): Promise<boolean> =>
    Number((await db.deleteFrom('gifts').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,

  /** gift_version + 1 in one statement (two operators saving at once both count). */
  bumpGiftVersion: async (db: Conn): Promise<number> => {
    // A fresh database has no row yet: it starts from the default the config call answers.
    await db
      .insertInto('settings')
      .values({ key: 'gift_version', value: SETTING_DEFAULTS.gift_version })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    await sql`update settings set value = cast(cast(value as integer) + 1 as varchar(32)) where key = 'gift_version'`.execute(db);
    const row = await db.selectFrom('settings').select('value').where('key', '=', 'gift_version').executeTakeFirst();
    return Number(row?.value ?? 0);
  },

  giftVersion: async (db: Conn): Promise<number> =>
    Number((await db.selectFrom('settings').select('value').where('key', '=', 'gift_version').executeTakeFirst())?.value ?? SETTING_DEFAULTS.gift_version),

  packages: (db: Conn) => db.selectFrom('recharge_packages').selectAll().orderBy('sort').orderBy('price_fen').orderBy('id').execute(),

  insertPackage: (db: Conn, p: PackageFields, at: string) =>
    db
      .insertInto('recharge_packages')
      .values({ ...p, created_at: at })
      .returningAll()
      .executeTakeFirstOrThrow(),

  updatePackage: (db: Conn, id: number, p: PackageFields) => db.updateTable('recharge_packages').set(p).where('id', '=', id).returningAll().executeTakeFirst(),
};
