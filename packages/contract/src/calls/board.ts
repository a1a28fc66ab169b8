import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { defineRoute } from '../route.js';
import { id, strict, userBrief } from './common.js';
import { money } from './finance.js';
import { fanBadge } from './live.js';
import { roomAuthLevel, roomBrief } from './room.js';

/** live: gifts sent in the room since this live started; week: since Monday 00:00 China time. */
export const boardPeriod = z.enum(['live', 'week']);
export type BoardPeriod = z.infer<typeof boardPeriod>;

/** One line of a room's contribution board. */
export const boardEntry = z.object({
  rank: z.number().int(),
  user: userBrief,
  amount: money.describe('coins given in the room in the period (sum of its ledger gift transfers)'),
  fan: fanBadge.nullable().describe("the user's badge in the anchor's fan club"),
});
export type BoardEntry = z.infer<typeof boardEntry>;

export const roomBoard = z.object({
  room_id: z.number().int(),
  period: boardPeriod,
  start: isoTime.nullable().describe('start of the period (null: the room is not live)'),
  list: z.array(boardEntry).describe('most given first; equal amounts: who reached it first'),
  me: z
    .object({ rank: z.number().int().nullable(), amount: money })
    .nullable()
    .describe("the caller's place (rank null: nothing given in the period); null for an anonymous caller"),
});
export type RoomBoard = z.infer<typeof roomBoard>;

/** Someone in the room now, as the viewer list shows them. */
export const roomViewer = z.object({
  user: userBrief,
  auth: roomAuthLevel.describe('1 owner, 2 admin, 3 co-host, 4 viewer'),
  fan: fanBadge.nullable(),
  amount: money.describe('coins given in the room during this live'),
});
export type RoomViewer = z.infer<typeof roomViewer>;

/** A room's preview for lists: its live HLS playlist when it has one. */
export const roomPreview = z.object({
  room_id: z.number().int(),
  live: z.boolean().describe('the anchor publishes now'),
  hls_url: z
    .string()
    .nullable()
    .describe("a public room's live HLS playlist (no token needed); null without an HLS egress, and always for a password room (no picture outside it)"),
});
export type RoomPreview = z.infer<typeof roomPreview>;

const roomRef = strict({ room_id: id });

/** Contribution boards, the viewer list, followed live anchors and previews (decision 0170). */
export const boardRoutes = {
  roomBoard: defineRoute({
    method: 'GET',
    path: 'room/board',
    auth: 'public',
    tag: 'room',
    summary: "A room's contribution board for this live or this week, from the ledger's gift transfers in the room",
    query: strict({ room_id: id, period: boardPeriod.default('live'), size: z.coerce.number().int().min(1).max(50).default(20) }),
    data: roomBoard,
  }),
  roomViewers: defineRoute({
    method: 'GET',
    path: 'room/viewers',
    auth: 'public',
    tag: 'room',
    summary:
      'People in the room now (the top givers of this live who are present, then the latest arrivals), with level, VIP tier and fan badge. A password room answers ROOM_PASSWORD_REQUIRED unless the caller is its anchor, an admin or in it now',
    query: roomRef,
    data: z.object({ room_id: z.number().int(), online: z.number().int(), list: z.array(roomViewer) }),
  }),
  followingLive: defineRoute({
    method: 'GET',
    path: 'home/anchor/following',
    auth: 'member',
    tag: 'room',
    summary: 'Open rooms of anchors the caller follows (live first, newest first)',
    query: pageQuery.strict(),
    data: pageOf(roomBrief),
  }),
  roomPreview: defineRoute({
    method: 'GET',
    path: 'room/preview',
    auth: 'public',
    tag: 'room',
    summary: 'What a list plays muted of an open room: its live HLS playlist, if it has an egress',
    query: roomRef,
    data: roomPreview,
  }),
};
