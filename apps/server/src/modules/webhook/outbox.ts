import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@app/contract';
import type { Conn } from '../../db/database.js';
import { webhookRepository as repo } from './webhook.repository.js';

/**
 * Queues an event for every enabled endpoint that takes it, on the connection it is given: called
 * inside the transaction of what it reports, the event exists exactly when that thing does, and a
 * process killed right after the commit loses none (decision 0190). `value` (gift.sent) is compared
 * with each endpoint's threshold.
 */
export async function emitWebhook(conn: Conn, type: WebhookEvent, data: Record<string, unknown>, opts: { value?: number; at?: string } = {}): Promise<void> {
  const endpoints = (await repo.enabledEndpoints(conn)).filter(
    (e) => e.events.split(',').includes(type) && (type !== 'gift.sent' || (opts.value ?? 0) >= Number(e.gift_min_value)),
  );
  if (endpoints.length === 0) return;
  const at = opts.at ?? new Date().toISOString();
  const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
  const payload = JSON.stringify({ id: eventId, type, created_at: at, data });
  await repo.insertDeliveries(
    conn,
    endpoints.map((e) => ({
      endpoint_id: e.id,
      event_id: eventId,
      event_type: type,
      payload,
      status: 'pending' as const,
      attempts: 0,
      next_at: at,
      lease_until: null,
      retry_from: at,
      created_at: at,
      delivered_at: null,
    })),
  );
}
