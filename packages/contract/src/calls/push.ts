import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime } from '../envelope.js';
import { opaque } from '../text.js';
import { strict } from './common.js';

/** A push service's URL as a browser's PushSubscription gives it (no user:password part). */
const pushEndpoint = opaque()
  .max(1000, 'endpoint: 最多1000个字符')
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?\/[^\s]*$/i, 'endpoint: 应为推送服务的 http(s) 网址');

/** Bytes a base64url string (padded or not) holds. */
const decodedBytes = (s: string) => Math.floor((s.replace(/=+$/, '').length * 3) / 4);
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** What a browser's PushSubscription.toJSON() holds, and the app's language for the texts. */
export const pushSubscribeInput = strict({
  endpoint: pushEndpoint,
  keys: strict({
    // The browser's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret (RFC 8291).
    p256dh: opaque()
      .regex(BASE64URL, 'keys.p256dh: 应为 base64url')
      .refine((s) => decodedBytes(s) === 65, { message: 'keys.p256dh: 应为65字节的 P-256 公钥' }),
    auth: opaque()
      .regex(BASE64URL, 'keys.auth: 应为 base64url')
      .refine((s) => decodedBytes(s) === 16, { message: 'keys.auth: 应为16字节' }),
  }),
  lang: z.enum(['zh-CN', 'en']).default('zh-CN'),
});

/**
 * What the service worker receives (the push message, decrypted by the browser): the notification's
 * texts in the subscription's language, the route a tap opens, and a tag (one notification per
 * anchor or conversation: a newer one replaces it).
 */
export const pushPayload = z.object({
  kind: z.enum(['live', 'chat']),
  title: z.string(),
  body: z.string(),
  /** A hash route of the app: `/pages/room/index?id=…` or `/pages/chats/chat?uid=…`. */
  path: z.string(),
  tag: z.string(),
  at: isoTime,
});
export type PushPayload = z.infer<typeof pushPayload>;

export const pushRoutes = {
  pushSubscribe: defineRoute({
    method: 'POST',
    path: 'push/subscribe',
    auth: 'member',
    tag: 'message',
    summary:
      "Keep this browser's push subscription for the caller (one per member and device; the endpoint moves to whoever subscribed it last); refused with 11220 while the server has no VAPID keys",
    body: pushSubscribeInput,
    data: z.object({ subscribed: z.literal(true) }),
  }),
  pushUnsubscribe: defineRoute({
    method: 'POST',
    path: 'push/unsubscribe',
    auth: 'member',
    tag: 'message',
    summary: "Forget the caller's push subscription with this endpoint (nothing is pushed to it again)",
    body: strict({ endpoint: pushEndpoint }),
    data: z.object({ removed: z.boolean() }),
  }),
};
