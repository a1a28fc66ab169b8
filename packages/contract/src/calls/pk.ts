/**
 * PK battles (连麦PK, issue 20): an anchor invites another live anchor (or is matched at random),
 * both rooms see both anchors side by side, and the gifts sent in each room during the battle are its
 * score. Room events: `pk` (roomSocket.ts). Decision record 0168.
 */
import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { defineRoute } from '../route.js';
import { id, idNumber, strict, userBrief } from './common.js';
import { money } from './finance.js';
import { mediaCredentials } from './room.js';

/** The invited anchor answers within this long, or the invitation expires. */
export const PK_INVITE_SECONDS = 10;
/** The last seconds of a battle are counted down in both rooms. */
export const PK_COUNTDOWN_SECONDS = 10;
/** A battle's length when the anchor picks none (5 minutes). */
export const PK_DEFAULT_SECONDS = 300;
/** The lengths an anchor picks from (the server takes any length in [PK_MIN_SECONDS, PK_MAX_SECONDS]). */
export const PK_DURATIONS = [180, 300, 600] as const;
export const PK_MIN_SECONDS = 5;
/** An anchor waits this long for a random match before the wait lapses. */
export const PK_MATCH_WAIT_SECONDS = 60;
export const PK_MAX_SECONDS = 1800;

/**
 * inviting → battle → punish → ended, or inviting → declined | expired | cancelled. An early end
 * (either anchor) or a stream down for too long ends the battle at once (`ended`).
 */
export const pkStatus = z.enum(['inviting', 'declined', 'expired', 'cancelled', 'battle', 'punish', 'ended']);
export type PkStatus = z.infer<typeof pkStatus>;

export const pkContributor = z.object({ user: userBrief, amount: money.describe('gift value sent in this room during the battle') });
export type PkContributor = z.infer<typeof pkContributor>;

/** One side of a battle: a room, its anchor, its score and top three contributors. */
export const pkSide = z.object({
  room_id: z.number().int(),
  anchor: userBrief,
  score: money.describe('gift value sent in this room during the battle (from the gift records, i.e. the ledger)'),
  top: z.array(pkContributor).describe('the three highest senders in this room during the battle'),
});
export type PkSide = z.infer<typeof pkSide>;

export const pkBattle = z.object({
  id: z.number().int(),
  status: pkStatus,
  mode: z.enum(['invite', 'random']),
  a: pkSide.describe('the inviter (or the first anchor waiting for a random match)'),
  b: pkSide.describe('the invited anchor'),
  duration_s: z.number().int(),
  punish_s: z.number().int().describe('punishment period after the result, the streams still linked'),
  invited_at: isoTime,
  answer_by: isoTime.describe('the invitation expires at this time'),
  started_at: isoTime.nullable(),
  ends_at: isoTime.nullable().describe('when the battle ends (the last PK_COUNTDOWN_SECONDS are counted down)'),
  punish_ends_at: isoTime.nullable(),
  ended_at: isoTime.nullable(),
  winner: z.enum(['a', 'b', 'draw']).nullable().describe('set when the battle part ends'),
  end_reason: z.enum(['time', 'forfeit', 'stream_lost', 'room_closed']).nullable(),
  ended_by: z.number().int().nullable().describe('the anchor who ended early (their loss), or whose stream was lost'),
  now: isoTime.describe("the server's time when this view was made (clients count down from it)"),
});
export type PkBattle = z.infer<typeof pkBattle>;

/** A live anchor one may invite. */
export const pkCandidate = z.object({
  anchor: userBrief,
  room_id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  busy: z.boolean().describe('in a battle or an invitation now'),
});
export type PkCandidate = z.infer<typeof pkCandidate>;

/** One past battle as an anchor's page lists it. */
export const pkHistoryEntry = z.object({
  id: z.number().int(),
  opponent: userBrief,
  my_score: money,
  their_score: money,
  result: z.enum(['win', 'lose', 'draw']),
  end_reason: z.enum(['time', 'forfeit', 'stream_lost', 'room_closed']),
  started_at: isoTime,
  ended_at: isoTime,
});
export type PkHistoryEntry = z.infer<typeof pkHistoryEntry>;

export const pkRankEntry = z.object({ rank: z.number().int(), user: userBrief, wins: z.number().int() });
export type PkRankEntry = z.infer<typeof pkRankEntry>;

