import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/time.js';

/** Sends a verification code by SMS. A real provider plugs in here by configuration (SMS_PROVIDER). */
export interface SmsSender {
  send(msg: { mobile: string; scene: string; code: string }): Promise<void>;
}

/**
 * The default sender: logs the code and keeps it in `sms_outbox`, where (outside production) the
 * dev route lets tests and local users read it. In the DB, not memory, so any instance can answer.
 */
export class LogSmsSender implements SmsSender {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(msg: { mobile: string; scene: string; code: string }): Promise<void> {
    this.log.info({ mobile: msg.mobile, scene: msg.scene, code: msg.code }, 'sms (log sink)');
    await this.db.kysely
      .insertInto('sms_outbox')
      .values({ ...msg, created_at: nowIso() })
      .execute();
  }
}

/** Picks the configured sender; unknown providers fail loudly at start rather than at the first SMS. */
export function createSmsSender(provider: string, db: Db, log: FastifyBaseLogger): SmsSender {
  if (provider === 'log') return new LogSmsSender(db, log);
  throw new Error(`SMS_PROVIDER "${provider}" is not supported (only "log" for now)`);
}
