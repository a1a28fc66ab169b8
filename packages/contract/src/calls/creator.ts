import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { defineRoute } from '../route.js';
import { id, strict, userBrief } from './common.js';

/** One China-time day of an anchor's gift income, from the ledger. */
export const earningsDay = z.object({
  date: z.string().describe('YYYY-MM-DD, China time'),
  coins: z.number().int().describe('coins (money units) viewers spent on gifts to the anchor'),
  earnings: z.number().int().describe("the anchor's share of them (money units), after the platform's fee"),
});
export type EarningsDay = z.infer<typeof earningsDay>;

/** A period's income and the one before it (the trend). */
export const earningsPeriod = z.object({
  days: z.number().int(),
  coins: z.number().int(),
  earnings: z.number().int(),
  previous_earnings: z.number().int().describe('the same length of days just before'),
});
export type EarningsPeriod = z.infer<typeof earningsPeriod>;

/** One live in the anchor's list. */
export const liveCard = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  title: z.string(),
  started_at: isoTime,
  ended_at: isoTime.nullable().describe('null: on air now'),
  duration_s: z.number().int(),
  peak_viewers: z.number().int(),
  coins: z.number().int().describe('coins spent on gifts to the anchor during the live'),
});
export type LiveCard = z.infer<typeof liveCard>;

const point = z.object({ at: isoTime });

/** Everything the dashboard shows of one live, computed from the ledger and the viewer samples. */
export const liveStats = z.object({
  live: liveCard,
  viewers: z.object({
    peak: z.number().int(),
    average: z.number().int().describe('time-weighted mean of the samples'),
    watch_s: z.number().int().describe('viewer-seconds: each sample counts its viewers for the span it stands for'),
    list: z.array(point.extend({ viewers: z.number().int() })).describe('the samples, oldest first (spread evenly when there are many)'),
  }),
  gifts: z.object({
    coins: z.number().int(),
    earnings: z.number().int(),
    count: z.number().int().describe('gift sends'),
    senders: z.number().int(),
    list: z.array(point.extend({ coins: z.number().int(), count: z.number().int() })).describe('per bucket of bucket_s, from the start'),
    bucket_s: z.number().int(),
  }),
  top_gifters: z.array(z.object({ user: userBrief, coins: z.number().int(), count: z.number().int() })),
  new_followers: z.number().int(),
  new_fans: z.number().int().describe('fan club members who joined during the live'),
  pk: z.array(
    z.object({
      id: z.number().int(),
      opponent: userBrief,
      score: z.number().int(),
      opponent_score: z.number().int(),
      result: z.enum(['win', 'lose', 'draw']),
      ended_at: isoTime,
    }),
  ),
  health: z.object({
    samples: z.number().int(),
    bitrate_avg: z.number().int().nullable().describe('bit/s'),
    fps_avg: z.number().nullable(),
    loss_max: z.number().nullable(),
    list: z.array(point.extend({ bitrate: z.number().int(), fps: z.number().nullable() })).describe('spread evenly when there are many'),
  }),
});
export type LiveStats = z.infer<typeof liveStats>;

export const creatorRoutes = {
  creatorEarnings: defineRoute({
    method: 'GET',
    path: 'creator/earnings',
    auth: 'member',
    tag: 'live',
    summary: "The anchor's gift income of the last 30 China-time days from the ledger, with the week's and the month's totals beside the period before",
    data: z.object({ list: z.array(earningsDay), week: earningsPeriod, month: earningsPeriod }),
  }),
  creatorLives: defineRoute({
    method: 'GET',
    path: 'creator/lives',
    auth: 'member',
    tag: 'live',
    summary: "The anchor's lives, newest first",
    query: pageQuery.strict(),
    data: pageOf(liveCard),
  }),
  creatorLive: defineRoute({
    method: 'GET',
    path: 'creator/live',
    auth: 'member',
    tag: 'live',
    summary: "One of the anchor's own lives: viewers over time, gifts and coins, followers and fan club joins, top gifters, PK results and stream health",
    query: strict({ id }),
    data: liveStats,
  }),
};