const duration = z
  .number()
  .int('PK时长必须是整数秒')
  .min(PK_MIN_SECONDS, `PK时长为${PK_MIN_SECONDS}–${PK_MAX_SECONDS}秒`)
  .max(PK_MAX_SECONDS, `PK时长为${PK_MIN_SECONDS}–${PK_MAX_SECONDS}秒`)
  .default(PK_DEFAULT_SECONDS)
  .describe('battle length in seconds (default 300)');
const battleRef = strict({ battle_id: idNumber });
const battleData = z.object({ battle: pkBattle });

export const pkRoutes = {
  pkAnchors: defineRoute({
    method: 'GET',
    path: 'pk/anchors',
    auth: 'member',
    tag: 'pk',
    summary: 'Live anchors the caller (an anchor who is live) may invite to a PK battle, the caller left out',
    query: pageQuery,
    data: pageOf(pkCandidate),
  }),
  pkInvite: defineRoute({
    method: 'POST',
    path: 'pk/invite',
    auth: 'member',
    tag: 'pk',
    summary: 'Invite the anchor of a live room to a PK battle; they answer within PK_INVITE_SECONDS (both anchors hear `pk` in their rooms)',
    body: strict({ room_id: idNumber.describe("the invited anchor's room"), duration_s: duration }),
    data: battleData,
  }),
  pkAnswer: defineRoute({
    method: 'POST',
    path: 'pk/answer',
    auth: 'member',
    tag: 'pk',
    summary: 'The invited anchor accepts (the battle starts in both rooms) or declines; after the time is up: PK_INVITE_EXPIRED',
    body: strict({ battle_id: idNumber, accept: z.boolean() }),
    data: battleData,
  }),
  pkCancel: defineRoute({
    method: 'POST',
    path: 'pk/cancel',
    auth: 'member',
    tag: 'pk',
    summary: 'The inviter withdraws an invitation not answered yet',
    body: battleRef,
    data: battleData,
  }),
  pkEnd: defineRoute({
    method: 'POST',
    path: 'pk/end',
    auth: 'member',
    tag: 'pk',
    summary: 'Either anchor ends the battle early (a loss for them) or ends the punishment period (the link ends)',
    body: battleRef,
    data: battleData,
  }),
  pkMatch: defineRoute({
    method: 'POST',
    path: 'pk/match',
    auth: 'member',
    tag: 'pk',
    summary: 'Random match: paired with an anchor already waiting (the battle starts at once), else waiting until one comes or pk/match/cancel',
    body: strict({ duration_s: duration }),
    data: z.object({ battle: pkBattle.nullable(), waiting: z.boolean() }),
  }),
  pkMatchCancel: defineRoute({
    method: 'POST',
    path: 'pk/match/cancel',
    auth: 'member',
    tag: 'pk',
    summary: 'Stop waiting for a random match',
    data: z.object({ waiting: z.boolean() }),
  }),
  pkRoom: defineRoute({
    method: 'GET',
    path: 'pk/room',
    auth: 'public',
    tag: 'pk',
    summary: "A room's battle now (battle or punishment; for its anchor also an invitation), or null: what a (re)joining client starts from",
    query: strict({ room_id: id }),
    data: z.object({ battle: pkBattle.nullable() }),
  }),
  pkMedia: defineRoute({
    method: 'POST',
    path: 'pk/media',
    auth: 'session',
    tag: 'pk',
    summary: "WHEP credentials for the other room's anchor seat while the caller's room is linked in a battle (the caller joined this room's channel)",
    body: strict({ room_id: idNumber.describe('the room the caller is in') }),
    data: mediaCredentials,
  }),
  pkHistory: defineRoute({
    method: 'GET',
    path: 'pk/history',
    auth: 'public',
    tag: 'pk',
    summary: "An anchor's finished battles, newest first",
    query: pageQuery.extend({ anchor_id: id }),
    data: pageOf(pkHistoryEntry).extend({ wins: z.number().int(), losses: z.number().int(), draws: z.number().int() }),
  }),
  pkRank: defineRoute({
    method: 'GET',
    path: 'pk/rank',
    auth: 'public',
    tag: 'pk',
    summary: "This week's PK wins (China time, from Monday): top N and the caller's place",
    query: z.object({ size: z.coerce.number().int().min(1).max(100).default(20) }),
    data: z.object({
      start: isoTime,
      list: z.array(pkRankEntry),
      me: z.object({ rank: z.number().int().nullable(), wins: z.number().int(), user: userBrief }).nullable(),
    }),
  }),
};
