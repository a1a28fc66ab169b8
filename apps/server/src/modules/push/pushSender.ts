import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import { PollingJob } from '../../pollingJob.js';
import type { PushConfig, VapidKeys } from './push.config.js';
import { pushRepository as repo } from './push.repository.js';

/** Pushes sent at once by one worker. */
const BATCH = 16;
/** A push service that fails (5xx, 429, unreachable) is tried this many times in all. */
const MAX_ATTEMPTS = 5;
/** Waits between tries: 5 s, 10 s, 20 s, 40 s. */
const BACKOFF_MS = 5000;
/** A push service that has not answered within this long has failed the try. */
const TIMEOUT_MS = 10_000;

/**
 * The worker role's push sender (a job under the leader lease, like the webhook dispatcher): it
 * takes due pushes from the queue with a lease per row, sends each through `web-push` (the payload
 * encrypted to the subscription's keys, aes128gcm, signed with the VAPID key) to the endpoint the
 * subscription names, and deletes it once the push service took it. A push service answering 404
 * or 410 no longer knows the subscription: it is removed with its queued pushes. Other failures
 * are tried again with backoff until MAX_ATTEMPTS or the push's expiry (decision 0217).
 */
export class PushSender {
  /** The job the worker role runs (under the leader lease); nothing runs while push is off. */
  readonly job: PollingJob;

  constructor(
    private readonly db: Db,
    private readonly config: PushConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.job = new PollingJob('web push', config.pollMs, (running) => this.round(running), log);
  }

  private async round(running: () => boolean): Promise<void> {
    const vapid = this.config.vapid;
    while (running() && vapid) {
      const now = nowIso();
      const due = await repo.due(this.db.kysely, now, BATCH);
      if (due.length === 0) return;
      const leaseUntil = new Date(Date.now() + TIMEOUT_MS + 2000).toISOString();
      await Promise.all(due.map(async ({ id }) => (await repo.claim(this.db.kysely, id, now, leaseUntil)) && this.send(id, vapid)));
    }
  }

  private async send(id: number, vapid: VapidKeys): Promise<void> {
    const db = this.db.kysely;
    const row = await repo.queued(db, id);
    if (!row) return;
    const sub = await repo.subscription(db, row.subscription_id);
    // Its subscription went meanwhile (unsubscribed, replaced): nothing to send it to.
    if (!sub) return void (await repo.done(db, id));
    const ttlS = Math.floor((Date.parse(row.expires_at) - Date.now()) / 1000);
    if (ttlS <= 0) return void (await repo.done(db, id));
    try {
      await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, row.payload, {
        vapidDetails: vapid,
        TTL: ttlS,
        topic: row.topic,
        urgency: 'high',
        timeout: TIMEOUT_MS,
      });
      await repo.done(db, id);
    } catch (err) {
      const status = err instanceof webpush.WebPushError ? err.statusCode : undefined;
      if (status === 404 || status === 410) {
        await repo.drop(db, sub.id);
        this.log.info({ subscription: sub.id, user: sub.user_id, status }, 'web push: subscription gone, removed');
        return;
      }
      const attempts = row.attempts + 1;
      const next = Date.now() + BACKOFF_MS * 2 ** (attempts - 1);
      const giveUp = attempts >= MAX_ATTEMPTS || next >= Date.parse(row.expires_at) || (status !== undefined && status < 500 && status !== 429);
      if (giveUp) await repo.done(db, id);
      else await repo.retryAt(db, id, attempts, new Date(next).toISOString());
      this.log.info({ push: id, subscription: sub.id, status, attempts, giveUp, err: status ? undefined : String(err) }, 'web push: send failed');
    }
  }
}
