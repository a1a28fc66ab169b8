import type { Generated, Selectable } from 'kysely';

/** Row types of migration 0040_web_push, merged into the app's `Database` interface. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The Device header of the browser that subscribed (one subscription per member and device). */
  device_id: string | null;
  /** The push service's URL for this browser (what the subscription says). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url) the payload is encrypted to (RFC 8291). */
  p256dh: string;
  auth: string;
  /** The app's language when it subscribed: the pushes' texts are written in it. */
  lang: 'zh-CN' | 'en';
  created_at: string;
}

export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: number;
  /** The JSON the service worker reads (PushPayload of the contract). */
  payload: string;
  /** The push service's Topic: a newer push of the same topic replaces one not yet delivered. */
  topic: string;
  attempts: number;
  next_at: string;
  /** A worker is sending it until then; after that, anyone may take it again. */
  lease_until: string | null;
  /** Not worth showing after this (a live long over): dropped instead of sent. */
  expires_at: string;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    push_subscriptions: PushSubscriptionsTable;
    push_outbox: PushOutboxTable;
  }
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type PushOutboxRow = Selectable<PushOutboxTable>;
