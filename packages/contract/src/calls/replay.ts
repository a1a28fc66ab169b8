import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { id, strict, userBrief } from './common.js';

/** One replay in a list: a live's recording, kept after it ended. */
export const replayCard = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  title: z.string(),
  cover: z.string().describe("the room's cover at the time of the live"),
  duration: z.number().describe('seconds'),
  started_at: isoTime,
  ended_at: isoTime.nullable(),
  anchor: userBrief,
  private: z.boolean().describe('made private by the anchor: only they see it'),
  locked: z.boolean().describe('the room had a password: only the anchor sees it'),
  hidden: z.boolean().describe('hidden by an operator'),
});
export type ReplayCard = z.infer<typeof replayCard>;

/** A moment of the live on the replay's timeline: a chat line or a gift, at `t` seconds into the replay. */
export const replayMoment = z.object({
  t: z.number().describe('seconds from the replay start'),
  kind: z.enum(['chat', 'gift']),
  user_id: z.number().int(),
  nickname: z.string(),
  text: z.string().describe('chat: the message; gift: the gift name'),
  count: z.number().int().describe('gift: how many; chat: 1'),
});
export type ReplayMoment = z.infer<typeof replayMoment>;

export const replayInfo = replayCard.extend({
  play_url: z.string().describe('VOD HLS playlist (send the Authorization header: it checks who may watch); its segments are in storage'),
  moments: z.array(replayMoment).describe("the live's chat and gifts, in order"),
  is_owner: z.boolean(),
  allow_clips: z.boolean().describe("the room's allow_clips setting now: while false, clip/create of this replay answers 11400 (decision 0258)"),
});
export type ReplayInfo = z.infer<typeof replayInfo>;

const replayRef = strict({ id });

/** Seconds of a replay one danmaku call covers; the player asks for the next window as it plays. */
export const REPLAY_DANMAKU_WINDOW_S = 30;
/** Lines one window carries at most: a storm is thinned evenly (gifts kept), as a live's density setting would. */
export const REPLAY_DANMAKU_MAX = 500;

/** A line of the live flying again over its replay, at `t` seconds into it. */
export const replayDanmakuLine = z.object({
  id: z.number().int(),
  t: z.number().describe('seconds from the replay start'),
  kind: z.enum(['chat', 'gift']),
  user_id: z.number().int(),
  nickname: z.string(),
  text: z.string().describe('chat: the message; gift: the gift name'),
  count: z.number().int().describe('gift: how many; chat: 1'),
  danmaku: z.boolean().describe('chat sent as a 弹 bullet'),
});
export type ReplayDanmakuLine = z.infer<typeof replayDanmakuLine>;

export const replayRoutes = {
  replayList: defineRoute({
    method: 'GET',
    path: 'replay/list/fetch',
    auth: 'public',
    tag: 'video',
    summary: "Replays of ended lives, newest first; of one anchor with anchor_id (their own private and password rooms' replays too when they ask)",
    query: pageQuery.extend({ anchor_id: id.optional() }).strict(),
    data: pageOf(replayCard),
  }),
  replayInfo: defineRoute({
    method: 'GET',
    path: 'replay/list/info',
    auth: 'public',
    tag: 'video',
    summary: "One replay with its play URL and the live's chat and gift moments; a private, password room's, hidden or deleted one is not found",
    query: replayRef,
    data: replayInfo,
  }),
  replayDanmaku: defineRoute({
    method: 'GET',
    path: 'replay/danmaku/fetch',
    auth: 'public',
    tag: 'video',
    summary: `The live's chat and gifts of a replay's window [from, from + ${REPLAY_DANMAKU_WINDOW_S} s), in the order they were sent, to fly as danmaku at their moments; visible as replay/list/info says`,
    query: strict({
      id,
      from: z.coerce
        .number()
        .int()
        .min(0)
        .max(7 * 86_400)
        .describe('seconds into the replay where the window starts'),
    }),
    data: z.object({
      from: z.number().int(),
      to: z.number().int().describe('the window end (exclusive): the next call starts there'),
      thinned: z.boolean().describe(`more than ${REPLAY_DANMAKU_MAX} lines were said in the window: these are spread evenly over it`),
      lines: z.array(replayDanmakuLine),
    }),
  }),
  replayDelete: defineRoute({
    method: 'POST',
    path: 'replay/delete',
    auth: 'member',
    tag: 'video',
    summary: 'The anchor deletes one of their replays, its files with it',
    body: replayRef,
    data: z.object({ id: z.number().int(), deleted: z.boolean() }),
  }),
  replayVisibility: defineRoute({
    method: 'POST',
    path: 'replay/visibility',
    auth: 'member',
    tag: 'video',
    summary: 'The anchor makes one of their replays private (only they see it) or public again',
    body: strict({ id, private: z.boolean() }),
    data: replayCard,
  }),
  adminReplays: defineRoute({
    method: 'GET',
    path: '/api/admin/replays',
    auth: 'operator',
    tag: 'admin',
    summary: "Every ready replay, newest first, hidden, private and password rooms' ones included",
    query: pageQuery,
    data: pageOf(replayCard),
  }),
  adminReplayHide: defineRoute({
    method: 'POST',
    path: '/api/admin/replay/hide',
    auth: 'operator',
    tag: 'admin',
    summary: 'Hide (or show again) a replay: hidden, it leaves every list and only its anchor sees it',
    body: strict({ id, hidden: z.boolean().default(true) }),
    data: replayCard,
  }),
};
