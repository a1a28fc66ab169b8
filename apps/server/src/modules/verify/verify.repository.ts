import type { Conn } from '../../db/database.js';

/** SQL for captchas, SMS codes and the log sink's outbox. */
export const verifyRepository = {
  insertCaptcha: (db: Conn, row: { unique_code: string; ip: string | null; expires_at: string; created_at: string }) =>
    db
      .insertInto('captchas')
      .values({ ...row, answer: null, passed_at: null, used_at: null })
      .execute(),

  captcha: (db: Conn, uniqueCode: string) => db.selectFrom('captchas').selectAll().where('unique_code', '=', uniqueCode).executeTakeFirst(),

  setCaptchaAnswer: (db: Conn, uniqueCode: string, answer: string | null, expiresAt?: string) =>
    db
      .updateTable('captchas')
      .set({ answer, passed_at: null, ...(expiresAt ? { expires_at: expiresAt } : {}) })
      .where('unique_code', '=', uniqueCode)
      .execute(),

  passCaptcha: (db: Conn, uniqueCode: string, at: string) => db.updateTable('captchas').set({ passed_at: at }).where('unique_code', '=', uniqueCode).execute(),

  /** Uses up a passed captcha; false when another request used it first. */
  useCaptcha: async (db: Conn, uniqueCode: string, at: string): Promise<boolean> => {
    const r = await db
      .updateTable('captchas')
      .set({ used_at: at })
      .where('unique_code', '=', uniqueCode)
      .where('used_at', 'is', null)
      .where('passed_at', 'is not', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  deleteExpiredCaptchas: (db: Conn, before: string) => db.deleteFrom('captchas').where('expires_at', '<', before).execute(),

  /** Withdraws a code the provider did not send. */
  deleteSmsCode: (db: Conn, id: number) => db.deleteFrom('sms_codes').where('id', '=', id).execute(),

  insertSmsCode: (db: Conn, row: { mobile: string; scene: string; code_hash: string; ip: string | null; expires_at: string; created_at: string }) =>
    db
      .insertInto('sms_codes')
      .values({ ...row, attempts: 0, used_at: null })
      .returning('id')
      .executeTakeFirstOrThrow(),

  /** Sends to a number since a time, newest first (per-number limits). */
  smsSentTo: (db: Conn, mobile: string, since: string) =>
    db.selectFrom('sms_codes').select(['created_at']).where('mobile', '=', mobile).where('created_at', '>', since).orderBy('created_at', 'desc').execute(),

  smsCountByIp: async (db: Conn, ip: string, since: string): Promise<number> => {
    const r = await db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  smsCountSince: async (db: Conn, since: string): Promise<number> => {
    const r = await db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** The newest code sent to a number for a scene, used or not. */
  latestSmsCode: (db: Conn, mobile: string, scene: string) =>
    db.selectFrom('sms_codes').selectAll().where('mobile', '=', mobile).where('scene', '=', scene).orderBy('id', 'desc').limit(1).executeTakeFirst(),

  countSmsAttempt: (db: Conn, id: number) =>
    db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute(),

  /** Uses up a code; false when it was already used (a code works once). */
  useSmsCode: async (db: Conn, id: number, at: string): Promise<boolean> => {
    const r = await db.updateTable('sms_codes').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  lastOutbox: (db: Conn, mobile: string) =>
    db.selectFrom('sms_outbox').selectAll().where('mobile', '=', mobile).orderBy('id', 'desc').limit(1).executeTakeFirst(),
};
