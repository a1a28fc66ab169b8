/**
 * Clips (剪辑, issue 35): a viewer cuts up to the last CLIP_MAX_S seconds of a live from the HLS
 * segments its egress already wrote, or a stretch of a replay; the clip is remuxed (no transcode
 * where the codecs allow) into a short video in the video feed, crediting the anchor and linking
 * back to the room or the replay. Decisions 0255–0260.
 */
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { name } from '../text.js';
import { id, strict, userBrief } from './common.js';
import { requestId } from './finance.js';

/** Shortest and longest clip, seconds; the length a client offers first. */
export const CLIP_MIN_S = 5;
export const CLIP_MAX_S = 60;
export const CLIP_DEFAULT_S = 30;
/** Longest clip title. */
export const CLIP_TITLE_MAX = 30;

/** What a clip's video carries in the feed: whose live it is from, and where it links back to. */
export const clipSource = z.object({
  id: z.number().int().describe('the clip'),
  anchor: userBrief.describe('the anchor whose live was clipped (credited on the card)'),
  room_id: z.number().int().describe('the room it was cut from'),
  replay_id: z.number().int().nullable().describe('the replay it was cut from, or the live recording it belongs to; null when none is kept'),
  start_s: z.number().describe('where the clip starts in the replay, seconds (for the link back)'),
  live: z.boolean().describe('the room is open now: the card links back to the live, else to the replay'),
});
export type ClipSource = z.infer<typeof clipSource>;

/** A made clip, as its maker sees it. */
export const clip = clipSource.extend({
  video_id: z.number().int().describe('the short video it became (video/list/info)'),
  title: z.string(),
  duration: z.number().describe('seconds, as ffprobe reads the file'),
  poster: z.string().describe('guarded image URL of its first frame (JPEG)'),
  mp4_url: z.string().describe('the clip as one MP4 file (H.264/AAC), to save or share'),
  transcoded: z.boolean().describe('false when the segments were copied as they are (the usual case)'),
});
export type Clip = z.infer<typeof clip>;

const seconds = z
  .number({ error: 'seconds 应为 5–60 的整数' })
  .int('seconds 应为 5–60 的整数')
  .min(CLIP_MIN_S, `剪辑至少${CLIP_MIN_S}秒`)
  .max(CLIP_MAX_S, `剪辑最多${CLIP_MAX_S}秒`);

export const clipRoutes = {
  clipCreate: defineRoute({
    method: 'POST',
    path: 'clip/create',
    auth: 'member',
    tag: 'video',
    summary:
      'Clip a live (the last `seconds` of what its egress wrote) or, with replay_id, a replay from start_s: remuxed to MP4 with a poster and published in the video feed. Refused when the anchor turned clips off, the room is not live or nothing is recorded yet, the room has a password, or the caller made CLIP_MAX_PER_HOUR clips this hour. Idempotent per request_id',
    body: strict({
      request_id: requestId,
      room_id: id.describe('the room (for a replay: its room)'),
      seconds: seconds.default(CLIP_DEFAULT_S).describe(`${CLIP_MIN_S}–${CLIP_MAX_S}, default ${CLIP_DEFAULT_S}`),
      title: name().trim().max(CLIP_TITLE_MAX, `标题最多${CLIP_TITLE_MAX}个字`).optional().describe("default: the live's title"),
      replay_id: id.optional().describe('clip this replay instead of the live'),
      start_s: z
        .number()
        .min(0, 'start_s 不能小于0')
        .max(24 * 3600, 'start_s 超出回放长度')
        .optional()
        .describe('with replay_id: where the clip starts, seconds'),
    }),
    data: clip,
  }),
};
