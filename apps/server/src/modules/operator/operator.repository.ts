import type { OperatorRole } from '@app/contract';
import type { Conn } from '../../db/database.js';
import type { OperatorRow } from './operator.tables.js';

/** SQL for operators, their recovery codes and the sessions that passed the second factor. */
export const operatorRepository = {
  /** One request's access: the caller's role and second factor, and whether this session passed it. */
  access: (db: Conn, userId: number, sessionId: number) =>
    db
      .selectFrom('operators as o')
      .leftJoin('operator_sessions as s', (j) => j.onRef('s.user_id', '=', 'o.user_id').on('s.session_id', '=', sessionId))
      .select(['o.role', 'o.totp_enabled_at', 's.verified_at'])
      .where('o.user_id', '=', userId)
      .executeTakeFirst(),

  byUser: (db: Conn, userId: number): Promise<OperatorRow | undefined> =>
    db.selectFrom('operators').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  /** Every operator with their brief and unused recovery codes. */
  list: (db: Conn) =>
    db
      .selectFrom('operators as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['o.user_id', 'o.role', 'o.totp_enabled_at', 'o.updated_at'])
      .select((eb) =>
        eb
          .selectFrom('operator_recovery_codes as c')
          .whereRef('c.user_id', '=', 'o.user_id')
          .where('c.used_at', 'is', null)
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('codes_left'),
      )
      .orderBy('o.user_id')
      .execute(),

  countOwners: async (db: Conn): Promise<number> => {
    const r = await db
      .selectFrom('operators')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Makes a user an operator with a role, or changes it. */
  upsert: (db: Conn, userId: number, role: OperatorRole, at: string) =>
    db
      .insertInto('operators')
      .values({ user_id: userId, role, totp_secret: null, totp_pending: null, totp_enabled_at: null, totp_step: null, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ role, updated_at: at }))
      .execute(),

  remove: (db: Conn, userId: number) => db.deleteFrom('operators').where('user_id', '=', userId).execute(),

  setPending: (db: Conn, userId: number, secret: string, at: string) =>
    db.updateTable('operators').set({ totp_pending: secret, updated_at: at }).where('user_id', '=', userId).where('totp_enabled_at', 'is', null).execute(),

  /** Confirms the pending secret (only while not enrolled); answers whether it did. */
  enable: async (db: Conn, userId: number, secret: string, step: number, at: string): Promise<boolean> => {
    const r = await db
      .updateTable('operators')
      .set({ totp_secret: secret, totp_pending: null, totp_enabled_at: at, totp_step: step, updated_at: at })
      .where('user_id', '=', userId)
      .where('totp_enabled_at', 'is', null)
      .where('totp_pending', '=', secret)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Accepts a code's time step once: answers false when this step (or a later one) was already used. */
  useStep: async (db: Conn, userId: number, step: number): Promise<boolean> => {
    const r = await db
      .updateTable('operators')
      .set({ totp_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('totp_step', 'is', null), eb('totp_step', '<', step)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Forgets the authenticator: the operator enrols again. */
  clearSecondFactor: (db: Conn, userId: number, at: string) =>
    db
      .updateTable('operators')
      .set({ totp_secret: null, totp_pending: null, totp_enabled_at: null, totp_step: null, updated_at: at })
      .where('user_id', '=', userId)
      .execute(),

  insertCodes: (db: Conn, userId: number, hashes: string[], at: string) =>
    db
      .insertInto('operator_recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: at })))
      .execute(),

  deleteCodes: (db: Conn, userId: number) => db.deleteFrom('operator_recovery_codes').where('user_id', '=', userId).execute(),

  /** Spends one unused code by its hash; answers whether it was there (each code works once, even in a race). */
  useCode: async (db: Conn, userId: number, hash: string, at: string): Promise<boolean> => {
    const r = await db
      .updateTable('operator_recovery_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  codesLeft: async (db: Conn, userId: number): Promise<number> => {
    const r = await db
      .selectFrom('operator_recovery_codes')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  markSession: (db: Conn, sessionId: number, userId: number, at: string) =>
    db
      .insertInto('operator_sessions')
      .values({ session_id: sessionId, user_id: userId, verified_at: at })
      .onConflict((oc) => oc.column('session_id').doUpdateSet({ verified_at: at }))
      .execute(),

  /** Every session of the operator must pass the second factor again. */
  forgetSessions: (db: Conn, userId: number) => db.deleteFrom('operator_sessions').where('user_id', '=', userId).execute(),
};
