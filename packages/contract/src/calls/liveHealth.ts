import { z } from 'zod';
import { isoTime } from '../envelope.js';
import { defineRoute } from '../route.js';
import { id, idNumber, strict } from './common.js';

/** What holds the browser's encoder back (WebRTC's `qualityLimitationReason`). */
export const healthLimit = z.enum(['none', 'bandwidth', 'cpu', 'other']);
export type HealthLimit = z.infer<typeof healthLimit>;

/** One sample of a live's outgoing stream. */
export const healthSample = z.object({
  at: isoTime,
  source: z.enum(['client', 'ingest']).describe("`client`: the anchor's browser (getStats); `ingest`: measured by the server on the WHIP session"),
  bitrate: z.number().int().describe('video bitrate, bit/s'),
  target: z.number().int().nullable().describe('the bitrate the client is set to send, bit/s (client samples)'),
  fps: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  loss: z.number().nullable().describe('fraction of video packets lost, 0–1'),
  rtt_ms: z.number().int().nullable(),
  limited: healthLimit.nullable(),
});
export type HealthSample = z.infer<typeof healthSample>;

/** A live's health over time, oldest sample first. */
export const liveHealth = z.object({
  room_id: z.number().int(),
  started_at: isoTime.nullable().describe('the live the samples belong to (null: the room is not live)'),
  list: z.array(healthSample),
});
export type LiveHealth = z.infer<typeof liveHealth>;

/** A whole, non-negative figure up to `max`, each refusal its own message (the English table keys whole messages). */
const rate = (max: number, notWhole: string, negative: string, tooLarge: string) => z.number().int(notWhole).min(0, negative).max(max, tooLarge);

export const liveHealthRoutes = {
  liveHealthReport: defineRoute({
    method: 'POST',
    path: 'live/health/report',
    auth: 'member',
    tag: 'live',
    summary: "The anchor's browser reports its outgoing stream (getStats); kept at most one sample per live every 10 s",
    body: strict({
      room_id: idNumber,
      bitrate: rate(100_000_000, '码率必须是整数', '码率不能为负数', '码率过大'),
      target: rate(100_000_000, '目标码率必须是整数', '目标码率不能为负数', '目标码率过大'),
      fps: z.number().min(0, '帧率不能为负数').max(240, '帧率过大').nullable(),
      width: rate(8192, '宽度必须是整数', '宽度不能为负数', '宽度过大').nullable(),
      height: rate(8192, '高度必须是整数', '高度不能为负数', '高度过大').nullable(),
      loss: z.number().min(0, '丢包率不能为负数').max(1, '丢包率不能超过1').nullable(),
      rtt_ms: rate(60_000, '延迟必须是整数', '延迟不能为负数', '延迟过大').nullable(),
      limited: healthLimit.nullable(),
    }),
    data: z.object({ stored: z.boolean().describe('false: a sample of this live was kept less than 10 s ago') }),
  }),
  liveHealth: defineRoute({
    method: 'GET',
    path: 'live/health',
    auth: 'member',
    tag: 'live',
    summary: "The current live's health samples of the caller's own room (the last 30 minutes); an OBS anchor sees what the server measures",
    query: strict({ room_id: id }),
    data: liveHealth,
  }),
};
