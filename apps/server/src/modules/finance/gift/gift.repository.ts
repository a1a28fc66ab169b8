import type { Selectable } from 'kysely';
import type { Conn } from '../../../db/database.js';
import type { GiftRecordsTable } from '../finance.tables.js';
import type { GiftTierRow } from './giftTiers.js';
import { runCompiled } from '../../../db/compiled.js';

export type GiftRecordRow = Selectable<GiftRecordsTable>;
export type NewGiftRecord = Omit<GiftRecordRow, 'id'>;

type GiftCatalogRow = { id: number; name: string; icon: string; url: string; price: number; vip_min: number };
export type PartyRow = {
  id: number;
  uuid: string;
  nickname: string;
  avatar: string;
  vip_level: number;
  level: number;
  is_guest: number;
  is_anchor: number | null;
};

/** SQL of gift records (and the catalogue and user lookups a send needs). */
export const giftRepository = {
  /** The effect tiers (a few rows, read with every view of records). */
  tiers: (db: Conn): Promise<GiftTierRow[]> =>
    runCompiled<GiftTierRow>(db, 'gift.tiers', [], () =>
      db.selectFrom('gift_tiers').select(['level', 'min_coins', 'banner_ms', 'banner_style', 'fullscreen']).compile(),
    ),

  gift: async (db: Conn, giftId: number): Promise<GiftCatalogRow | undefined> =>
    (
      await runCompiled<GiftCatalogRow>(db, 'gift.byId', [giftId], () =>
        db.selectFrom('gifts').select(['id', 'name', 'icon', 'url', 'price', 'vip_min']).where('id', '=', giftId).compile(),
      )
    )[0],

  /**
   * Sender and receiver of a send, as briefs (the columns and anchor rule of room/userBriefs.ts,
   * compiled once: this runs on every gift) with their guest flag.
   */
  parties: (db: Conn, senderId: number, receiverId: number) =>
    runCompiled<PartyRow>(db, 'gift.parties', ['approved', senderId, receiverId], () =>
      db
        .selectFrom('users')
        .leftJoin('anchor_applications as a', (j) => j.onRef('a.user_id', '=', 'users.id').on('a.status', '=', 'approved'))
        .select(['users.id', 'users.uuid', 'users.nickname', 'users.avatar', 'users.vip_level', 'users.level', 'users.is_guest', 'a.id as is_anchor'])
        .where('users.id', 'in', [senderId, receiverId])
        .compile(),
    ),

  byKey: async (db: Conn, key: string): Promise<GiftRecordRow | undefined> =>
    (await runCompiled<GiftRecordRow>(db, 'gift.byKey', [key], () => db.selectFrom('gift_records').selectAll().where('idem_key', '=', key).compile()))[0],

  /** The sender's latest send (the combo continues it when it is the same gift to the same receiver). */
  lastOf: async (db: Conn, senderId: number) =>
    (
      await runCompiled<Pick<GiftRecordRow, 'receiver_id' | 'gift_id' | 'room_id' | 'combo' | 'created_at'>>(db, 'gift.last', [senderId, 1], () =>
        db
          .selectFrom('gift_records')
          .select(['receiver_id', 'gift_id', 'room_id', 'combo', 'created_at'])
          .where('sender_id', '=', senderId)
          .orderBy('id', 'desc')
          .limit(1)
          .compile(),
      )
    )[0],

  insert: async (db: Conn, r: NewGiftRecord): Promise<number> => {
    const v = {
      idem_key: r.idem_key,
      sender_id: r.sender_id,
      receiver_id: r.receiver_id,
      room_id: r.room_id,
      gift_id: r.gift_id,
      gift_name: r.gift_name,
      gift_icon: r.gift_icon,
      gift_url: r.gift_url,
      price: r.price,
      count: r.count,
      total: r.total,
      earning: r.earning,
      combo: r.combo,
      created_at: r.created_at,
    };
    const rows = await runCompiled<{ id: number }>(db, 'gift.insert', Object.values(v), () =>
      db.insertInto('gift_records').values(v).returning('id').compile(),
    );
    return rows[0]!.id;
  },

  page: async (db: Conn, userId: number, direction: 'received' | 'sent', page: number, size: number) => {
    const col = direction === 'received' ? 'receiver_id' : 'sender_id';
    const [rows, count] = await Promise.all([
      db
        .selectFrom('gift_records')
        .selectAll()
        .where(col, '=', userId)
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      db
        .selectFrom('gift_records')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(col, '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /** Earnings received per China-time day since `fromIso` (day = UTC+8 date of created_at). */
  receivedSince: (db: Conn, userId: number, fromIso: string) =>
    db.selectFrom('gift_records').select(['earning', 'total', 'created_at']).where('receiver_id', '=', userId).where('created_at', '>=', fromIso).execute(),
};
