import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { defineRoute } from '../route.js';
import { line } from '../text.js';
import { id, idNumber, strict } from './common.js';
import { money } from './finance.js';

/** The events an operator's endpoint can subscribe to (decision 0190). */
export const WEBHOOK_EVENTS = [
  'live.started',
  'live.ended',
  'gift.sent',
  'recharge.paid',
  'withdrawal.requested',
  'user.registered',
  'report.created',
] as const;
export const webhookEvent = z.enum(WEBHOOK_EVENTS, {
  message: '未知事件，可选：live.started, live.ended, gift.sent, recharge.paid, withdrawal.requested, user.registered, report.created',
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** An http(s) URL an operator's system listens on (no user:password part: the signature is the credential). */
const endpointUrl = line()
  .trim()
  .max(500, '网址最多500个字符')
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s]*)?$/i, '请输入以 http:// 或 https:// 开头的网址');

export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEvent),
  gift_min_value: money.describe('gift.sent is sent for gifts worth at least this (money units; 0: every gift)'),
  enabled: z.boolean(),
  secret_hint: z.string().describe('the signing secret’s last characters (the whole secret is shown once, when created)'),
  created_at: isoTime,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookStatus = z.enum(['pending', 'delivered', 'failed']);

export const webhookAttempt = z.object({
  attempt: z.number().int(),
  status_code: z.number().int().nullable().describe('the HTTP status the endpoint answered (null: no answer)'),
  error: z.string().describe('why it failed, when it did'),
  duration_ms: z.number().int(),
  created_at: isoTime,
});

export const webhookDelivery = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  event_id: z.string().describe('the event’s id, the same for every endpoint and every attempt (receivers deduplicate by it)'),
  event_type: webhookEvent,
  payload: z.string().describe('the JSON body as sent'),
  status: webhookStatus,
  attempts: z.number().int(),
  next_at: isoTime.nullable().describe('when it is tried next (pending only)'),
  give_up_at: isoTime,
  created_at: isoTime,
  delivered_at: isoTime.nullable(),
  log: z.array(webhookAttempt).describe('every attempt, oldest first'),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** Console: webhook endpoints of the operator's own systems and their deliveries. */
export const adminWebhookRoutes = {
  adminWebhooks: defineRoute({
    method: 'GET',
    path: '/api/admin/webhooks',
    auth: 'operator',
    tag: 'admin',
    summary: 'Webhook endpoints, newest first',
    data: z.object({ list: z.array(webhookEndpoint) }),
  }),
  adminWebhookCreate: defineRoute({
    method: 'POST',
    path: '/api/admin/webhooks',
    auth: 'operator',
    tag: 'admin',
    summary: 'Register an endpoint for some events; the answer holds its signing secret, shown this once',
    body: strict({
      url: endpointUrl,
      description: line().trim().max(100, '说明最多100个字').default(''),
      events: z.array(webhookEvent).min(1, '请至少选择一个事件').max(WEBHOOK_EVENTS.length),
      gift_min_value: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    }),
    data: webhookEndpoint.extend({ secret: z.string().describe('whsec_…: the HMAC-SHA256 key of its signatures (SECURITY.md)') }),
  }),
  adminWebhookSetEnabled: defineRoute({
    method: 'POST',
    path: '/api/admin/webhooks/enabled',
    auth: 'operator',
    tag: 'admin',
    summary: 'Pause or resume an endpoint (a paused one gets no new deliveries)',
    body: strict({ id: idNumber, enabled: z.boolean() }),
    data: webhookEndpoint,
  }),
  adminWebhookDelete: defineRoute({
    method: 'POST',
    path: '/api/admin/webhooks/delete',
    auth: 'operator',
    tag: 'admin',
    summary: 'Remove an endpoint with its deliveries',
    body: strict({ id: idNumber }),
    data: z.object({ deleted: z.boolean() }),
  }),
  adminWebhookDeliveries: defineRoute({
    method: 'GET',
    path: '/api/admin/webhooks/deliveries',
    auth: 'operator',
    tag: 'admin',
    summary: "An endpoint's deliveries, newest first, each with every attempt and the status it got",
    query: pageQuery.extend({ endpoint_id: id, status: webhookStatus.optional() }),
    data: pageOf(webhookDelivery),
  }),
  adminWebhookResend: defineRoute({
    method: 'POST',
    path: '/api/admin/webhooks/deliveries/resend',
    auth: 'operator',
    tag: 'admin',
    summary: 'Send a delivery again now (same event id and body, newly signed), retried for another 24 h if it fails',
    body: strict({ id: idNumber }),
    data: webhookDelivery,
  }),
};
