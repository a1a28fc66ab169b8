import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/time.js';

/** Sends a verification code by SMS. A real provider plugs in here by configuration (SMS_PROVIDER). */
export interface SmsSender {
  /** Resolves once the provider accepted the message; throws SmsRefused when it did not. */
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
