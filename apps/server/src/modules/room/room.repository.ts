import { sql, type Updateable } from 'kysely';
import type { Conn } from '../../db/database.js';
import { containsPattern } from '../../db/like.js';
import type { NewRoom, RoomRow, RoomsTable } from './room.tables.js';
import { pageOf } from '../../db/paging.js';

type RoomPatch = Omit<Updateable<RoomsTable>, 'id'>;

const likeCol = (col: string, pattern: string) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`;

/** SQL for rooms and their categories. */
export const roomRepository = {
  categories: (db: Conn) => db.selectFrom('room_categories').selectAll().orderBy('sort').orderBy('id').execute(),

  categoryById: (db: Conn, id: number) => db.selectFrom('room_categories').selectAll().where('id', '=', id).executeTakeFirst(),

  byId: (db: Conn, id: number): Promise<RoomRow | undefined> => db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst(),

  byNumber: (db: Conn, number: string): Promise<RoomRow | undefined> => db.selectFrom('rooms').selectAll().where('number', '=', number).executeTakeFirst(),

  byAnchor: (db: Conn, anchorId: number): Promise<RoomRow | undefined> =>
    db.selectFrom('rooms').selectAll().where('anchor_id', '=', anchorId).executeTakeFirst(),

  insert: (db: Conn, row: NewRoom): Promise<RoomRow> => db.insertInto('rooms').values(row).returningAll().executeTakeFirstOrThrow(),

  update: (db: Conn, id: number, patch: RoomPatch) => db.updateTable('rooms').set(patch).where('id', '=', id).execute(),

  /** Reopens a closed room with new fields; undefined when it was open already (a concurrent open won). */
  reopen: (db: Conn, id: number, patch: RoomPatch): Promise<RoomRow | undefined> =>
    db.updateTable('rooms').set(patch).where('id', '=', id).where('status', '=', 'closed').returningAll().executeTakeFirst(),

  /** Closes an open room; false when it was not open (closed already, by someone else perhaps). */
  close: async (db: Conn, id: number, at: string): Promise<boolean> => {
    const r = await db
      .updateTable('rooms')
      .set({ status: 'closed', closed_at: at, anchor_live: 0, anchor_instance: null, anchor_left_at: null, first_publish_by: null, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Marks the anchor as gone at `at` unless already marked; true when this call marked it. */
  markAnchorLeft: async (db: Conn, id: number, at: string): Promise<boolean> => {
    const r = await db
      .updateTable('rooms')
      .set({ anchor_left_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('anchor_left_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Clears the anchor-left mark; true when it was set. */
  clearAnchorLeft: async (db: Conn, id: number): Promise<boolean> => {
    const r = await db.updateTable('rooms').set({ anchor_left_at: null }).where('id', '=', id).where('anchor_left_at', 'is not', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /**
   * The anchor seat started (`up`, hosted by `instance`) or stopped streaming. A stop counts only
   * from the hosting instance; false when it changed nothing (another instance hosts it now).
   */
  setAnchorLive: async (db: Conn, id: number, up: boolean, instance: string): Promise<boolean> => {
    let q = db
      .updateTable('rooms')
      .set(up ? { anchor_live: 1, anchor_instance: instance, first_publish_by: null } : { anchor_live: 0, anchor_instance: null })
      .where('id', '=', id);
    if (!up) q = q.where((eb) => eb.or([eb('anchor_instance', '=', instance), eb('anchor_instance', 'is', null)]));
    return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
  },

  /**
   * A publish token for the anchor seat valid until `until` was issued: while the anchor seat has
   * not published yet in this live (first_publish_by not cleared), the room waits at least that long.
   */
  awaitFirstPublish: async (db: Conn, id: number, until: string): Promise<void> => {
    await db
      .updateTable('rooms')
      .set({ first_publish_by: until })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('first_publish_by', '<', until)
      .execute();
  },

  /** Ends the anchor stream an instance left behind; false when it moved meanwhile. */
  dropAnchorLive: async (db: Conn, id: number, instance: string | null): Promise<boolean> => {
    const r = await db
      .updateTable('rooms')
      .set({ anchor_live: 0, anchor_instance: null })
      .where('id', '=', id)
      .where('anchor_live', '=', 1)
      .where('anchor_instance', instance === null ? 'is' : '=', instance)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Open rooms whose anchor counts as present (no "left" mark): the sweep checks them. */
  openUnmarked: (db: Conn) =>
    db.selectFrom('rooms').select(['id', 'anchor_live', 'anchor_instance']).where('status', '=', 'open').where('anchor_left_at', 'is', null).execute(),

  /** Open rooms whose anchor left at or before `before` (grace over) and that no longer wait for a first publish at `now`. */
  anchorGoneSince: async (db: Conn, before: string, now: string): Promise<number[]> =>
    (
      await db
        .selectFrom('rooms')
        .select('id')
        .where('status', '=', 'open')
        .where('anchor_left_at', 'is not', null)
        .where('anchor_left_at', '<=', before)
        .where((eb) => eb.or([eb('first_publish_by', 'is', null), eb('first_publish_by', '<=', now)]))
        .execute()
    ).map((r) => r.id),

  numberTaken: async (db: Conn, number: string): Promise<boolean> =>
    (await db.selectFrom('rooms').select('id').where('number', '=', number).executeTakeFirst()) !== undefined,

  /** Open rooms' audiences as last recorded (see `setViewers`). */
  openViewers: (db: Conn) => db.selectFrom('rooms').select(['id', 'viewers']).where('status', '=', 'open').execute(),

  /** Records a room's online count for the list's order. */
  setViewers: async (db: Conn, id: number, viewers: number): Promise<void> => {
    await db.updateTable('rooms').set({ viewers }).where('id', '=', id).execute();
  },

  /** Open rooms: anchor live first, then the largest audience (as the sweep last recorded it), then newest. */
  openPage: async (db: Conn, q: { page: number; size: number; category_id?: number | undefined; kind?: 'live' | 'chat' | undefined }) => {
    let base = db.selectFrom('rooms').where('status', '=', 'open');
    if (q.category_id !== undefined) base = base.where('category_id', '=', q.category_id);
    if (q.kind !== undefined) base = base.where('kind', '=', q.kind);
    return pageOf(
      base,
      (b) => b.selectAll().orderBy('anchor_live', 'desc').orderBy('viewers', 'desc').orderBy('started_at', 'desc').orderBy('id', 'desc'),
      q.page,
      q.size,
    );
  },

  /** Open rooms whose title or anchor nickname contains the keyword, or whose number is it. */
  searchOpen: async (db: Conn, keyword: string, page: number, size: number) => {
    const pattern = containsPattern(keyword);
    const base = db
      .selectFrom('rooms')
      .innerJoin('users', 'users.id', 'rooms.anchor_id')
      .where('rooms.status', '=', 'open')
      .where((eb) => eb.or([likeCol('rooms.title', pattern), likeCol('users.nickname', pattern), eb('rooms.number', '=', keyword)]));
    return pageOf(
      base,
      (q) => q.selectAll('rooms').orderBy('rooms.anchor_live', 'desc').orderBy('rooms.viewers', 'desc').orderBy('rooms.started_at', 'desc'),
      page,
      size,
    );
  },

  /** Members whose nickname contains the keyword or whose account is it, with their open room id. */
  searchUsers: async (db: Conn, keyword: string, page: number, size: number) => {
    const pattern = containsPattern(keyword);
    const base = db
      .selectFrom('users')
      .leftJoin('rooms', (j) => j.onRef('rooms.anchor_id', '=', 'users.id').on('rooms.status', '=', 'open'))
      .where('users.is_guest', '=', 0)
      .where((eb) => eb.or([likeCol('users.nickname', pattern), eb('users.account', '=', keyword)]));
    return pageOf(
      base,
      (q) =>
        q
          .select(['users.id', 'users.signature', 'rooms.id as room_id'])
          .orderBy('rooms.id', (ob) => ob.desc().nullsLast())
          .orderBy('users.id'),
      page,
      size,
    );
  },
};
