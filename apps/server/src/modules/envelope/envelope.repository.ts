import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import type { AccountRef } from '../finance/ledger/ledger.js';
import type { EnvelopeRow, RedEnvelopesTable, ShareRow } from './envelope.tables.js';

type NewEnvelope = Omit<RedEnvelopesTable, 'id'>;

const num = (v: unknown): number => Number(v ?? 0);
const toEnvelope = (r: EnvelopeRow): EnvelopeRow => ({
  ...r,
  amount: num(r.amount),
  grabbed_amount: num(r.grabbed_amount),
  refunded: num(r.refunded),
});
const toShare = (r: ShareRow): ShareRow => ({ ...r, amount: num(r.amount) });

/** SQL of red envelopes and their shares. */
export const envelopeRepository = {
  /** The platform account the coins of every envelope sit in between the send and the grab or refund. */
  escrowAccount: (db: Conn): Promise<AccountRef> =>
    db.selectFrom('accounts').select(['id', 'user_id', 'kind']).where('user_id', '=', 0).where('kind', '=', 'envelope_escrow').executeTakeFirstOrThrow(),

  insert: async (db: Conn, row: NewEnvelope): Promise<EnvelopeRow> =>
    toEnvelope(await db.insertInto('red_envelopes').values(row).returningAll().executeTakeFirstOrThrow()),

  insertShares: async (db: Conn, envelopeId: number, amounts: number[]): Promise<void> => {
    await db
      .insertInto('red_envelope_shares')
      .values(amounts.map((amount, i) => ({ envelope_id: envelopeId, seq: i + 1, amount, user_id: null, grabbed_at: null })))
      .execute();
  },

  byId: async (db: Conn, id: number): Promise<EnvelopeRow | undefined> => {
    const r = await db.selectFrom('red_envelopes').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toEnvelope(r);
  },

  byKey: async (db: Conn, key: string): Promise<EnvelopeRow | undefined> => {
    const r = await db.selectFrom('red_envelopes').selectAll().where('idem_key', '=', key).executeTakeFirst();
    return r && toEnvelope(r);
  },

  /** A room's envelopes still open (oldest first). */
  openInRoom: async (db: Conn, roomId: number): Promise<EnvelopeRow[]> =>
    (await db.selectFrom('red_envelopes').selectAll().where('room_id', '=', roomId).where('status', '=', 'open').orderBy('id').execute()).map(toEnvelope),

  countOpenInRoom: async (db: Conn, roomId: number): Promise<number> =>
    num(
      (
        await db
          .selectFrom('red_envelopes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('room_id', '=', roomId)
          .where('status', '=', 'open')
          .executeTakeFirst()
      )?.n,
    ),

  countSentSince: async (db: Conn, senderId: number, since: string): Promise<number> =>
    num(
      (
        await db
          .selectFrom('red_envelopes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sender_id', '=', senderId)
          .where('created_at', '>=', since)
          .executeTakeFirst()
      )?.n,
    ),

  shareOf: async (db: Conn, envelopeId: number, userId: number): Promise<ShareRow | undefined> => {
    const r = await db.selectFrom('red_envelope_shares').selectAll().where('envelope_id', '=', envelopeId).where('user_id', '=', userId).executeTakeFirst();
    return r && toShare(r);
  },

  /** The next share to hand out (the lowest seq nobody has), under the envelope's lock. */
  nextFree: async (db: Conn, envelopeId: number): Promise<ShareRow | undefined> => {
    const r = await db
      .selectFrom('red_envelope_shares')
      .selectAll()
      .where('envelope_id', '=', envelopeId)
      .where('user_id', 'is', null)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    return r && toShare(r);
  },

  /** Gives a free share to a member; false when someone has it already. */
  claim: async (db: Conn, shareId: number, userId: number, at: string): Promise<boolean> => {
    const r = await db
      .updateTable('red_envelope_shares')
      .set({ user_id: userId, grabbed_at: at })
      .where('id', '=', shareId)
      .where('user_id', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Counts a grab on the envelope (finished with its last share). */
  countGrab: async (db: Conn, id: number, amount: number, at: string): Promise<EnvelopeRow> =>
    toEnvelope(
      await db
        .updateTable('red_envelopes')
        .set((eb) => ({
          grabbed: eb('grabbed', '+', 1),
          grabbed_amount: eb('grabbed_amount', '+', amount),
          status: sql<'open' | 'finished'>`case when grabbed + 1 >= shares then 'finished' else status end`,
          ended_at: sql<string | null>`case when grabbed + 1 >= shares then ${at} else ended_at end`,
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    ),

  /** What nobody grabbed yet. */
  freeAmount: async (db: Conn, envelopeId: number): Promise<number> =>
    num(
      (
        await db
          .selectFrom('red_envelope_shares')
          .select((eb) => eb.fn.sum<number>('amount').as('s'))
          .where('envelope_id', '=', envelopeId)
          .where('user_id', 'is', null)
          .executeTakeFirst()
      )?.s,
    ),

  /** The envelope ends as expired with what went back; undefined when it was not open any more. */
  expire: async (db: Conn, id: number, refunded: number, at: string): Promise<EnvelopeRow | undefined> => {
    const r = await db
      .updateTable('red_envelopes')
      .set({ status: 'expired', refunded, ended_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    return r && toEnvelope(r);
  },

  /** Open envelopes past their time (the worker refunds them). */
  due: async (db: Conn, now: string, limit = 100): Promise<EnvelopeRow[]> =>
    (
      await db.selectFrom('red_envelopes').selectAll().where('status', '=', 'open').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute()
    ).map(toEnvelope),

  /** Grabbed shares, largest first (the earliest grab first among equals). */
  grabs: async (db: Conn, envelopeId: number): Promise<ShareRow[]> =>
    (
      await db
        .selectFrom('red_envelope_shares')
        .selectAll()
        .where('envelope_id', '=', envelopeId)
        .where('user_id', 'is not', null)
        .orderBy('amount', 'desc')
        .orderBy('grabbed_at')
        .orderBy('seq')
        .execute()
    ).map(toShare),

  /** The largest grabbed share of each envelope (the earliest grab among equals). */
  bestOf: async (db: Conn, envelopeIds: number[]): Promise<Map<number, ShareRow>> => {
    const out = new Map<number, ShareRow>();
    if (envelopeIds.length === 0) return out;
    const rows = await db
      .selectFrom('red_envelope_shares')
      .selectAll()
      .where('envelope_id', 'in', envelopeIds)
      .where('user_id', 'is not', null)
      .orderBy('envelope_id')
      .orderBy('amount', 'desc')
      .orderBy('grabbed_at')
      .orderBy('seq')
      .execute();
    for (const r of rows) if (!out.has(r.envelope_id)) out.set(r.envelope_id, toShare(r));
    return out;
  },
};
