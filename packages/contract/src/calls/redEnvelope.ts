/**
 * Red envelopes (红包, issue 35): a member in a live room puts coins into an envelope for K people;
 * it opens after a countdown and members present in the room grab random shares (each at least one
 * coin, together exactly the amount). What nobody grabbed within ENVELOPE_TTL_HOURS goes back to the
 * sender. The room hears `envelope` on every change (roomSocket.ts). Decisions 0236–0244.
 */
import { z } from 'zod';
import { isoTime } from '../envelope.js';
import { defineRoute } from '../route.js';
import { line } from '../text.js';
import { id, idNumber, strict, userBrief } from './common.js';
import { money, requestId } from './finance.js';

/** The countdowns a sender picks from (seconds before the envelope can be grabbed). */
export const ENVELOPE_COUNTDOWNS = [0, 60, 180] as const;
/** Most shares one envelope has. */
export const ENVELOPE_MAX_SHARES = 500;
/** Largest envelope: 100,000 coins (× 10000). */
export const ENVELOPE_MAX_AMOUNT = 100_000 * 10_000;
/** What is not grabbed within this long goes back to the sender. */
export const ENVELOPE_TTL_HOURS = 24;
export const ENVELOPE_GREETING_MAX = 20;

/** waiting (counting down) → open → finished (every share grabbed) | expired (the rest refunded). */
export const envelopeStatus = z.enum(['waiting', 'open', 'finished', 'expired']);
export type EnvelopeStatus = z.infer<typeof envelopeStatus>;

export const envelopeGrab = z.object({ user: userBrief, amount: money, at: isoTime });
export type EnvelopeGrab = z.infer<typeof envelopeGrab>;

export const redEnvelope = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  sender: userBrief,
  amount: money.describe('what the sender put in (× 10000, whole coins)'),
  shares: z.number().int().describe('how many people can grab it'),
  greeting: z.string(),
  countdown_s: z.number().int(),
  status: envelopeStatus,
  opens_at: isoTime,
  expires_at: isoTime.describe('what is not grabbed by then goes back to the sender'),
  grabbed: z.number().int().describe('shares grabbed so far'),
  grabbed_amount: money,
  refunded: money.describe('what went back to the sender at expiry (0 before)'),
  best: envelopeGrab.nullable().describe('手气最佳: the largest share, once every share is grabbed or the envelope expired'),
  now: isoTime.describe("the server's time when this view was made (clients count down from it)"),
});
export type RedEnvelope = z.infer<typeof redEnvelope>;

const countdown = z
  .number({ error: '倒计时必须是0、60或180秒' })
  .int('倒计时必须是0、60或180秒')
  .refine((v) => (ENVELOPE_COUNTDOWNS as readonly number[]).includes(v), '倒计时必须是0、60或180秒')
  .default(0)
  .describe('seconds before it can be grabbed: 0, 60 or 180');

export const envelopeRoutes = {
  envelopeSend: defineRoute({
    method: 'POST',
    path: 'envelope/send',
    auth: 'member',
    tag: 'envelope',
    summary: 'Put coins into a red envelope in the room the caller is in (the room hears `envelope`); the same request_id moves coins once',
    body: strict({
      request_id: requestId,
      room_id: idNumber.describe('the room the caller is in (their room socket joined it)'),
      amount: z
        .number({ error: '红包金额必须是数字' })
        .int('红包金额必须是整数')
        .positive('红包金额必须大于0')
        .max(ENVELOPE_MAX_AMOUNT, '红包金额最多100000金币')
        .refine((v) => v % 10_000 === 0, '红包金额必须是整数金币')
        .describe('coins × 10000, whole coins, at least one coin per share'),
      shares: z
        .number({ error: '红包个数必须是数字' })
        .int('红包个数必须是整数')
        .min(1, '红包个数至少1个')
        .max(ENVELOPE_MAX_SHARES, `红包个数最多${ENVELOPE_MAX_SHARES}个`),
      countdown_s: countdown,
      greeting: line().trim().max(ENVELOPE_GREETING_MAX, `祝福语最多${ENVELOPE_GREETING_MAX}个字`).default(''),
    }),
    data: z.object({ envelope: redEnvelope, coin: money.describe("the sender's coins right after") }),
  }),
  envelopeGrab: defineRoute({
    method: 'POST',
    path: 'envelope/grab',
    auth: 'member',
    tag: 'envelope',
    summary: 'Grab a share of an open envelope of the room the caller is in; grabbing again answers the same share (nothing moves twice)',
    body: strict({ envelope_id: idNumber }),
    data: z.object({ envelope: redEnvelope, amount: money.describe("the caller's share"), coin: money.describe("the caller's coins right after") }),
  }),
  envelopeRoom: defineRoute({
    method: 'GET',
    path: 'envelope/room',
    auth: 'public',
    tag: 'envelope',
    summary: "A room's envelopes not yet finished or expired, oldest first: what a (re)joining client starts from",
    query: strict({ room_id: id }),
    data: z.object({ list: z.array(redEnvelope) }),
  }),
  envelopeDetail: defineRoute({
    method: 'GET',
    path: 'envelope/detail',
    auth: 'public',
    tag: 'envelope',
    summary: 'One envelope with who grabbed what (largest first) and the caller’s own share',
    query: strict({ envelope_id: id }),
    data: z.object({ envelope: redEnvelope, grabs: z.array(envelopeGrab), mine: money.nullable() }),
  }),
};
