import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import { PollingJob } from '../../pollingJob.js';
import type { WebhookConfig } from './webhook.config.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';
import { webhookRepository as repo } from './webhook.repository.js';

/** Deliveries sent at once by one worker. */
const BATCH = 8;

/** The wait before retry number `attempts` (1 after the first failure): base × 2^(attempts−1), capped. */
const backoffMs = (c: Pick<WebhookConfig, 'backoffBaseMs' | 'backoffMaxMs'>, attempts: number): number =>
  Math.min(c.backoffMaxMs, c.backoffBaseMs * 2 ** Math.min(30, attempts - 1));

/**
 * The worker role's webhook sender (a job under the leader lease). It takes due deliveries from the
 * queue in the database with a lease of its own per row, posts each signed, logs the attempt and
 * schedules the next one with exponential backoff. Nothing is held in memory between polls: a
 * process killed mid-delivery leaves the row leased, and whoever leads next sends it again once
 * the lease runs out (at least once; receivers deduplicate by the event id).
 */
export class WebhookDispatcher {
  /** The job the worker role runs (under the leader lease). */
  readonly job: PollingJob;

  constructor(
    private readonly db: Db,
    private readonly config: WebhookConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.job = new PollingJob('webhook deliveries', config.pollMs, (running) => this.round(running), log);
  }

  /** Sends every due delivery, a batch at a time, until none is due. */
  private async round(running: () => boolean): Promise<void> {
    while (running()) {
      const now = nowIso();
      const due = await repo.due(this.db.kysely, now, BATCH);
      if (due.length === 0) return;
      const leaseUntil = new Date(Date.now() + this.config.timeoutMs + 2000).toISOString();
      await Promise.all(due.map(async ({ id }) => (await repo.claim(this.db.kysely, id, now, leaseUntil)) && this.send(id)));
    }
  }

  private async send(id: number): Promise<void> {
    const db = this.db.kysely;
    const row = await repo.delivery(db, id);
    const endpoint = row && (await repo.endpoint(db, row.endpoint_id));
    if (!row || !endpoint) return;
    const started = Date.now();
    let status: number | null = null;
    let error = '';
    try {
      const res = await fetch(endpoint.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'liveapp-webhooks/1',
          'webhook-id': row.event_id,
          [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, row.payload, Math.floor(Date.now() / 1000)),
        },
        body: row.payload,
      });
      status = res.status;
      await res.body?.cancel();
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (err) {
      error =
        err instanceof Error ? (err.name === 'TimeoutError' ? `no answer within ${this.config.timeoutMs} ms` : String(err.cause ?? err.message)) : String(err);
    }
    const attempts = row.attempts + 1;
    const at = nowIso();
    const wait = backoffMs(this.config, attempts);
    const gaveUp = Date.now() + wait > Date.parse(row.retry_from) + this.config.retryMs;
    await this.db.tx(async (conn) => {
      await repo.logAttempt(conn, {
        delivery_id: id,
        attempt: attempts,
        status_code: status,
        error: error.slice(0, 300),
        duration_ms: Date.now() - started,
        created_at: at,
      });
      await repo.settle(
        conn,
        id,
        !error
          ? { status: 'delivered', attempts, next_at: null, delivered_at: at }
          : gaveUp
            ? { status: 'failed', attempts, next_at: null, delivered_at: null }
            : { status: 'pending', attempts, next_at: new Date(Date.now() + wait).toISOString(), delivered_at: null },
      );
    });
    if (error) this.log.info({ delivery: id, endpoint: endpoint.id, attempts, error, gaveUp }, 'webhook delivery failed');
  }
}
