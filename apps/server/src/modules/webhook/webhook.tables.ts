import type { Generated, Selectable } from 'kysely';
import type { WebhookEvent } from '@app/contract';

/** Row types of migration 0031_webhooks, merged into the app's `Database` interface. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  description: string;
  /** whsec_…: the HMAC-SHA256 key of this endpoint's signatures. */
  secret: string;
  /** The subscribed events, comma separated. */
  events: string;
  /** gift.sent only for gifts worth at least this (money units). */
  gift_min_value: number;
  enabled: number;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: string;
  event_type: WebhookEvent;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** When it is due (pending only). */
  next_at: string | null;
  /** A worker is sending it until then; after that, anyone may take it again. */
  lease_until: string | null;
  /** The retry window (WEBHOOK_RETRY_HOURS) runs from here: the first send, or the last resend from the console. */
  retry_from: string;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  status_code: number | null;
  error: string;
  duration_ms: number;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
    webhook_attempts: WebhookAttemptsTable;
  }
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
