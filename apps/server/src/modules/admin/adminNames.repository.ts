import type { Conn } from '../../db/database.js';
import type { NamedKind } from '@app/contract';

/** Where each kind of name lives: its table and the columns of its zh-CN text and its other languages. */
export const NAMED: Record<
  NamedKind,
  { table: 'room_categories' | 'video_categories' | 'forum_categories' | 'gifts' | 'recharge_packages'; zh: 'name' | 'tag'; names: 'names' | 'tag_names' }
> = {
  live_category: { table: 'room_categories', zh: 'name', names: 'names' },
  video_category: { table: 'video_categories', zh: 'name', names: 'names' },
  forum_category: { table: 'forum_categories', zh: 'name', names: 'names' },
  gift: { table: 'gifts', zh: 'name', names: 'names' },
  package: { table: 'recharge_packages', zh: 'name', names: 'names' },
  package_tag: { table: 'recharge_packages', zh: 'tag', names: 'tag_names' },
};

/** SQL of the console's names per language. */
export const adminNamesRepository = {
  /** Rows of one kind: id, zh-CN text, names JSON (package badges only where a package has one). */
  rows: async (db: Conn, kind: NamedKind): Promise<{ id: number; zh: string; names: string }[]> => {
    const n = NAMED[kind];
    // The table is one of five with the same id/name/names shape; kysely cannot type a union of tables.
    const t = n.table as 'recharge_packages';
    let q = db
      .selectFrom(t)
      .select(['id', `${n.zh} as zh`, `${n.names} as names`])
      .orderBy('id');
    if (kind === 'package_tag') q = q.where('tag', '<>', '');
    return q.execute();
  },

  setting: async (db: Conn, key: string): Promise<string | undefined> =>
    (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value,

  putSetting: async (db: Conn, key: string, value: string): Promise<void> => {
    await db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  },

  setNames: async (db: Conn, kind: NamedKind, id: number, names: string): Promise<boolean> => {
    const n = NAMED[kind];
    const t = n.table as 'recharge_packages';
    const r = await db
      .updateTable(t)
      .set({ [n.names]: names })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
};
