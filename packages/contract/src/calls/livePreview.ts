/**
 * Live previews (直播预告): an anchor schedules a live with a time and a title; members see the
 * anchor's next previews on the anchor's card and in 关注, tap 提醒我, and get a reminder through the
 * go-live alert path (a notice, and a push where subscribed) PREVIEW_REMIND_BEFORE_MIN before.
 * Decisions 0250–0254.
 */
import { z } from 'zod';
import { isoTime } from '../envelope.js';
import { defineRoute } from '../route.js';
import { id, idNumber, strict, userBrief } from './common.js';
import { liveTitle } from './room.js';

/** The reminder goes out this many minutes before the preview's time. */
export const PREVIEW_REMIND_BEFORE_MIN = 5;
/** A preview's time is at most this many days ahead. */
export const PREVIEW_MAX_AHEAD_DAYS = 30;

/**
 * scheduled (waiting for its time) → done (the anchor went live within PREVIEW_GRACE_MIN of it: it
 * links to the room) | cancelled (by the anchor) | expired (its time and the grace passed without a live).
 */
export const previewStatus = z.enum(['scheduled', 'done', 'cancelled', 'expired']);
export type PreviewStatus = z.infer<typeof previewStatus>;

export const livePreview = z.object({
  id: z.number().int(),
  anchor: userBrief,
  title: z.string(),
  starts_at: isoTime,
  status: previewStatus,
  room_id: z.number().int().nullable().describe('done: the room the anchor opened for it'),
  reminded: z.boolean().describe('the caller asked to be reminded'),
  reminders: z.number().int().nullable().describe('how many asked to be reminded: to the anchor only (null to others)'),
});
export type LivePreview = z.infer<typeof livePreview>;

const startsAt = z.iso.datetime({ offset: true, error: '请选择开播时间' }).describe('ISO-8601 time, at least PREVIEW_MIN_LEAD_MIN and at most 30 days ahead');
const previewRef = idNumber.describe('the preview');

export const livePreviewRoutes = {
  previewCreate: defineRoute({
    method: 'POST',
    path: 'live/preview/create',
    auth: 'member',
    tag: 'live',
    summary: 'Schedule a live (approved anchors): at most PREVIEW_PER_ANCHOR_OPEN scheduled at once',
    body: strict({ title: liveTitle, starts_at: startsAt }),
    data: livePreview,
  }),
  previewEdit: defineRoute({
    method: 'POST',
    path: 'live/preview/edit',
    auth: 'member',
    tag: 'live',
    summary: "Change a scheduled preview's title or time (its owner); a new time reminds again",
    body: strict({ preview_id: previewRef, title: liveTitle.optional(), starts_at: startsAt.optional() }),
    data: livePreview,
  }),
  previewCancel: defineRoute({
    method: 'POST',
    path: 'live/preview/cancel',
    auth: 'member',
    tag: 'live',
    summary: 'Cancel a scheduled preview (its owner): nobody is reminded of it',
    body: strict({ preview_id: previewRef }),
    data: livePreview,
  }),
  previewRemind: defineRoute({
    method: 'POST',
    path: 'live/preview/remind',
    auth: 'member',
    tag: 'live',
    summary: "Turn the caller's reminder of a scheduled preview on (Remind me) or off",
    body: strict({ preview_id: previewRef, on: z.boolean() }),
    data: livePreview,
  }),
  previewOfAnchor: defineRoute({
    method: 'GET',
    path: 'live/preview/anchor',
    auth: 'public',
    tag: 'live',
    summary: "An anchor's scheduled previews and those it went live for, soonest first (its card; the anchor's own screen)",
    query: strict({ anchor_id: id }),
    data: z.object({ list: z.array(livePreview) }),
  }),
  previewFollowing: defineRoute({
    method: 'GET',
    path: 'live/preview/following',
    auth: 'member',
    tag: 'live',
    summary: 'The previews of the anchors the caller follows, soonest first (the strip atop the Following tab)',
    data: z.object({ list: z.array(livePreview) }),
  }),
  devClockAdvance: defineRoute({
    method: 'POST',
    path: '/api/dev/clock',
    auth: 'public',
    tag: 'dev',
    summary: "Outside production: move the server's clock on (scheduled work such as preview reminders falls due; for tests)",
    devOnly: true,
    body: strict({
      advance_ms: z
        .number()
        .int()
        .min(0)
        .max(31 * 24 * 3600_000),
    }),
    data: z.object({ now: isoTime }),
  }),
};
